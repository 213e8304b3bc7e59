package dev.hipdll.shard;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A signed shard manifest ({@code shard.dsse.json}) carries at most as many signatures as an attestation's envelope
 * ({@code AttestationLimits.DEFAULT}, 16): each costs one verification per trusted key, and an attestation bundle of
 * 147,151 signatures with the valid one last took minutes of CPU; the same envelope as a shard's
 * manifest is refused without checking any signature.
 */
class SignedManifestBoundsTest {
    @Test
    void anEnvelopeWithMoreSignaturesThanTheBoundIsRefusedUnchecked() {
        StringBuilder sigs = new StringBuilder();
        for (int i = 0; i < 17; i++) {
            sigs.append(i == 0 ? "" : ",").append("{\"keyid\":\"k").append(i).append("\",\"sig\":\"")
                    .append(Base64.getEncoder().encodeToString(new byte[64])).append("\"}");
        }
        String envelope = "{\"payload\":\"" + Base64.getEncoder().encodeToString("{}".getBytes(StandardCharsets.UTF_8))
                + "\",\"payloadType\":\"" + ShardManifest.PAYLOAD_TYPE + "\",\"signatures\":[" + sigs + "]}";
        ShardException e = assertThrows(ShardException.class, () -> ShardSet.signedPayload(
                envelope.getBytes(StandardCharsets.UTF_8), "shard/shard.dsse.json", List.of()));
        assertTrue(e.getMessage().startsWith("shard/shard.dsse.json") && e.getMessage().contains("17 signatures"),
                e.getMessage());
    }
}
