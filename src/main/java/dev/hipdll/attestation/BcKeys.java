package dev.hipdll.attestation;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.ArrayList;
import java.util.List;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.edec.EdECObjectIdentifiers;
import org.bouncycastle.asn1.pkcs.PKCSObjectIdentifiers;
import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.asn1.x509.SubjectPublicKeyInfo;
import org.bouncycastle.asn1.x9.X9ObjectIdentifiers;
import org.bouncycastle.openssl.PEMParser;

/**
 * The signing key's PEM objects (RFC 7468, parsed by BouncyCastle's {@code PEMParser}: PKCS#8, SEC 1, PKCS#1,
 * encrypted forms) and the conversion of DER keys to the JDK's key objects by their algorithm identifier
 * (id-ecPublicKey, rsaEncryption, id-Ed25519); the JDK, not BouncyCastle, does the cryptography. Used by
 * {@link SigningKeyFile} only (the build, with a key configured).
 */
final class BcKeys {
    private BcKeys() {
    }

    /**
     * The PEM objects of a file, in order ({@code PEMParser}'s types: {@code SubjectPublicKeyInfo},
     * {@code X509CertificateHolder}, {@code PEMKeyPair}, {@code PrivateKeyInfo}, ...).
     *
     * @param secret whether the file holds a private key (then no parser message, which may quote it, is repeated)
     * @throws AttestationException when a PEM block does not parse, naming the file and the block's number
     */
    static List<Object> pemObjects(byte[] bytes, Path file, String role, boolean secret) throws AttestationException {
        List<Object> objects = new ArrayList<>();
        try (PEMParser parser = new PEMParser(new StringReader(new String(bytes, StandardCharsets.US_ASCII)))) {
            for (Object o = parser.readObject(); o != null; o = parser.readObject()) {
                objects.add(o);
            }
        } catch (IOException | RuntimeException e) {
            // a signing key's parse error may quote the block: only its kind is said then
            throw new AttestationException(role + " " + file + ": PEM block " + (objects.size() + 1)
                    + " does not parse (" + (secret ? e.getClass().getSimpleName() : e.getMessage()) + ")");
        }
        return objects;
    }

    /** The JDK key factory for a key's algorithm identifier. */
    private static KeyFactory factory(ASN1ObjectIdentifier algorithm, Path file, String role) throws AttestationException {
        String name;
        if (algorithm.equals(X9ObjectIdentifiers.id_ecPublicKey)) {
            name = "EC";
        } else if (algorithm.equals(PKCSObjectIdentifiers.rsaEncryption)) {
            name = "RSA";
        } else if (algorithm.equals(EdECObjectIdentifiers.id_Ed25519)) {
            name = "Ed25519";
        } else {
            throw new AttestationException(role + " " + file + ": a key of algorithm " + algorithm.getId() + "; expected "
                    + KeyAlgorithm.supported());
        }
        try {
            return KeyFactory.getInstance(name);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JDK has no " + name + " key factory", e);
        }
    }

    /** A public key as the JDK's. @throws AttestationException when the JDK refuses it */
    static PublicKey publicKey(SubjectPublicKeyInfo info, Path file, String role) throws AttestationException {
        try {
            return factory(info.getAlgorithm().getAlgorithm(), file, role)
                    .generatePublic(new X509EncodedKeySpec(info.getEncoded()));
        } catch (IOException | GeneralSecurityException e) {
            throw new AttestationException(role + " " + file + ": the public key does not decode (" + e.getMessage() + ")");
        }
    }

    /** A private key as the JDK's. @throws AttestationException when the JDK refuses it (the message has no key bytes) */
    static PrivateKey privateKey(PrivateKeyInfo info, Path file, String role) throws AttestationException {
        try {
            return factory(info.getPrivateKeyAlgorithm().getAlgorithm(), file, role)
                    .generatePrivate(new PKCS8EncodedKeySpec(info.getEncoded()));
        } catch (IOException | GeneralSecurityException e) {
            throw new AttestationException(role + " " + file + ": the private key does not decode ("
                    + e.getClass().getSimpleName() + ")");
        }
    }
}
