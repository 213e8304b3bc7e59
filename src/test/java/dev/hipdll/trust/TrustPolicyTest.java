package dev.hipdll.trust;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.hipdll.attestation.TrustedKeys;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * {@link TrustPolicy#mayTake}: the one decision of what a run takes of each input path (docs/trust.md's matrix, the
 * build's columns): the four trust configurations (no key, trusted keys, a signing key without trusted keys, both)
 * for a shard and a step record this machine did not write.
 */
class TrustPolicyTest {
    private static TrustPolicy trusting() throws Exception {
        Path keys = Path.of(TrustPolicyTest.class.getResource("/dev/hipdll/attestation/keys/ec-p256-public.pem").toURI());
        return TrustPolicy.none().withTrustedKeys(TrustedKeys.load(keys));
    }

    @Test
    void aShardIsTakenUnsignedOnlyByABuildThatNeitherSignsNorTrusts() throws Exception {
        assertEquals(Admission.ANY, TrustPolicy.none().mayTake(InputPath.SHARD, false));
        assertEquals(Admission.NONE, TrustPolicy.none().mayTake(InputPath.SHARD, true));
        assertEquals(Admission.SIGNED_ONLY, trusting().mayTake(InputPath.SHARD, false));
        assertEquals(Admission.SIGNED_ONLY, trusting().mayTake(InputPath.SHARD, true));
    }

    @Test
    void aRecordFromElsewhereIsTakenOnlySignedByATrustedKey() throws Exception {
        assertEquals(Admission.NONE, TrustPolicy.none().mayTake(InputPath.STEP_RECORD, false));
        assertEquals(Admission.NONE, TrustPolicy.none().mayTake(InputPath.STEP_RECORD, true));
        assertEquals(Admission.SIGNED_ONLY, trusting().mayTake(InputPath.STEP_RECORD, false));
        assertEquals(Admission.SIGNED_ONLY, trusting().mayTake(InputPath.STEP_RECORD, true));
    }

    @Test
    void verifysPathsAreCheckedWithoutASignatureUnlessAKeyIsTrusted() throws Exception {
        for (InputPath p : new InputPath[] {InputPath.DLL, InputPath.PACKAGE_FILE, InputPath.ATTESTATION}) {
            assertEquals(Admission.ANY, TrustPolicy.none().mayTake(p, true), p.name());
            assertEquals(Admission.SIGNED_ONLY, trusting().mayTake(p, false), p.name());
        }
    }
}
