package dev.hipdll.trust;

import dev.hipdll.attestation.TrustedKey;
import dev.hipdll.authenticode.DigestPolicy;
import dev.hipdll.authenticode.SignerPins;
import dev.hipdll.authenticode.TrustStore;
import java.util.List;
import java.util.Optional;

/**
 * The one trust policy of a run, built once from the parameters and handed to every place that
 * takes bytes from outside the run ({@link InputPath}): the verification of a DLL or a package, a merge's shards, step
 * records restored from elsewhere, and the attestation a signing build writes.
 *
 * @param trustedKeys      the keys whose DSSE signatures vouch for a DLL's attestation, a shard's manifest or a
 *                         step record ({@code hip.attestation.trustedKeys}); empty: no such signature is trusted
 * @param requireSignature whether every PE must carry an Authenticode signature ({@code hip.requireSignature})
 * @param signers          the accepted Authenticode signers ({@code hip.signers}); none: any signer
 * @param trustStore       the certificates an Authenticode chain must end in ({@code hip.trustStore}); empty: the
 *                         chain is not checked
 * @param digests          the digest algorithms an Authenticode signature may use ({@code hip.signature.digests}):
 *                         its image hash, signer's digest and timestamp's
 */
public record TrustPolicy(List<TrustedKey> trustedKeys, boolean requireSignature, SignerPins signers,
                          Optional<TrustStore> trustStore, DigestPolicy digests) {
    /** Copies the key list; a missing digest policy is the default one. */
    public TrustPolicy {
        trustedKeys = List.copyOf(trustedKeys);
        digests = digests == null ? DigestPolicy.defaults() : digests;
    }

    /** A policy with the default digest policy (SHA-256 and stronger). */
    public TrustPolicy(List<TrustedKey> trustedKeys, boolean requireSignature, SignerPins signers,
                       Optional<TrustStore> trustStore) {
        this(trustedKeys, requireSignature, signers, trustStore, DigestPolicy.defaults());
    }

    /** No trusted key, no signature required, any signer, no trust store: the default of every goal. */
    public static TrustPolicy none() {
        return new TrustPolicy(List.of(), false, SignerPins.none(), Optional.empty());
    }

    /** This policy with {@code keys} as its trusted keys. */
    public TrustPolicy withTrustedKeys(List<TrustedKey> keys) {
        return new TrustPolicy(keys, requireSignature, signers, trustStore, digests);
    }

    /** Whether any key is trusted: only then can a signed input be told from a forged one. */
    public boolean hasTrustedKeys() {
        return !trustedKeys.isEmpty();
    }

    /**
     * What a run may take of an input that reaches it by {@code path} (the one place this is decided; docs/trust.md
     * has the matrix):
     * <ul>
     *   <li>with trusted keys: {@link Admission#SIGNED_ONLY}, on every path;</li>
     *   <li>without: a step record this machine did not write is never taken ({@link Admission#NONE}: its step runs
     *       again); a shard is refused ({@link Admission#NONE}) by a build that signs, since its signature would vouch
     *       for device code it cannot check, and taken unsigned ({@link Admission#ANY}) by one that does not; a DLL,
     *       a package's file or an attestation is checked without a signature ({@link Admission#ANY}).</li>
     * </ul>
     *
     * @param path  how the input arrives
     * @param signs whether the run signs what it makes (a signing key is configured)
     * @return what it may take
     */
    public Admission mayTake(InputPath path, boolean signs) {
        if (hasTrustedKeys()) {
            return Admission.SIGNED_ONLY;
        }
        return switch (path) {
            case STEP_RECORD -> Admission.NONE;
            case SHARD -> signs ? Admission.NONE : Admission.ANY;
            case DLL, PACKAGE_FILE, ATTESTATION -> Admission.ANY;
        };
    }
}
