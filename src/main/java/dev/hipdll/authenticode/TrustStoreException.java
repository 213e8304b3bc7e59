package dev.hipdll.authenticode;

/** A trust store ({@code hip.trustStore}) that cannot be read; the message names the file and what is wrong. */
public final class TrustStoreException extends Exception {
    private static final long serialVersionUID = 1L;

    /** @param message what is wrong, naming the file; @param cause the reader's exception, or {@code null} */
    public TrustStoreException(String message, Throwable cause) {
        super(message, cause);
    }
}
