package dev.hipdll.compile;

/** hipcc did not produce the DLL; the message says why (launch failure, timeout, first error) and where the full log is. */
public final class BuildFailedException extends Exception {
    private static final long serialVersionUID = 1L;

    /** @param message the short explanation shown in the Maven error */
    public BuildFailedException(String message) {
        super(message);
    }
}
