package dev.hipdll.gfx;

/** A gfx target ID or a list of them that does not follow the target ID grammar. */
public final class InvalidTargetException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    /** @param message what was wrong, naming the offending text and what was expected */
    public InvalidTargetException(String message) {
        super(message);
    }
}
