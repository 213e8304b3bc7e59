package dev.hipdll.authenticode;

import java.security.GeneralSecurityException;
import java.security.cert.CertPathBuilder;
import java.security.cert.CertPathBuilderException;
import java.security.cert.CertStore;
import java.security.cert.CertificateExpiredException;
import java.security.cert.CertificateNotYetValidException;
import java.security.cert.CertificateParsingException;
import java.security.cert.CollectionCertStoreParameters;
import java.security.cert.PKIXBuilderParameters;
import java.security.cert.PKIXCertPathBuilderResult;
import java.security.cert.TrustAnchor;
import java.security.cert.X509CertSelector;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Whether an Authenticode signer's certificate chains to a trust store, with the JDK's PKIX certification path
 * builder (RFC 5280 path validation: signatures, validity at the given time, basic constraints, key usage, name
 * constraints). The intermediates are the certificates the signature carries. The signer's certificate must be for
 * code signing: an extended key usage extension, when present, must name {@code id-kp-codeSigning}
 * (1.3.6.1.5.5.7.3.3) or {@code anyExtendedKeyUsage}. A timestamping authority's certificate must carry the extension
 * and name {@code id-kp-timeStamping} (1.3.6.1.5.5.7.3.8, which RFC 3161 section 2.3 requires of a TSA) or
 * Microsoft's {@code szOID_KP_TIME_STAMP_SIGNING} (1.3.6.1.4.1.311.10.3.2, the legacy Authenticode timestamp's
 * purpose): without it any certificate of the store's tree, the signer's own included, could date a signature to a
 * time its expired certificate was still valid.
 *
 * <p><b>No revocation is checked</b>: neither CRLs nor OCSP are fetched (verify has no network, and a release gate
 * must not depend on a CA's servers being up). A revoked certificate that still chains is reported as trusted;
 * Windows, which checks revocation, may reject it.
 */
public final class ChainCheck {
    /** {@code id-kp-codeSigning}. */
    public static final String CODE_SIGNING = "1.3.6.1.5.5.7.3.3";
    /** {@code id-kp-timeStamping}. */
    public static final String TIME_STAMPING = "1.3.6.1.5.5.7.3.8";
    /** Microsoft's {@code szOID_KP_TIME_STAMP_SIGNING}, the purpose of a legacy Authenticode timestamp signer. */
    public static final String MS_TIME_STAMP_SIGNING = "1.3.6.1.4.1.311.10.3.2";
    private static final String ANY_EKU = "2.5.29.37.0";

    /**
     * The outcome.
     *
     * @param trusted whether the chain validates
     * @param detail  what was found: the path's subjects up to the anchor, or why no path validates
     */
    public record Result(boolean trusted, String detail) {
    }

    private ChainCheck() {
    }

    /**
     * Checks {@code signer} against {@code store} at {@code at} (the timestamp's time when the signature has a valid
     * one, as Windows does, else now).
     *
     * @param intermediates the certificates the signature carries (the signer's own is ignored among them)
     */
    public static Result check(X509Certificate signer, List<X509Certificate> intermediates, TrustStore store, Instant at) {
        return check(signer, intermediates, store, at, CODE_SIGNING);
    }

    /**
     * As {@link #check(X509Certificate, List, TrustStore, Instant)} for a certificate of another purpose:
     * {@link #TIME_STAMPING} for a timestamping authority.
     */
    public static Result check(X509Certificate signer, List<X509Certificate> intermediates, TrustStore store, Instant at,
                               String purpose) {
        try {
            List<String> eku = signer.getExtendedKeyUsage();
            if (purpose.equals(TIME_STAMPING)
                    && (eku == null || !eku.contains(TIME_STAMPING) && !eku.contains(MS_TIME_STAMP_SIGNING))) {
                return new Result(false, "the certificate is not for timestamping: "
                        + (eku == null ? "it has no extended key usage" : "its extended key usage is " + eku)
                        + ", a timestamping authority's names " + TIME_STAMPING + " (RFC 3161 2.3) or "
                        + MS_TIME_STAMP_SIGNING);
            }
            if (eku != null && !eku.contains(purpose) && !eku.contains(ANY_EKU)) {
                return new Result(false, "the certificate is not for " + (purpose.equals(CODE_SIGNING) ? "code signing"
                        : "timestamping") + ": its extended key usage is " + eku + ", without " + purpose);
            }
        } catch (CertificateParsingException e) {
            return new Result(false, "the signer's extended key usage does not parse: " + e.getMessage());
        }
        Date when = Date.from(at);
        for (X509Certificate a : store.anchors()) {
            if (a.equals(signer)) {
                try {
                    signer.checkValidity(when);
                    return new Result(true, "the signer's certificate is itself in " + store.file().getFileName());
                } catch (CertificateExpiredException | CertificateNotYetValidException e) {
                    return new Result(false, "the signer's certificate is in " + store.file().getFileName()
                            + " but not valid at " + at + ": " + e.getMessage());
                }
            }
        }
        try {
            Set<TrustAnchor> anchors = new HashSet<>();
            for (X509Certificate a : store.anchors()) {
                anchors.add(new TrustAnchor(a, null));
            }
            X509CertSelector target = new X509CertSelector();
            target.setCertificate(signer);
            PKIXBuilderParameters p = new PKIXBuilderParameters(anchors, target);
            p.setRevocationEnabled(false);
            p.setDate(when);
            List<X509Certificate> pool = new ArrayList<>(intermediates);
            pool.add(signer);
            p.addCertStore(CertStore.getInstance("Collection", new CollectionCertStoreParameters(pool)));
            PKIXCertPathBuilderResult r = (PKIXCertPathBuilderResult) CertPathBuilder.getInstance("PKIX").build(p);
            List<String> path = new ArrayList<>();
            for (var c : r.getCertPath().getCertificates()) {
                path.add(Certificates.subject((X509Certificate) c));
            }
            path.add(Certificates.subject(r.getTrustAnchor().getTrustedCert()) + " (in " + store.file().getFileName() + ")");
            return new Result(true, String.join(" <- ", path));
        } catch (CertPathBuilderException e) {
            return new Result(false, "no valid path from the signer to a certificate of " + store.file().getFileName()
                    + " at " + at + ": " + e.getMessage());
        } catch (GeneralSecurityException | RuntimeException e) {
            return new Result(false, "cannot build the certificate path: " + e.getMessage());
        }
    }
}
