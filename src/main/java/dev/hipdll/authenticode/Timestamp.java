package dev.hipdll.authenticode;

import java.time.Instant;

/**
 * The timestamp of an Authenticode signature: a counter-signature by a timestamping authority over the signature's
 * value, which keeps the signature valid after the signing certificate expires (Windows checks the chain at the
 * timestamp's time).
 *
 * @param kind       {@link #RFC_3161} (unsigned attribute 1.3.6.1.4.1.311.3.3.1 holding a TimeStampToken) or
 *                   {@link #AUTHENTICODE} (the legacy PKCS#9 counterSignature, 1.2.840.113549.1.9.6, with its
 *                   signingTime)
 * @param time       the time it states ({@code genTime} or {@code signingTime}), or {@code null} when unreadable
 * @param authority  the subject of the timestamping authority's certificate, or {@code null} when not found
 * @param problem    why the timestamp does not hold (its imprint is not the signature's digest, its signature or
 *                   certificate does not verify), or {@code null} when it verifies
 * @param authorityCertificate the timestamping authority's certificate, or {@code null} when not found
 * @param certificates the certificates the timestamp carries (the authority's chain, as it put it)
 * @param digests    the digest algorithms it uses, as JCA names (or OIDs when unknown): an RFC 3161 token's message
 *                   imprint and its signer's digest, a counter-signature's digest; empty when not read that far
 * @param form       how it was read, for the report: e.g. that a legacy counter-signature carries a content-type
 *                   attribute (as DigiCert issues them), or {@code ""}
 */
public record Timestamp(String kind, Instant time, String authority, String problem,
                        java.security.cert.X509Certificate authorityCertificate,
                        java.util.List<java.security.cert.X509Certificate> certificates,
                        java.util.List<String> digests, String form) {
    /** Creates a timestamp; the lists are copied. */
    public Timestamp {
        certificates = java.util.List.copyOf(certificates);
        digests = java.util.List.copyOf(digests);
        form = form == null ? "" : form;
    }

    /** A timestamp that could not be read far enough to name its authority's certificate. */
    public Timestamp(String kind, Instant time, String authority, String problem) {
        this(kind, time, authority, problem, null, java.util.List.of(), java.util.List.of(), "");
    }

    /** An RFC 3161 timestamp (Microsoft's unsigned attribute 1.3.6.1.4.1.311.3.3.1). */
    public static final String RFC_3161 = "RFC 3161";
    /** A legacy Authenticode timestamp (PKCS#9 counterSignature). */
    public static final String AUTHENTICODE = "Authenticode";

    /** Whether the timestamp verifies. */
    public boolean valid() {
        return problem == null && time != null;
    }
}
