package dev.hipdll.attestation;

import dev.hipdll.digest.Sha256;
import java.security.PublicKey;

/**
 * The key id written into an envelope's signature ({@code keyid}) and shown for a signer: the SHA-256, in
 * lower-case hex, of the public key's DER {@code SubjectPublicKeyInfo} (RFC 5280 section 4.1.2.7). The same
 * value comes out of {@code openssl pkey -in key.pem -pubout -outform DER | sha256sum} (or {@code -pubin} for
 * a public key), so a key file can be matched to an envelope by hand. A hint only: verify tries every trusted
 * key whatever the envelope says.
 */
public final class KeyId {
    private KeyId() {
    }

    /** The key id of {@code key}: 64 lower-case hex digits. */
    public static String of(PublicKey key) {
        return Sha256.of(key.getEncoded());
    }

    /** The first 16 hex digits of a key id, for log lines. */
    public static String shortForm(String keyId) {
        return keyId.length() > 16 ? keyId.substring(0, 16) : keyId;
    }
}
