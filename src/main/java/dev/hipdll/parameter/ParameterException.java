package dev.hipdll.parameter;

/** A goal parameter has a value the goal cannot use; the message names the property and what was expected. */
public final class ParameterException extends Exception {
    /** @param message names each offending property, its value and the allowed range */
    public ParameterException(String message) {
        super(message);
    }
}
