package dev.hipdll.authenticode;

import java.security.cert.X509Certificate;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

/**
 * One Authenticode signature read from a PE's certificate table: a PKCS#7 SignedData whose content is an
 * {@code SpcIndirectDataContent} (1.3.6.1.4.1.311.2.1.4) carrying the image hash, signed by one signer. A file
 * signed twice (SHA-1 and SHA-256, {@code signtool /as}) has the second one nested in the first's unsigned
 * attribute 1.3.6.1.4.1.311.2.4.1; each is one of these.
 *
 * @param digestAlgorithm  the image hash's algorithm, as a JCA name ({@code SHA-256}, {@code SHA-1}, ...)
 * @param signedDigest     the image hash the signature covers
 * @param signer           the signer's certificate, or {@code null} when the SignedData does not carry it
 * @param certificates     every certificate the SignedData carries (the signer's chain, as the signer put it)
 * @param signatureProblem why the CMS signature does not verify (its messageDigest is not the content's digest,
 *                         the signer's signature over its attributes is wrong, no signer certificate), or
 *                         {@code null} when it verifies
 * @param timestamp        the signature's timestamp, if it has one
 * @param nested           how deep it was nested (0: the outer signature)
 * @param signerDigest     the signer's digest algorithm (its SignerInfo's {@code digestAlgorithm}, and the hash its
 *                         {@code signatureAlgorithm} names when it names one), as JCA names ({@code SHA-256}), or
 *                         the OID when it is none of SHA-1, SHA-256, SHA-384, SHA-512, MD5
 */
public record AuthenticodeSignature(String digestAlgorithm, byte[] signedDigest, X509Certificate signer,
                                    List<X509Certificate> certificates, String signatureProblem,
                                    Optional<Timestamp> timestamp, int nested,
                                    List<String> signerDigest) {
    /** Creates a signature; the list and array are copied. */
    public AuthenticodeSignature {
        signedDigest = signedDigest.clone();
        certificates = List.copyOf(certificates);
        signerDigest = List.copyOf(signerDigest);
    }

    @Override
    public byte[] signedDigest() {
        return signedDigest.clone();
    }

    /** The signed image hash, lower-case hex. */
    public String signedDigestHex() {
        return HexFormat.of().formatHex(signedDigest);
    }

    /** The signer's subject as RFC 2253 prints it, or {@code "(no signer certificate)"}. */
    public String subject() {
        return signer == null ? "(no signer certificate)" : Certificates.subject(signer);
    }
}
