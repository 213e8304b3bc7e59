package dev.hipdll.signing;

/** The DLL could not be signed: the message names the keystore, the alias and why, never a password. */
public final class SigningException extends Exception {
    private static final long serialVersionUID = 1L;

    /** @param message what failed and why */
    public SigningException(String message) {
        super(message);
    }
}
