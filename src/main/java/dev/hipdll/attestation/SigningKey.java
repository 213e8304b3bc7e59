package dev.hipdll.attestation;

import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.PublicKey;

/**
 * A private key that signs attestations, with its public key, algorithm and key id. Made by
 * {@link SigningKeyFile#load}. Its {@link #toString()} names the key (algorithm, key id, source), never
 * its secret: the JDK's own key objects may print their parameters.
 */
public final class SigningKey {
    private final PrivateKey privateKey;
    private final PublicKey publicKey;
    private final KeyAlgorithm algorithm;
    private final String keyId;
    private final String signer;
    private final String source;

    /**
     * @param privateKey the key that signs
     * @param publicKey  its public key (checked to match by {@link SigningKeyFile})
     * @param algorithm  the algorithm, from the public key
     * @param signer     who signs, for the log: a certificate's subject, or {@code key <key id>}
     * @param source     where the key came from, for the log ({@code settings.xml server hipdll-signing}, ...)
     */
    SigningKey(PrivateKey privateKey, PublicKey publicKey, KeyAlgorithm algorithm, String signer, String source) {
        this.privateKey = privateKey;
        this.publicKey = publicKey;
        this.algorithm = algorithm;
        this.keyId = KeyId.of(publicKey);
        this.signer = signer;
        this.source = source;
    }

    /** The public key. */
    public PublicKey publicKey() {
        return publicKey;
    }

    /** The algorithm. */
    public KeyAlgorithm algorithm() {
        return algorithm;
    }

    /** The key id ({@link KeyId}). */
    public String keyId() {
        return keyId;
    }

    /** Who signs: a certificate's subject or {@code key <short key id>}. */
    public String signer() {
        return signer;
    }

    /** Where the key came from. */
    public String source() {
        return source;
    }

    /**
     * Signs an envelope's PAE ({@link DsseEnvelope#pae()}) and returns the envelope with the signature and this
     * key's id added.
     *
     * @throws AttestationException when the JDK refuses to sign (naming the key, never its bytes)
     */
    public DsseEnvelope sign(DsseEnvelope envelope) throws AttestationException {
        try {
            return envelope.withSignature(new DsseSignature(keyId, algorithm.sign(privateKey, envelope.pae())));
        } catch (GeneralSecurityException e) {
            throw new AttestationException("cannot sign with " + this + ": " + e.getClass().getSimpleName());
        }
    }

    /** {@code <algorithm> key <short key id> (<signer>) from <source>}; no secret. */
    @Override
    public String toString() {
        return algorithm.label() + " key " + KeyId.shortForm(keyId)
                + (signer.startsWith("key ") ? "" : " (" + signer + ")") + " from " + source;
    }
}
