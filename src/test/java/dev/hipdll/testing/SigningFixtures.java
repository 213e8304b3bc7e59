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
import net.jsign.timestamp.AuthenticodeTimestamper;
import net.jsign.timestamp.RFC3161Timestamper;
import net.jsign.timestamp.Timestamper;
import org.bouncycastle.asn1.ASN1EncodableVector;
import org.bouncycastle.asn1.DEROctetString;
import org.bouncycastle.asn1.DERSet;
import org.bouncycastle.asn1.cms.Attribute;
import org.bouncycastle.asn1.cms.AttributeTable;
import org.bouncycastle.asn1.cms.CMSAttributes;
import org.bouncycastle.asn1.cms.CMSObjectIdentifiers;
import org.bouncycastle.asn1.cms.Time;
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
import org.bouncycastle.cms.CMSAttributeTableGenerator;
import org.bouncycastle.cms.CMSProcessableByteArray;
import org.bouncycastle.cms.CMSSignedData;
import org.bouncycastle.cms.CMSSignedDataGenerator;
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

    /** A code-signing certificate for {@code cn} issued by {@code ca}, valid from {@code from} until {@code until}. */
    public static Identity codeSigner(String cn, Identity ca, Instant from, Instant until) throws Exception {
        return leaf(cn, ca, Date.from(from), Date.from(until), KeyPurposeId.id_kp_codeSigning, false);
    }

    /** A timestamping authority's certificate issued by {@code ca}, valid from {@code from} for ten years. */
    public static Identity timestampAuthority(String cn, Identity ca, Instant from) throws Exception {
        return leaf(cn, ca, Date.from(from), Date.from(from.plus(Duration.ofDays(3650))), KeyPurposeId.id_kp_timeStamping,
                true);
    }

    private static Identity leaf(String cn, Identity ca, Duration validity, KeyPurposeId purpose, boolean critical)
            throws Exception {
        return leaf(cn, ca, from(), until(validity), purpose, critical);
    }

    private static Identity leaf(String cn, Identity ca, Date from, Date until, KeyPurposeId purpose, boolean critical)
            throws Exception {
        KeyPair kp = rsa();
        JcaX509v3CertificateBuilder b = new JcaX509v3CertificateBuilder(ca.certificate(), serial(), from,
                until, new X500Name("C=DE,O=hipdll tests,CN=" + cn), kp.getPublic());
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
        signWith(dll, signer, algorithm, tsa == null ? null : new LocalTimestamper(tsa, null), replace);
    }

    /**
     * Signs {@code dll} in place with jsign, timestamped by {@code timestamper} ({@link #rfc3161}, {@link #legacy}) or
     * not ({@code null}).
     */
    public static void signWith(Path dll, Identity signer, DigestAlgorithm algorithm, Timestamper timestamper,
                                boolean replace)
            throws Exception {
        AuthenticodeSigner s = new AuthenticodeSigner(signer.chain().toArray(new Certificate[0]), signer.key())
                .withDigestAlgorithm(algorithm).withSignaturesReplaced(replace).withTimestamping(timestamper != null);
        if (timestamper != null) {
            s = s.withTimestamper(timestamper);
        }
        try (Signable f = Signable.of(dll.toFile())) {
            s.sign(f);
        }
    }

    /**
     * An RFC 3161 authority answering in-process, its message imprint in {@code imprint} (whatever the signature's
     * digest) and its own signature in {@code signature} (a JCA name such as {@code SHA256withRSA}).
     */
    public static Timestamper rfc3161(Identity tsa, DigestAlgorithm imprint, String signature) {
        return new LocalTimestamper(tsa, imprint, signature);
    }

    /**
     * A legacy Authenticode timestamping authority answering in-process, as DigiCert's legacy service answers: a
     * PKCS#9 counter-signature over the signature's value whose signed attributes are a content type (pkcs7-data),
     * the signing time and the message digest, in {@code digest} (a JCA signature name such as {@code SHA256withRSA}).
     */
    public static Timestamper legacy(Identity tsa, String digest) {
        return new LegacyTimestamper(tsa, digest, null);
    }

    /** As {@link #legacy(Identity, String)}, its signing time {@code time} (a timestamp made in the past). */
    public static Timestamper legacy(Identity tsa, String digest, Instant time) {
        return new LegacyTimestamper(tsa, digest, time);
    }

    /** The legacy Authenticode authority of {@link #legacy}. */
    static final class LegacyTimestamper extends AuthenticodeTimestamper {
        private final Identity tsa;
        private final String algorithm;
        private final Instant time;

        LegacyTimestamper(Identity tsa, String algorithm, Instant time) {
            this.tsa = tsa;
            this.algorithm = algorithm;
            this.time = time;
        }

        @Override
        protected CMSSignedData timestamp(DigestAlgorithm algo, byte[] encryptedDigest) throws IOException {
            try {
                CMSAttributeTableGenerator attributes = params -> {
                    ASN1EncodableVector v = new ASN1EncodableVector();
                    v.add(new Attribute(CMSAttributes.contentType, new DERSet(CMSObjectIdentifiers.data)));
                    v.add(new Attribute(CMSAttributes.signingTime, new DERSet(new Time(time == null ? new Date() : Date.from(time)))));
                    v.add(new Attribute(CMSAttributes.messageDigest, new DERSet(new DEROctetString(
                            (byte[]) params.get(CMSAttributeTableGenerator.DIGEST)))));
                    return new AttributeTable(v);
                };
                CMSSignedDataGenerator g = new CMSSignedDataGenerator();
                g.addSignerInfoGenerator(new JcaSimpleSignerInfoGeneratorBuilder().setSignedAttributeGenerator(attributes)
                        .build(algorithm, tsa.key(), tsa.certificate()));
                g.addCertificates(new JcaCertStore(tsa.chain()));
                return g.generate(new CMSProcessableByteArray(encryptedDigest), true);
            } catch (Exception e) {
                throw new IOException("local legacy timestamp: " + e, e);
            }
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
        private final DigestAlgorithm imprint;
        private final String signature;

        LocalTimestamper(Identity tsa, DigestAlgorithm imprint) {
            this(tsa, imprint, "SHA256withRSA");
        }

        LocalTimestamper(Identity tsa, DigestAlgorithm imprint, String signature) {
            this.tsa = tsa;
            this.imprint = imprint;
            this.signature = signature;
        }

        @Override
        protected CMSSignedData timestamp(DigestAlgorithm signed, byte[] encryptedDigest) throws IOException {
            DigestAlgorithm algo = imprint == null ? signed : imprint;
            try {
                TimeStampRequestGenerator rg = new TimeStampRequestGenerator();
                rg.setCertReq(true);
                TimeStampRequest req = rg.generate(algo.oid,
                        algo.getMessageDigest().digest(encryptedDigest));
                TimeStampTokenGenerator g = new TimeStampTokenGenerator(new JcaSimpleSignerInfoGeneratorBuilder()
                        .build(signature, tsa.key(), tsa.certificate()),
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
