package dev.hipdll.attestation;

import dev.hipdll.parameter.DurationValue;
import java.time.Duration;

/**
 * The bounds of checking an attestation bundle: a bundle is untrusted input until a signature
 * verifies, and each signature costs about a millisecond and a half per trusted key, so its size, its envelopes, the
 * signatures of an envelope and the time spent are all bounded; each refusal names the limit and its parameter.
 * hipdll:build writes one envelope with one signature of a few KiB, so the defaults leave a wide margin.
 *
 * @param maxBytes      the largest bundle read, in bytes ({@value #MAX_KIB} KiB); no more than this plus one byte is
 *                      ever read, and a larger bundle is refused whole; 1..{@value #MAX_KIB_LIMIT} KiB
 * @param maxEnvelopes  the most envelopes (non-blank lines) a bundle may hold ({@value #MAX_ENVELOPES}); a bundle with
 *                      more is refused whole, before any signature is checked; at least 1
 * @param maxSignatures the most signatures an envelope may carry ({@value #MAX_SIGNATURES}); an envelope with more is
 *                      refused without checking any of them, and its signatures are not decoded; at least 1
 * @param timeLimit     how long the check may spend verifying signatures ({@value #TIME_LIMIT}); when it runs out the
 *                      check fails, naming how many signatures it verified; positive, at most a day
 */
public record AttestationLimits(long maxBytes, int maxEnvelopes, int maxSignatures, Duration timeLimit) {
    /** The parameter of {@link #maxBytes()}, in KiB. */
    public static final String MAX_KIB = "hip.attestation.maxKiB";
    /** The parameter of {@link #maxEnvelopes()}. */
    public static final String MAX_ENVELOPES = "hip.attestation.maxEnvelopes";
    /** The parameter of {@link #maxSignatures()}. */
    public static final String MAX_SIGNATURES = "hip.attestation.maxSignatures";
    /** The parameter of {@link #timeLimit()}. */
    public static final String TIME_LIMIT = "hip.attestation.timeLimit";
    /** The largest {@value #MAX_KIB} accepted: 256 MiB (the bundle is held in memory while it is checked). */
    public static final int MAX_KIB_LIMIT = 1 << 18;
    /** The defaults: 1 MiB, 16 envelopes, 16 signatures per envelope, 10 seconds. */
    public static final AttestationLimits DEFAULT = new AttestationLimits(1 << 20, 16, 16, Duration.ofSeconds(10));

    /**
     * Checks the bounds.
     *
     * @throws IllegalArgumentException naming the parameter and its range when one is outside it
     */
    public AttestationLimits {
        if (maxBytes < 1 || maxBytes > (long) MAX_KIB_LIMIT << 10) {
            throw new IllegalArgumentException(MAX_KIB + ": " + maxBytes + " bytes is outside 1.." + MAX_KIB_LIMIT
                    + " KiB");
        }
        if (maxEnvelopes < 1) {
            throw new IllegalArgumentException(MAX_ENVELOPES + ": " + maxEnvelopes + " is outside 1.." + Integer.MAX_VALUE);
        }
        if (maxSignatures < 1) {
            throw new IllegalArgumentException(MAX_SIGNATURES + ": " + maxSignatures + " is outside 1.."
                    + Integer.MAX_VALUE);
        }
        if (timeLimit == null || timeLimit.isNegative() || timeLimit.isZero() || timeLimit.compareTo(Duration.ofDays(1)) > 0) {
            throw new IllegalArgumentException(TIME_LIMIT + ": " + timeLimit + " is outside 1 ns..1 day");
        }
    }

    /**
     * The limits from their parameters.
     *
     * @param maxKiB        {@value #MAX_KIB}, 1..{@value #MAX_KIB_LIMIT}
     * @param maxEnvelopes  {@value #MAX_ENVELOPES}, at least 1
     * @param maxSignatures {@value #MAX_SIGNATURES}, at least 1
     * @param timeLimit     {@value #TIME_LIMIT}, positive, at most a day
     * @throws IllegalArgumentException naming the parameter and its range when one is outside it
     */
    public static AttestationLimits of(int maxKiB, int maxEnvelopes, int maxSignatures, Duration timeLimit) {
        if (maxKiB < 1 || maxKiB > MAX_KIB_LIMIT) {
            throw new IllegalArgumentException(MAX_KIB + ": " + maxKiB + " is outside 1.." + MAX_KIB_LIMIT);
        }
        return new AttestationLimits((long) maxKiB << 10, maxEnvelopes, maxSignatures, timeLimit);
    }

    /** {@link #timeLimit()} as the parameter says it: {@code hip.attestation.timeLimit=10s}. */
    String describeTimeLimit() {
        return TIME_LIMIT + "=" + (timeLimit.getNano() == 0 ? DurationValue.format(timeLimit)
                : timeLimit.toNanos() + " ns");
    }

    /** {@link #maxBytes()} as the parameter says it: {@code hip.attestation.maxKiB=1024}, or bytes when not whole KiB. */
    String describeMaxBytes() {
        return maxBytes % 1024 == 0 ? MAX_KIB + "=" + (maxBytes >> 10) : MAX_KIB + "=" + maxBytes + " bytes";
    }
}
