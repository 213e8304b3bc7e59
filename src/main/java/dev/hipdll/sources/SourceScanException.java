package dev.hipdll.sources;

/** The source directory cannot be scanned, or holds a file that matches the includes but cannot be compiled. */
public final class SourceScanException extends Exception {
    /** @param message names the path and what is wrong with it */
    public SourceScanException(String message) {
        super(message);
    }
}
