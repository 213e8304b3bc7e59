package dev.hipdll.testing;

import java.io.IOException;
import java.io.StringWriter;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import net.jsign.AuthenticodeSigner;
import net.jsign.DigestAlgorithm;
import net.jsign.Signable;
import net.jsign.timestamp.RFC3161Timestamper;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.cert.jcajce.JcaCertStore;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.cms.CMSSignedData;
import org.bouncycastle.cms.jcajce.JcaSimpleSignerInfoGeneratorBuilder;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;
import org.bouncycastle.operator.jcajce.JcaDigestCalculatorProviderBuilder;
import org.bouncycastle.tsp.TimeStampRequest;
import org.bouncycastle.tsp.TimeStampRequestGenerator;
import org.bouncycastle.tsp.TimeStampTokenGenerator;

/**
 * Throwaway code-signing identities and Authenticode signing for tests: a root CA and a code-signing certificate
 * made with BouncyCastle (RSA 2048, SHA-256), signed into DLLs with jsign ({@code net.jsign:jsign-core}, what
 * jsign-maven-plugin runs), and an RFC 3161 timestamping authority that answers in-process (no network).
 */
public final class SigningFixtures {
    private SigningFixtures() {
    }

    /** A certificate and its key, with the chain above it (the certificate first). */
    public record Identity(X509Certificate certificate, PrivateKey key, List<X509Certificate> chain) {
    }

    /** A self-signed root CA named {@code cn}, valid from a day ago for {@code validity}. */
    public static Identity root(String cn, Duration validity) throws Exception {
        KeyPair kp = rsa();
        X500Name name = new X500Name("O=hipdll tests,CN=" + cn);
        JcaX509v3CertificateBuilder b = new JcaX509v3CertificateBuilder(name, serial(), from(), until(validity), name,
                kp.getPublic());
        b.addExtension(Extension.basicConstraints, true, new BasicConstraints(true));
        b.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign));
        X509Certificate c = sign(b, kp.getPrivate());
        return new Identity(c, kp.getPrivate(), List.of(c));
    }

    /** A code-signing certificate for {@code cn} issued by {@code ca}. */
    public static Identity codeSigner(String cn, Identity ca, Duration validity) throws Exception {
        return leaf(cn, ca, validity, KeyPurposeId.id_kp_codeSigning, false);
    }

    /** A timestamping authority's certificate (critical EKU id-kp-timeStamping, as RFC 3161 asks) issued by {@code ca}. */
    public static Identity timestampAuthority(String cn, Identity ca) throws Exception {
        return leaf(cn, ca, Duration.ofDays(3650), KeyPurposeId.id_kp_timeStamping, true);
    }

    private static Identity leaf(String cn, Identity ca, Duration validity, KeyPurposeId purpose, boolean critical)
            throws Exception {
        KeyPair kp = rsa();
        JcaX509v3CertificateBuilder b = new JcaX509v3CertificateBuilder(ca.certificate(), serial(), from(),
                until(validity), new X500Name("C=DE,O=hipdll tests,CN=" + cn), kp.getPublic());
        b.addExtension(Extension.basicConstraints, true, new BasicConstraints(false));
        b.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.digitalSignature));
        b.addExtension(Extension.extendedKeyUsage, critical, new ExtendedKeyUsage(purpose));
        X509Certificate c = sign(b, ca.key());
        return new Identity(c, kp.getPrivate(), List.of(c, ca.certificate()));
    }

    /** Signs {@code dll} in place with jsign (SHA-256, no timestamp); an existing signature is replaced. */
    public static void sign(Path dll, Identity signer) throws Exception {
        sign(dll, signer, DigestAlgorithm.SHA256, null, true);
    }

    /**
     * Signs {@code dll} in place with jsign.
     *
     * @param tsa     the timestamping authority (answered in-process, RFC 3161), or {@code null} for no timestamp
     * @param replace false: the signature is nested into the existing one (dual signing)
     */
    public static void sign(Path dll, Identity signer, DigestAlgorithm algorithm, Identity tsa, boolean replace)
            throws Exception {
        AuthenticodeSigner s = new AuthenticodeSigner(signer.chain().toArray(new Certificate[0]), signer.key())
                .withDigestAlgorithm(algorithm).withSignaturesReplaced(replace).withTimestamping(tsa != null);
        if (tsa != null) {
            s = s.withTimestamper(new LocalTimestamper(tsa));
        }
        try (Signable f = Signable.of(dll.toFile())) {
            s.sign(f);
        }
    }

    /** Writes {@code certs} to {@code file} as PEM. */
    public static Path pem(Path file, X509Certificate... certs) throws IOException {
        StringWriter w = new StringWriter();
        try (JcaPEMWriter p = new JcaPEMWriter(w)) {
            for (X509Certificate c : certs) {
                p.writeObject(c);
            }
        }
        Files.writeString(file, w.toString());
        return file;
    }

    /** An RFC 3161 authority answering jsign in-process: a TimeStampToken over the signature, signed by {@code tsa}. */
    static final class LocalTimestamper extends RFC3161Timestamper {
        private final Identity tsa;

        LocalTimestamper(Identity tsa) {
            this.tsa = tsa;
        }

        @Override
        protected CMSSignedData timestamp(DigestAlgorithm algo, byte[] encryptedDigest) throws IOException {
            try {
                TimeStampRequestGenerator rg = new TimeStampRequestGenerator();
                rg.setCertReq(true);
                TimeStampRequest req = rg.generate(algo.oid,
                        algo.getMessageDigest().digest(encryptedDigest));
                TimeStampTokenGenerator g = new TimeStampTokenGenerator(new JcaSimpleSignerInfoGeneratorBuilder()
                        .build("SHA256withRSA", tsa.key(), tsa.certificate()),
                        new JcaDigestCalculatorProviderBuilder().build().get(
                                new org.bouncycastle.asn1.x509.AlgorithmIdentifier(org.bouncycastle.asn1.oiw.OIWObjectIdentifiers.idSHA1)),
                        new org.bouncycastle.asn1.ASN1ObjectIdentifier("1.2.3.4.1"));
                g.addCertificates(new JcaCertStore(tsa.chain()));
                return g.generate(req, serial(), new Date()).toCMSSignedData();
            } catch (Exception e) {
                throw new IOException("local timestamp: " + e, e);
            }
        }
    }

    private static X509Certificate sign(JcaX509v3CertificateBuilder b, PrivateKey issuer) throws Exception {
        X509CertificateHolder h = b.build(new JcaContentSignerBuilder("SHA256withRSA").build(issuer));
        return new JcaX509CertificateConverter().getCertificate(h);
    }

    private static KeyPair rsa() throws Exception {
        KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");
        g.initialize(2048);
        return g.generateKeyPair();
    }

    private static BigInteger serial() {
        return BigInteger.valueOf(System.nanoTime()).abs().add(BigInteger.ONE);
    }

    private static Date from() {
        return Date.from(Instant.now().minus(Duration.ofDays(1)));
    }

    private static Date until(Duration validity) {
        return Date.from(Instant.now().plus(validity));
    }
}
