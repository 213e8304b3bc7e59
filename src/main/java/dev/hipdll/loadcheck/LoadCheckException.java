package dev.hipdll.loadcheck;

/**
 * The load check could not run (not: the DLL failed it): the loader program did not compile, the
 * launcher is missing, the Wine prefix cannot be created, the program timed out or wrote output
 * that is not the loader protocol. The message says what, where, and what to do.
 */
public final class LoadCheckException extends Exception {
    private static final long serialVersionUID = 1L;

    /** @param message what went wrong and how to fix it */
    public LoadCheckException(String message) {
        super(message);
    }
}
