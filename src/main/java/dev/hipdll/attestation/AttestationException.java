package dev.hipdll.attestation;

/**
 * A key, certificate or attestation that cannot be used: the message names the file (and the line or field
 * where there is one) and what was expected. It never holds a password or a private key's bytes.
 */
public final class AttestationException extends Exception {
    private static final long serialVersionUID = 1L;

    /** @param message what is wrong, naming the file */
    public AttestationException(String message) {
        super(message);
    }
}
