package dev.hipdll.attestation;

import java.security.InvalidKeyException;
import java.security.PublicKey;

/**
 * A public key whose signatures verify accepts, from {@code hip.attestation.trustedKeys}.
 *
 * @param publicKey the key
 * @param algorithm its algorithm
 * @param keyId     its key id ({@link KeyId})
 * @param signer    who it stands for: a certificate's subject ({@code CN=hipdll CI,O=example}), or
 *                  {@code key <short key id>} for a bare public key
 * @param source    the file it was read from
 */
public record TrustedKey(PublicKey publicKey, KeyAlgorithm algorithm, String keyId, String signer, String source) {
    /** Whether {@code signature} over {@code message} is this key's. */
    public boolean verifies(byte[] message, byte[] signature) {
        try {
            return algorithm.verify(publicKey, message, signature);
        } catch (InvalidKeyException e) {
            return false;
        }
    }

    /** How a report names the signer: {@code CN=hipdll CI (key 3f2a..., ci.pem)} or {@code key 3f2a... (ci.pem)}. */
    public String describe() {
        return signer.startsWith("key ") ? signer + " (" + source + ")"
                : signer + " (key " + KeyId.shortForm(keyId) + ", " + source + ")";
    }
}
