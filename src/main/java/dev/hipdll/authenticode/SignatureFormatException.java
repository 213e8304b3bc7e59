package dev.hipdll.authenticode;

/** A certificate table entry that is not a well-formed Authenticode signature; the message says what and where. */
public final class SignatureFormatException extends Exception {
    private static final long serialVersionUID = 1L;

    /** @param message what is malformed */
    public SignatureFormatException(String message) {
        super(message);
    }

    /** @param message what is malformed; @param cause the parser's exception */
    public SignatureFormatException(String message, Throwable cause) {
        super(message, cause);
    }
}
