package dev.hipdll.cli;

/** The command line cannot be used as given: the message names the argument or parameter and what was expected. */
public final class UsageException extends Exception {
    /** @param message what is wrong and what is expected */
    public UsageException(String message) {
        super(message);
    }
}
