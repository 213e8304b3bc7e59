package dev.hipdll.trust;

import dev.hipdll.attestation.TrustedKey;
import dev.hipdll.authenticode.SignerPins;
import dev.hipdll.authenticode.TrustStore;
import java.util.List;
import java.util.Optional;

/**
 * The one trust policy of a run (issue 30, item 2), built once from the parameters and handed to every place that
 * takes bytes from outside the run ({@link InputPath}): the verification of a DLL or a package, a merge's shards, step
 * records restored from elsewhere, and the attestation a signing build writes.
 *
 * @param trustedKeys      the keys whose DSSE signatures vouch for a DLL's attestation, a shard's manifest or a
 *                         step record ({@code hip.attestation.trustedKeys}); empty: no such signature is trusted
 * @param requireSignature whether every PE must carry an Authenticode signature ({@code hip.requireSignature})
 * @param signers          the accepted Authenticode signers ({@code hip.signers}); none: any signer
 * @param trustStore       the certificates an Authenticode chain must end in ({@code hip.trustStore}); empty: the
 *                         chain is not checked
 */
public record TrustPolicy(List<TrustedKey> trustedKeys, boolean requireSignature, SignerPins signers,
                          Optional<TrustStore> trustStore) {
    /** Copies the key list. */
    public TrustPolicy {
        trustedKeys = List.copyOf(trustedKeys);
    }

    /** No trusted key, no signature required, any signer, no trust store: the default of every goal. */
    public static TrustPolicy none() {
        return new TrustPolicy(List.of(), false, SignerPins.none(), Optional.empty());
    }

    /** This policy with {@code keys} as its trusted keys. */
    public TrustPolicy withTrustedKeys(List<TrustedKey> keys) {
        return new TrustPolicy(keys, requireSignature, signers, trustStore);
    }

    /** Whether any key is trusted: only then can a signed input be told from a forged one. */
    public boolean hasTrustedKeys() {
        return !trustedKeys.isEmpty();
    }
}
