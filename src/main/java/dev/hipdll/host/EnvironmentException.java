package dev.hipdll.host;

/**
 * The environment cannot be used for the build as it is, e.g. a variable the build reads has a
 * value with leading or trailing whitespace. The message names the variable and what to do.
 */
public final class EnvironmentException extends Exception {
    private static final long serialVersionUID = 1L;

    /** @param message what is wrong, naming the variable */
    public EnvironmentException(String message) {
        super(message);
    }
}
