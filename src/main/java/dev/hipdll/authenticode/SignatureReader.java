package dev.hipdll.authenticode;

import java.io.IOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.bouncycastle.asn1.ASN1Encodable;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.ASN1Sequence;
import org.bouncycastle.asn1.DEROctetString;
import org.bouncycastle.asn1.DERSet;
import org.bouncycastle.asn1.cms.Attribute;
import org.bouncycastle.asn1.cms.AttributeTable;
import org.bouncycastle.asn1.cms.CMSAttributes;
import org.bouncycastle.asn1.cms.CMSObjectIdentifiers;
import org.bouncycastle.asn1.cms.ContentInfo;
import org.bouncycastle.asn1.cms.SignedData;
import org.bouncycastle.asn1.cms.Time;
import org.bouncycastle.asn1.x509.DigestInfo;
import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cms.CMSException;
import org.bouncycastle.cms.CMSSignedData;
import org.bouncycastle.cms.SignerInformation;
import org.bouncycastle.cms.jcajce.JcaSimpleSignerInfoVerifierBuilder;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.tsp.TSPException;
import org.bouncycastle.tsp.TimeStampToken;
import org.bouncycastle.tsp.TimeStampTokenInfo;
import org.bouncycastle.util.Selector;
import org.bouncycastle.util.Store;

/**
 * Reads the Authenticode signatures of a {@code WIN_CERT_TYPE_PKCS_SIGNED_DATA} entry (Microsoft, "Windows
 * Authenticode Portable Executable Signature Format"): the PKCS#7 SignedData, its {@code SpcIndirectDataContent}
 * (the image hash and its algorithm), the signer's certificate, whether the CMS signature verifies (BouncyCastle's
 * {@link SignerInformation#verify}: the signed {@code messageDigest} attribute against the content, digested as
 * PKCS#7 digests a non-data content, without its outer tag; then the signature over the signed attributes), the
 * timestamp (RFC 3161 or Authenticode counter-signature) and the signatures nested in unsigned attribute
 * 1.3.6.1.4.1.311.2.4.1. BouncyCastle is used as a library; no provider is registered: the signatures and digests
 * are the JDK's (SunRsaSign, SunEC).
 */
public final class SignatureReader {
    /** {@code SPC_INDIRECT_DATA_OBJID}: the content type of an Authenticode SignedData. */
    public static final String SPC_INDIRECT_DATA = "1.3.6.1.4.1.311.2.1.4";
    /** {@code SPC_PE_IMAGE_DATAOBJ}: the indirect data is a PE image's hash. */
    public static final String SPC_PE_IMAGE_DATA = "1.3.6.1.4.1.311.2.1.15";
    /** {@code szOID_NESTED_SIGNATURE}: an unsigned attribute holding further signatures. */
    public static final String NESTED_SIGNATURE = "1.3.6.1.4.1.311.2.4.1";
    /** {@code szOID_RFC3161_counterSign}: an unsigned attribute holding an RFC 3161 TimeStampToken. */
    public static final String RFC3161_COUNTER_SIGN = "1.3.6.1.4.1.311.3.3.1";
    /** Most signatures read from one entry, nested ones included. */
    public static final int MAX_SIGNATURES = 16;

    private static final Map<String, String> DIGESTS = Map.of(
            "1.3.14.3.2.26", "SHA-1",
            "2.16.840.1.101.3.4.2.1", "SHA-256",
            "2.16.840.1.101.3.4.2.2", "SHA-384",
            "2.16.840.1.101.3.4.2.3", "SHA-512",
            "1.2.840.113549.2.5", "MD5");

    /** The hash a signature algorithm OID names (RSA PKCS#1 v1.5 and ECDSA with SHA-1, SHA-2 and MD5). */
    private static final Map<String, String> SIGNATURE_HASHES = Map.of(
            "1.2.840.113549.1.1.4", "MD5",
            "1.2.840.113549.1.1.5", "SHA-1",
            "1.2.840.113549.1.1.11", "SHA-256",
            "1.2.840.113549.1.1.12", "SHA-384",
            "1.2.840.113549.1.1.13", "SHA-512",
            "1.2.840.10045.4.1", "SHA-1",
            "1.2.840.10045.4.3.2", "SHA-256",
            "1.2.840.10045.4.3.3", "SHA-384",
            "1.2.840.10045.4.3.4", "SHA-512");

    private SignatureReader() {
    }

    /**
     * The signatures of {@code pkcs7} (the outer one first, then the nested ones in order).
     *
     * @param pkcs7 the {@code bCertificate} bytes of the entry
     * @throws SignatureFormatException when it is not a SignedData of an {@code SpcIndirectDataContent} with one signer
     */
    public static List<AuthenticodeSignature> read(byte[] pkcs7) throws SignatureFormatException {
        CMSSignedData cms;
        try {
            cms = new CMSSignedData(derValue(pkcs7));
        } catch (CMSException | RuntimeException e) {
            throw new SignatureFormatException("not a PKCS#7 SignedData: " + message(e), e);
        }
        List<AuthenticodeSignature> out = new ArrayList<>();
        try {
            read(cms, 0, out);
        } catch (RuntimeException e) {  // BouncyCastle parses lazily: what it throws on a malformed part
            throw new SignatureFormatException((out.isEmpty() ? "the signature" : "nested signature #" + out.size())
                    + ": " + refused(e), e);
        }
        return out;
    }

    private static void read(CMSSignedData cms, int depth, List<AuthenticodeSignature> out) throws SignatureFormatException {
        if (out.size() == MAX_SIGNATURES) {
            throw new SignatureFormatException("more than " + MAX_SIGNATURES + " nested signatures");
        }
        String where = depth == 0 ? "the signature" : "nested signature #" + out.size();
        if (!SPC_INDIRECT_DATA.equals(cms.getSignedContentTypeOID())) {
            throw new SignatureFormatException(where + ": content type " + cms.getSignedContentTypeOID()
                    + ", expected SpcIndirectDataContent (" + SPC_INDIRECT_DATA + ")");
        }
        String algorithm;
        byte[] digest;
        try {
            ASN1Sequence spc = ASN1Sequence.getInstance(cms.getSignedContent().getContent());
            ASN1Sequence data = ASN1Sequence.getInstance(spc.getObjectAt(0));
            String dataType = ASN1ObjectIdentifier.getInstance(data.getObjectAt(0)).getId();
            if (!SPC_PE_IMAGE_DATA.equals(dataType)) {
                throw new SignatureFormatException(where + ": SpcIndirectDataContent of type " + dataType
                        + ", expected a PE image (SPC_PE_IMAGE_DATAOBJ " + SPC_PE_IMAGE_DATA + ")");
            }
            DigestInfo info = DigestInfo.getInstance(spc.getObjectAt(1));
            String oid = info.getAlgorithmId().getAlgorithm().getId();
            algorithm = DIGESTS.get(oid);
            if (algorithm == null) {
                throw new SignatureFormatException(where + ": image hash algorithm " + oid + " is not one of SHA-1, SHA-256,"
                        + " SHA-384, SHA-512, MD5");
            }
            digest = info.getDigest();
        } catch (RuntimeException e) {
            throw new SignatureFormatException(where + ": malformed SpcIndirectDataContent: " + message(e), e);
        }
        Collection<SignerInformation> signers;
        try {
            signers = cms.getSignerInfos().getSigners();
        } catch (RuntimeException e) {
            throw new SignatureFormatException(where + ": malformed SignerInfos: " + refused(e), e);
        }
        if (signers.size() != 1) {
            throw new SignatureFormatException(where + ": " + signers.size() + " SignerInfos; Authenticode has exactly one");
        }
        SignerInformation signer = signers.iterator().next();
        requireDeclaredDigest(cms, signer, where);
        Store<X509CertificateHolder> store;
        List<X509Certificate> certs = new ArrayList<>();
        try {
            store = cms.getCertificates();
            for (X509CertificateHolder h : store.getMatches(null)) {
                certs.add(certificate(h, where));
            }
        } catch (RuntimeException e) {
            throw new SignatureFormatException(where + ": malformed certificates: " + refused(e), e);
        }
        List<String> signerDigest = new ArrayList<>();
        signerDigest.add(name(signer.getDigestAlgOID()));
        String signatureHash = SIGNATURE_HASHES.get(signer.getEncryptionAlgOID());
        if (signatureHash != null && !signerDigest.contains(signatureHash)) {
            signerDigest.add(signatureHash);
        }
        X509CertificateHolder signerHolder = first(store, signer.getSID());
        String problem = null;
        if (signerHolder == null) {
            problem = "the signer's certificate (" + signer.getSID().getIssuer() + ", serial " + signer.getSID().getSerialNumber()
                    + ") is not in the signature";
        } else {
            problem = verify(signer, signerHolder);
        }
        Optional<Timestamp> timestamp;
        try {
            timestamp = timestamp(signer, store);
        } catch (RuntimeException e) {
            timestamp = Optional.of(new Timestamp("unreadable", null, null, "malformed unsigned attributes: " + refused(e)));
        }
        out.add(new AuthenticodeSignature(algorithm, digest, signerHolder == null ? null : certificate(signerHolder, where),
                certs, problem, timestamp, depth, signerDigest));
        AttributeTable unsigned;
        try {
            unsigned = signer.getUnsignedAttributes();
        } catch (RuntimeException e) {
            throw new SignatureFormatException(where + ": malformed unsigned attributes: " + refused(e), e);
        }
        if (unsigned != null && depth < 2) {
            for (Attribute a : attributes(unsigned, NESTED_SIGNATURE)) {
                for (ASN1Encodable v : a.getAttrValues()) {
                    CMSSignedData nested;
                    try {
                        nested = new CMSSignedData(ContentInfo.getInstance(v));
                    } catch (CMSException | RuntimeException e) {
                        throw new SignatureFormatException("nested signature #" + out.size() + ": not a SignedData: "
                                + message(e), e);
                    }
                    read(nested, depth + 1, out);
                }
            }
        }
    }

    /**
     * The DER SEQUENCE at the start of {@code b} without what follows it: {@code dwLength} counts the padding to an
     * 8-byte boundary, which is not part of the PKCS#7 value.
     */
    static byte[] derValue(byte[] b) throws SignatureFormatException {
        if (b.length < 2 || b[0] != 0x30) {
            throw new SignatureFormatException("not a PKCS#7 SignedData: it does not start with a DER SEQUENCE (0x30)");
        }
        int first = b[1] & 0xff;
        long length;
        int header;
        if (first < 0x80) {
            length = first;
            header = 2;
        } else {
            int n = first & 0x7f;
            if (n == 0 || n > 4 || b.length < 2 + n) {
                throw new SignatureFormatException("not a PKCS#7 SignedData: its DER length has " + n + " bytes");
            }
            length = 0;
            for (int i = 0; i < n; i++) {
                length = length << 8 | b[2 + i] & 0xff;
            }
            header = 2 + n;
        }
        if (header + length > b.length) {
            throw new SignatureFormatException("the PKCS#7 SignedData says " + (header + length) + " bytes but the"
                    + " certificate entry holds " + b.length);
        }
        return header + length == b.length ? b : java.util.Arrays.copyOf(b, (int) (header + length));
    }

    /** Why {@code signer} does not verify with {@code cert}, or {@code null} when it does. */
    private static String verify(SignerInformation signer, X509CertificateHolder cert) {
        try {
            return signer.verify(new JcaSimpleSignerInfoVerifierBuilder().build(cert)) ? null
                    : "the signer's signature over the signed attributes does not verify with its certificate";
        } catch (CMSException e) {
            return "the CMS signature does not verify: " + message(e);
        } catch (OperatorCreationException | CertificateException | RuntimeException e) {
            return "cannot verify the CMS signature: " + message(e);
        }
    }

    /** The timestamp of {@code signer}: an RFC 3161 token if there is one, else an Authenticode counter-signature. */
    private static Optional<Timestamp> timestamp(SignerInformation signer, Store<X509CertificateHolder> outer) {
        AttributeTable unsigned = signer.getUnsignedAttributes();
        if (unsigned == null) {
            return Optional.empty();
        }
        Attribute[] rfc = attributes(unsigned, RFC3161_COUNTER_SIGN);
        if (rfc.length > 0 && rfc[0].getAttrValues().size() > 0) {
            return Optional.of(rfc3161(signer, rfc[0].getAttrValues().getObjectAt(0), outer));
        }
        Attribute[] counter = attributes(unsigned, CMSAttributes.counterSignature.getId());
        if (counter.length > 0) {
            return Optional.of(counterSignature(signer, outer));
        }
        return Optional.empty();
    }

    private static Timestamp rfc3161(SignerInformation signer, ASN1Encodable value, Store<X509CertificateHolder> outer) {
        TimeStampToken token;
        try {
            token = new TimeStampToken(ContentInfo.getInstance(value));
        } catch (TSPException | IOException | RuntimeException e) {
            return new Timestamp(Timestamp.RFC_3161, null, null, "not a TimeStampToken: " + message(e));
        }
        TimeStampTokenInfo info = token.getTimeStampInfo();
        java.time.Instant time = info.getGenTime().toInstant();
        X509CertificateHolder tsa = first(token.getCertificates(), token.getSID());
        if (tsa == null) {
            tsa = first(outer, token.getSID());
        }
        String authority = tsa == null ? null : tsa.getSubject().toString();
        List<String> digests = new ArrayList<>();
        digests.add(name(info.getMessageImprintAlgOID().getId()));
        for (SignerInformation si : token.toCMSSignedData().getSignerInfos().getSigners()) {
            if (!digests.contains(name(si.getDigestAlgOID()))) {
                digests.add(name(si.getDigestAlgOID()));
            }
        }
        String imprintAlgorithm = DIGESTS.get(info.getMessageImprintAlgOID().getId());
        if (imprintAlgorithm == null) {
            return new Timestamp(Timestamp.RFC_3161, time, authority, "imprint algorithm " + info.getMessageImprintAlgOID()
                    + " is not one of SHA-1, SHA-256, SHA-384, SHA-512, MD5");
        }
        if (!MessageDigest.isEqual(digest(imprintAlgorithm, signer.getSignature()), info.getMessageImprintDigest())) {
            return new Timestamp(Timestamp.RFC_3161, time, authority, "its message imprint is not the " + imprintAlgorithm
                    + " of this signature's value: it timestamps another signature");
        }
        if (tsa == null) {
            return new Timestamp(Timestamp.RFC_3161, time, null, "the timestamping authority's certificate is not in the token");
        }
        X509Certificate tsaCert;
        List<X509Certificate> chain = new ArrayList<>();
        try {
            tsaCert = new JcaX509CertificateConverter().getCertificate(tsa);
            @SuppressWarnings("unchecked")
            Collection<X509CertificateHolder> carried = token.getCertificates().getMatches(null);
            for (X509CertificateHolder h : carried) {
                chain.add(new JcaX509CertificateConverter().getCertificate(h));
            }
        } catch (CertificateException e) {
            return new Timestamp(Timestamp.RFC_3161, time, authority, "a certificate of the token does not parse: " + message(e));
        }
        authority = Certificates.subject(tsaCert);
        try {
            token.validate(new JcaSimpleSignerInfoVerifierBuilder().build(tsa));
            return new Timestamp(Timestamp.RFC_3161, time, authority, null, tsaCert, chain, digests, "");
        } catch (TSPException | OperatorCreationException | CertificateException | RuntimeException e) {
            return new Timestamp(Timestamp.RFC_3161, time, authority, "the token does not verify: " + message(e), tsaCert,
                    chain, digests, "");
        }
    }

    private static Timestamp counterSignature(SignerInformation signer, Store<X509CertificateHolder> outer) {
        Collection<SignerInformation> counters = signer.getCounterSignatures().getSigners();
        if (counters.isEmpty()) {
            return new Timestamp(Timestamp.AUTHENTICODE, null, null, "the counterSignature attribute holds no SignerInfo");
        }
        SignerInformation cs = counters.iterator().next();
        java.time.Instant time = null;
        AttributeTable signed = cs.getSignedAttributes();
        if (signed != null && signed.get(CMSAttributes.signingTime) != null) {
            try {
                time = Time.getInstance(signed.get(CMSAttributes.signingTime).getAttrValues().getObjectAt(0)).getDate()
                        .toInstant();
            } catch (RuntimeException e) {
                return new Timestamp(Timestamp.AUTHENTICODE, null, null, "malformed signingTime: " + message(e));
            }
        }
        X509CertificateHolder tsa = first(outer, cs.getSID());
        if (tsa == null) {
            return new Timestamp(Timestamp.AUTHENTICODE, time, null, "the timestamping authority's certificate is not in"
                    + " the signature");
        }
        String authority = tsa.getSubject().toString();
        if (time == null) {
            return new Timestamp(Timestamp.AUTHENTICODE, null, authority, "the counter-signature has no signingTime");
        }
        String problem;
        String form;
        if (signed.get(CMSAttributes.contentType) != null) {
            // the legacy Authenticode form (DigiCert, Sectigo, Microsoft issue it): signed attributes with a content
            // type, pkcs7-data, as if the signature value were the content of a SignedData. RFC 5652's "MUST NOT
            // contain a content-type" (section 11.4) is not Authenticode's rule: Windows and osslsigncode accept it.
            form = "a legacy counter-signature whose signed attributes carry a content type (as DigiCert issues them;"
                    + " Windows and osslsigncode accept it, RFC 5652 section 11.4 does not apply)";
            problem = verify(asSignerOfData(cs, signer.getSignature()), tsa);
        } else {
            form = "a PKCS#9 counter-signature (RFC 5652 section 11.4)";
            problem = verify(cs, tsa);
        }
        List<X509Certificate> chain = new ArrayList<>();
        X509Certificate tsaCert;
        try {
            tsaCert = new JcaX509CertificateConverter().getCertificate(tsa);
            for (X509CertificateHolder h : outer.getMatches(null)) {
                chain.add(new JcaX509CertificateConverter().getCertificate(h));
            }
        } catch (CertificateException e) {
            return new Timestamp(Timestamp.AUTHENTICODE, time, authority, "a certificate does not parse: " + message(e));
        }
        return new Timestamp(Timestamp.AUTHENTICODE, time, Certificates.subject(tsaCert), problem, tsaCert, chain,
                List.of(name(cs.getDigestAlgOID())), form);
    }

    /**
     * {@code counterSigner} as the signer of a SignedData whose content is {@code value} as pkcs7-data: how a legacy
     * Authenticode counter-signature is verified (its messageDigest is the digest of the signature value, its
     * content-type attribute says pkcs7-data), without RFC 5652's rule against a content type in a counter-signature.
     */
    private static SignerInformation asSignerOfData(SignerInformation counterSigner, byte[] value) {
        try {
            SignedData sd = new SignedData(new DERSet(counterSigner.getDigestAlgorithmID()),
                    new ContentInfo(CMSObjectIdentifiers.data, new DEROctetString(value)), null, null,
                    new DERSet(counterSigner.toASN1Structure()));
            return new CMSSignedData(new ContentInfo(CMSObjectIdentifiers.signedData, sd)).getSignerInfos().getSigners()
                    .iterator().next();
        } catch (CMSException e) {
            throw new IllegalArgumentException("the counter-signature cannot be read as a signer: " + message(e), e);
        }
    }

    private static Attribute[] attributes(AttributeTable t, String oid) {
        return toArray(t.getAll(new ASN1ObjectIdentifier(oid)));
    }

    private static Attribute[] toArray(org.bouncycastle.asn1.ASN1EncodableVector v) {
        Attribute[] a = new Attribute[v.size()];
        for (int i = 0; i < a.length; i++) {
            a[i] = Attribute.getInstance(v.get(i));
        }
        return a;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static X509CertificateHolder first(Store store, Selector selector) {
        Collection<X509CertificateHolder> m = store.getMatches(selector);
        return m.isEmpty() ? null : m.iterator().next();
    }

    private static X509Certificate certificate(X509CertificateHolder h, String where) throws SignatureFormatException {
        try {
            return new JcaX509CertificateConverter().getCertificate(h);
        } catch (CertificateException e) {
            throw new SignatureFormatException(where + ": certificate " + h.getSubject() + " does not parse: " + message(e), e);
        }
    }

    private static byte[] digest(String algorithm, byte[] data) {
        try {
            return MessageDigest.getInstance(algorithm).digest(data);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(algorithm, e);
        }
    }

    /** The JCA name of digest algorithm {@code oid}, or the OID itself when it is none of {@link #DIGESTS}. */
    private static String name(String oid) {
        return DIGESTS.getOrDefault(oid, oid);
    }

    /** What the ASN.1 or certificate library threw on malformed bytes, named for the report. */
    static String refused(RuntimeException e) {
        return "the ASN.1 library refused it (" + e.getClass().getSimpleName() + ": " + message(e) + ")";
    }

    private static String message(Throwable e) {
        String m = e.getMessage();
        return m == null || m.isBlank() ? e.getClass().getSimpleName() : m;
    }

    /**
     * The SignedData's {@code digestAlgorithms} must name the SignerInfo's digest algorithm (RFC 5652 5.1: the set
     * lists the algorithms the signers use; the Authenticode specification: it holds exactly the SignerInfo's). The
     * set is outside what the signature covers, so a changed OID there changes no hash; osslsigncode (OpenSSL's
     * PKCS#7 verification) refuses such a signature all the same, and verify follows the reference tool
     * ({@code OsslsigncodeDifferentialTest}, file {@code digest-algorithms-changed}).
     *
     * @throws SignatureFormatException when the set cannot be read or does not name the signer's algorithm
     */
    private static void requireDeclaredDigest(CMSSignedData cms, SignerInformation signer, String where)
            throws SignatureFormatException {
        List<String> declared = new ArrayList<>();
        try {
            for (org.bouncycastle.asn1.x509.AlgorithmIdentifier a : cms.getDigestAlgorithmIDs()) {
                declared.add(a.getAlgorithm().getId());
            }
        } catch (RuntimeException e) {
            throw new SignatureFormatException(where + ": malformed SignedData digestAlgorithms: " + refused(e), e);
        }
        String used = signer.getDigestAlgOID();
        if (!declared.contains(used)) {
            throw new SignatureFormatException(where + ": the SignedData's digestAlgorithms " + declared + " do not name"
                    + " the signer's digest algorithm " + used + " (Authenticode: the set holds the SignerInfo's"
                    + " digest algorithm; osslsigncode refuses such a signature)");
        }
    }
}
