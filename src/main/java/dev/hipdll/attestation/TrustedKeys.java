package dev.hipdll.attestation;

import java.io.ByteArrayInputStream;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PublicKey;
import java.security.spec.X509EncodedKeySpec;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the keys verify trusts ({@code hip.attestation.trustedKeys}) with the JDK alone ({@link PemBlocks},
 * {@code KeyFactory}, {@code CertificateFactory}): PEM files (RFC 7468) each with one or more
 * {@code PUBLIC KEY} ({@code SubjectPublicKeyInfo}, as {@code openssl pkey -pubout} writes) or {@code CERTIFICATE}
 * (X.509) blocks; several files or blocks are how a key rotation trusts the old and the new key at once. A
 * certificate is used for its public key and its subject, which names the signer; it is pinned, not validated (no
 * chain, expiry or revocation: an attestation has no trusted time to check expiry against). A private key in a
 * trusted-key file is refused: the file is meant to be shared, the private key never. The same key given twice is
 * kept once.
 */
public final class TrustedKeys {
    private static final String ROLE = "trusted key";

    private TrustedKeys() {
    }

    /**
     * Reads every key of {@code files}.
     *
     * @param files PEM files
     * @return the keys, in file order, each once
     * @throws AttestationException when a file is missing or unreadable, holds no public key or certificate, holds a
     *                              private key, or a key is not {@link KeyAlgorithm#supported() supported}
     */
    public static List<TrustedKey> load(List<Path> files) throws AttestationException {
        Map<String, TrustedKey> keys = new LinkedHashMap<>();
        for (Path file : files) {
            for (TrustedKey k : load(file)) {
                keys.putIfAbsent(k.keyId(), k);
            }
        }
        return List.copyOf(keys.values());
    }

    /** A DER {@code SubjectPublicKeyInfo} as the JDK's key: EC, RSA or Ed25519, whichever decodes it. */
    private static PublicKey publicKey(byte[] der, String where) throws AttestationException {
        for (String algorithm : List.of("EC", "RSA", "Ed25519")) {
            try {
                return KeyFactory.getInstance(algorithm).generatePublic(new X509EncodedKeySpec(der));
            } catch (GeneralSecurityException | RuntimeException e) {
                // not this algorithm: the next one
            }
        }
        throw new AttestationException(where + ": not an EC, RSA or Ed25519 public key; expected "
                + KeyAlgorithm.supported());
    }

    /** The keys of one file. @throws AttestationException as {@link #load(List)} */
    public static List<TrustedKey> load(Path file) throws AttestationException {
        byte[] bytes = KeyFiles.read(file, ROLE);
        if (!KeyFiles.isPem(bytes)) {
            throw new AttestationException(ROLE + " " + file + ": not PEM; expected PUBLIC KEY or CERTIFICATE blocks"
                    + " (openssl pkey -in key.pem -pubout, or the signer's certificate)");
        }
        List<TrustedKey> keys = new ArrayList<>();
        String name = file.getFileName().toString();
        for (PemBlocks.Block block : PemBlocks.read(bytes, file, ROLE)) {
            String where = ROLE + " " + file + " (line " + block.line() + ", " + block.label() + ")";
            if (block.label().equals("PUBLIC KEY")) {
                PublicKey key = publicKey(block.der(), where);
                String id = KeyId.of(key);
                keys.add(new TrustedKey(key, KeyAlgorithm.of(key, where), id, "key " + KeyId.shortForm(id), name));
            } else if (block.label().equals("CERTIFICATE")) {
                X509Certificate c;
                try {
                    c = (X509Certificate) CertificateFactory.getInstance("X.509")
                            .generateCertificate(new ByteArrayInputStream(block.der()));
                } catch (CertificateException | RuntimeException e) {
                    throw new AttestationException(where + ": the certificate does not decode (" + e.getMessage() + ")");
                }
                PublicKey key = c.getPublicKey();
                keys.add(new TrustedKey(key, KeyAlgorithm.of(key, where), KeyId.of(key),
                        c.getSubjectX500Principal().getName(), name));
            } else if (block.label().endsWith("PRIVATE KEY")) {
                throw new AttestationException(where + ": a private key; a trusted-key file holds public keys or"
                        + " certificates only (openssl pkey -in key.pem -pubout -out public.pem), and the private key"
                        + " stays with the signer");
            }
        }
        if (keys.isEmpty()) {
            throw new AttestationException(ROLE + " " + file + ": no PUBLIC KEY or CERTIFICATE block");
        }
        return keys;
    }
}
