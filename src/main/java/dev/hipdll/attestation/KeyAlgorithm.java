package dev.hipdll.attestation;

import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.InvalidKeyException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.security.interfaces.ECPublicKey;
import java.security.interfaces.EdECPublicKey;
import java.security.interfaces.RSAPublicKey;

/**
 * The signature algorithms of attestations, each taken from the key (DSSE leaves the algorithm to the signer
 * and verifier: "Details are agreed upon out-of-band"). All are the JDK's own (SunEC, SunRsaSign):
 * <ul>
 *   <li>{@link #ECDSA_P256_SHA256}: ECDSA over NIST P-256 (secp256r1) with SHA-256; signatures written
 *       ASN.1 DER (as cosign and sigstore write them), read DER or as the raw 64-byte {@code r || s} of the
 *       DSSE specification's test vector (IEEE P1363);</li>
 *   <li>{@link #RSA_PKCS1_SHA256}: RSASSA-PKCS1-v1_5 with SHA-256 (RFC 8017 section 8.2), keys of 2048 bits
 *       or more;</li>
 *   <li>{@link #ED25519}: Ed25519 (RFC 8032).</li>
 * </ul>
 * Other keys (another curve, DSA, RSA under 2048 bits) are refused by {@link #of(PublicKey, String)}.
 */
public enum KeyAlgorithm {
    /** ECDSA P-256, SHA-256. */
    ECDSA_P256_SHA256("ECDSA P-256 SHA-256"),
    /** RSA PKCS#1 v1.5, SHA-256. */
    RSA_PKCS1_SHA256("RSA PKCS#1 v1.5 SHA-256"),
    /** Ed25519. */
    ED25519("Ed25519");

    /** The smallest RSA modulus accepted, in bits. */
    public static final int MIN_RSA_BITS = 2048;
    /** The order of P-256's base point (FIPS 186-4, D.1.2.3), which tells a P-256 key from other curves. */
    private static final BigInteger P256_ORDER = new BigInteger(
            "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551", 16);

    private final String label;

    KeyAlgorithm(String label) {
        this.label = label;
    }

    /** How the log and reports name it: {@code ECDSA P-256 SHA-256}, {@code Ed25519}, ... */
    public String label() {
        return label;
    }

    /**
     * The algorithm of a public key.
     *
     * @param key   the key
     * @param where the file it came from, for the message
     * @throws AttestationException when the key is of no supported kind, naming it and what is supported
     */
    public static KeyAlgorithm of(PublicKey key, String where) throws AttestationException {
        if (key instanceof ECPublicKey ec) {
            if (!ec.getParams().getOrder().equals(P256_ORDER) || ec.getParams().getCurve().getField().getFieldSize() != 256) {
                throw new AttestationException(where + ": an EC key on a curve other than P-256 (" + ec.getParams()
                        .getCurve().getField().getFieldSize() + "-bit field); expected " + supported());
            }
            return ECDSA_P256_SHA256;
        }
        if (key instanceof RSAPublicKey rsa) {
            if (rsa.getModulus().bitLength() < MIN_RSA_BITS) {
                throw new AttestationException(where + ": an RSA key of " + rsa.getModulus().bitLength()
                        + " bits; expected at least " + MIN_RSA_BITS);
            }
            return RSA_PKCS1_SHA256;
        }
        if (key instanceof EdECPublicKey ed && "Ed25519".equalsIgnoreCase(ed.getParams().getName())) {
            return ED25519;
        }
        throw new AttestationException(where + ": a " + key.getAlgorithm() + " key; expected " + supported());
    }

    /** What keys are supported, for messages. */
    public static String supported() {
        return "an ECDSA P-256, RSA (2048 bits or more) or Ed25519 key";
    }

    /**
     * Signs {@code message}.
     *
     * @throws GeneralSecurityException when the JDK refuses the key
     */
    public byte[] sign(PrivateKey key, byte[] message) throws GeneralSecurityException {
        Signature s = Signature.getInstance(jcaName(false));
        s.initSign(key);
        s.update(message);
        return s.sign();
    }

    /**
     * Whether {@code signature} is this algorithm's signature of {@code message} by {@code key}; a malformed
     * signature is not valid (never an exception). ECDSA takes DER or raw {@code r || s}.
     *
     * @throws InvalidKeyException when the key is not of this algorithm
     */
    public boolean verify(PublicKey key, byte[] message, byte[] signature) throws InvalidKeyException {
        if (this == ECDSA_P256_SHA256 && signature.length == 64 && verifyWith(jcaName(true), key, message, signature)) {
            return true;
        }
        return verifyWith(jcaName(false), key, message, signature);
    }

    private static boolean verifyWith(String algorithm, PublicKey key, byte[] message, byte[] signature)
            throws InvalidKeyException {
        try {
            Signature s = Signature.getInstance(algorithm);
            s.initVerify(key);
            s.update(message);
            return s.verify(signature);
        } catch (InvalidKeyException e) {
            throw e;
        } catch (GeneralSecurityException | RuntimeException e) {
            return false; // a malformed signature (bad DER, wrong length) is simply not a valid one
        }
    }

    private String jcaName(boolean p1363) {
        return switch (this) {
            case ECDSA_P256_SHA256 -> p1363 ? "SHA256withECDSAinP1363Format" : "SHA256withECDSA";
            case RSA_PKCS1_SHA256 -> "SHA256withRSA";
            case ED25519 -> "Ed25519";
        };
    }
}
