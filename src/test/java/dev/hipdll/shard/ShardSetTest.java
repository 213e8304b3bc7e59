package dev.hipdll.shard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.attestation.TrustedKeys;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The messages of reading shards without a toolchain: a merge that requires shards but is given none
 * (an empty {@code -Dhip.shards=} from a CI script whose download found nothing) says so before any step, and the
 * page a message points to exists.
 */
class ShardSetTest {
    @TempDir
    Path dir;

    @Test
    void requiringShardsButNamingNoneFailsBeforeAnyStepSayingSo() {
        ShardException e = assertThrows(ShardException.class, () -> ShardSet.load(List.of(), List.of(), true, "1"));
        assertEquals("hip.shards.require=true takes all device code from shards, but hip.shards names no shard;"
                + " expected shard directories, shard .zip files or Maven coordinates, comma-separated", e.getMessage());
    }

    @Test
    void theStepsAShardOffersThatNoPlannedStepTakesAreNamedPerShard() {
        java.util.function.BiFunction<String, String, ShardOffer> offer = (shard, step) -> new ShardOffer(shard,
                dir.resolve(shard), "1", new ShardEntry(step, step.replace(":", "_") + ".co", "0".repeat(64),
                new dev.hipdll.incremental.StepRecord(2, step, List.of(), "", "", java.util.Map.of(), List.of(),
                        new dev.hipdll.incremental.FileFingerprint("out.co", 1, 0, "0".repeat(64)))));
        ShardSet set = new ShardSet(java.util.Map.of(
                "device:a.cu:gfx1100", List.of(offer.apply("s1", "device:a.cu:gfx1100")),
                "device:a.cu:gfx1151", List.of(offer.apply("s2", "device:a.cu:gfx1151")),
                "device:b.cu:gfx1151", List.of(offer.apply("s2", "device:b.cu:gfx1151")),
                "device:a.cu:gfx1201", List.of(offer.apply("s3", "device:a.cu:gfx1201"))),
                List.of("s1", "s2", "s3"), false, "1");
        List<ShardSet.Unused> unused = set.unused(java.util.Set.of("device:a.cu:gfx1100", "device:a.cu:gfx1151"));
        assertEquals(2, unused.size(), unused.toString());
        ShardSet.Unused s2 = unused.stream().filter(u -> u.shard().equals("s2")).findFirst().orElseThrow();
        assertEquals(List.of("device:b.cu:gfx1151"), s2.steps());
        assertEquals(2, s2.offered());
        assertTrue(!s2.all());
        ShardSet.Unused s3 = unused.stream().filter(u -> u.shard().equals("s3")).findFirst().orElseThrow();
        assertTrue(s3.all());
    }

    @Test
    void noShardsNotRequiredIsNoError() throws Exception {
        assertTrue(ShardSet.load(List.of(), List.of(), false, "1").none());
    }

    @Test
    void anUnsignedShardUnderTrustedKeysPointsToADocThatExists() throws Exception {
        Path keys = Path.of(getClass().getResource("/dev/hipdll/attestation/keys/ec-p256-public.pem").toURI());
        Path shard = Files.createDirectories(dir.resolve("gfx1100"));
        Files.writeString(shard.resolve(ShardManifest.FILE_NAME), "{}");
        ShardException e = assertThrows(ShardException.class,
                () -> ShardSet.load(List.of(shard), TrustedKeys.load(keys), false, "1"));
        Matcher m = Pattern.compile("docs/[a-z0-9-]+\\.md").matcher(e.getMessage());
        assertTrue(m.find(), "names where signing a shard is described: " + e.getMessage());
        Path doc = Path.of(m.group());
        assertTrue(Files.isRegularFile(doc), e.getMessage() + ": " + doc + " does not exist");
    }
}
