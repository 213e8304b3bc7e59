package dev.hipdll.goal;

/**
 * A goal cannot start for a reason other than one parameter's value: a file it needs does not exist or cannot be
 * read (the contract's loader source, the package), the report directory cannot be written. The message names the
 * file and what was expected, and is shown as it is.
 */
public final class SetupException extends Exception {
    /** @param message names the file or directory and what was expected */
    public SetupException(String message) {
        super(message);
    }

    /** @param message as above; @param cause the I/O failure behind it */
    public SetupException(String message, Throwable cause) {
        super(message, cause);
    }
}
