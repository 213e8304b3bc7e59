package dev.hipdll.authenticode;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.openssl.PEMParser;

/**
 * The certificates an Authenticode chain may end in ({@code hip.trustStore}): a PEM file of one or more
 * {@code CERTIFICATE} blocks (BouncyCastle's {@link PEMParser}; other PEM objects, such as keys, are refused), a
 * JKS key store (magic {@code 0xFEEDFEED}) or a PKCS#12 file (anything else), whose trusted-certificate entries are
 * the anchors (key entries are not: a key store of signing keys is not a trust store). The format is told from the
 * bytes, not the file name.
 *
 * @param file    the file read
 * @param anchors the trusted certificates
 */
public record TrustStore(Path file, List<X509Certificate> anchors) {
    /** The largest trust store read, in bytes. */
    public static final long MAX_SIZE = 16L << 20;

    /** Creates a trust store; the list is copied. */
    public TrustStore {
        anchors = List.copyOf(anchors);
    }

    /**
     * Reads {@code file}.
     *
     * @param password the key store's password ({@code hip.trustStorePassword}); {@code null} or empty: none
     *                 (a JKS store then loads without its integrity check; a PKCS#12 store whose certificates
     *                 are encrypted, as keytool writes them, needs it)
     * @throws TrustStoreException when the file cannot be read, is of no known format, or holds no certificate
     */
    public static TrustStore load(Path file, char[] password) throws TrustStoreException {
        byte[] bytes;
        try {
            if (Files.size(file) > MAX_SIZE) {
                throw new TrustStoreException(file + ": larger than " + MAX_SIZE + " bytes; not a trust store", null);
            }
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new TrustStoreException("cannot read the trust store " + file + ": " + e, e);
        }
        List<X509Certificate> anchors;
        String text = new String(bytes, 0, Math.min(bytes.length, 4096), StandardCharsets.ISO_8859_1);
        if (text.contains("-----BEGIN ")) {
            anchors = pem(file, bytes);
        } else {
            boolean jks = bytes.length >= 4 && (bytes[0] & 0xff) == 0xfe && (bytes[1] & 0xff) == 0xed
                    && (bytes[2] & 0xff) == 0xfe && (bytes[3] & 0xff) == 0xed;
            anchors = keyStore(file, bytes, jks ? "JKS" : "PKCS12", password);
        }
        if (anchors.isEmpty()) {
            throw new TrustStoreException(file + ": holds no trusted certificate", null);
        }
        return new TrustStore(file, anchors);
    }

    private static List<X509Certificate> pem(Path file, byte[] bytes) throws TrustStoreException {
        List<X509Certificate> out = new ArrayList<>();
        try (Reader r = new InputStreamReader(new ByteArrayInputStream(bytes), StandardCharsets.US_ASCII);
             PEMParser p = new PEMParser(r)) {
            for (Object o = p.readObject(); o != null; o = p.readObject()) {
                if (!(o instanceof X509CertificateHolder h)) {
                    throw new TrustStoreException(file + ": PEM object #" + (out.size() + 1) + " is a "
                            + o.getClass().getSimpleName() + ", not a CERTIFICATE; a trust store holds certificates only", null);
                }
                out.add(new JcaX509CertificateConverter().getCertificate(h));
            }
        } catch (IOException | CertificateException | RuntimeException e) {
            throw new TrustStoreException(file + ": not a readable PEM file of certificates: " + e.getMessage(), e);
        }
        return out;
    }

    private static List<X509Certificate> keyStore(Path file, byte[] bytes, String type, char[] password)
            throws TrustStoreException {
        try {
            KeyStore ks = KeyStore.getInstance(type);
            ks.load(new ByteArrayInputStream(bytes), password == null || password.length == 0 ? null : password);
            List<X509Certificate> out = new ArrayList<>();
            for (String alias : Collections.list(ks.aliases())) {
                if (ks.isCertificateEntry(alias)) {
                    Certificate c = ks.getCertificate(alias);
                    if (c instanceof X509Certificate x) {
                        out.add(x);
                    }
                }
            }
            if (out.isEmpty() && ks.size() == 0 && type.equals("PKCS12") && (password == null || password.length == 0)) {
                throw new TrustStoreException(file + ": a PKCS#12 key store with no certificate readable without its"
                        + " password (keytool encrypts them): give hip.trustStorePassword", null);
            }
            if (out.isEmpty() && ks.size() > 0) {
                throw new TrustStoreException(file + ": a " + type + " key store whose " + ks.size() + " entr"
                        + (ks.size() == 1 ? "y is a key" : "ies are keys") + ", not trusted certificates (keytool -importcert"
                        + " makes those)", null);
            }
            return out;
        } catch (IOException | GeneralSecurityException | RuntimeException e) {
            String hint = type.equals("PKCS12") && (password == null || password.length == 0)
                    ? " (a PKCS#12 trust store that keytool wrote needs its password: hip.trustStorePassword)" : "";
            throw new TrustStoreException(file + ": not a PEM, JKS or PKCS#12 trust store, or a wrong password: "
                    + e.getMessage() + hint, e);
        }
    }
}
