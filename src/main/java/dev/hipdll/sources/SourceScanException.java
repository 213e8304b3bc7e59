package dev.hipdll.sources;

/** The source directory cannot be scanned, or holds a file that matches the includes but cannot be compiled. */
public final class SourceScanException extends Exception {
    /** @param message names the path and what is wrong with it; its control characters are escaped for the log */
    public SourceScanException(String message) {
        super(dev.hipdll.io.ControlCharacters.escape(message));
    }
}
