package dev.hipdll.windowstier;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.shard.ShardResult;
import dev.hipdll.shard.ShardSet;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * On a Windows API: two shard builds ({@code hip.shard=device}), one per gfx target, on "machines" with the
 * project on another drive and under paths with spaces and non-ASCII letters, one of them with the SDK copied
 * elsewhere, each through the SDK's hipcc.exe; a fourth project merges them with every device compile taken from a
 * shard ({@code hip.shards.require}), and its DLL is the one-machine build's, byte for byte. The shard keys hold
 * Windows paths only as placeholders, so they match across drives.
 */
@Tag(WindowsTier.TAG)
class ShardedBuildTest {
    @Test
    void twoShardsOnOtherDrivesMergeIntoTheOneMachineBytes() throws Exception {
        Path root = WindowsTier.work("sharded");
        TierBuild one = new TierBuild(root.resolve("one machine")).withExample();
        one.build();
        EndToEndBuildTest.assertVerified(one.dll());
        byte[] reference = Files.readAllBytes(one.dll());

        TierBuild first = new TierBuild(Path.of("D:\\shard machine ä\\backend")).withExample();
        WindowsTier.delete(first.project.resolve("target"));
        first.sdk = WindowsTier.copySdk(Path.of("D:\\shard sdk\\ROCm 7.1"));
        first.arch = "gfx1151";
        ShardResult a = first.shard();
        assertEquals(List.of("device compile backend_cuda.cu [gfx1151]", "device compile cuda_chain.cu [gfx1151]"),
                first.ran(), String.join("\n", first.log));
        assertFalse(Files.exists(first.dll()), "a shard build linked a DLL");

        TierBuild second = new TierBuild(root.resolve("zweite Maschine")).withExample();
        second.arch = "gfx1100";
        ShardResult b = second.shard();
        assertEquals(2, b.manifest().steps().size(), String.join("\n", second.log));

        TierBuild merge = new TierBuild(Path.of("C:\\merge job\\backend")).withExample();
        WindowsTier.delete(merge.project.resolve("target"));
        merge.shards = ShardSet.load(List.of(a.directory(), b.directory()), List.of(), true, "test");
        merge.build();
        assertEquals(List.of("bundle backend_cuda.cu", "bundle cuda_chain.cu", "host compile backend_cuda.cu",
                "host compile cuda_chain.cu", "link coli_hip.dll"), merge.ran(), String.join("\n", merge.log));
        assertTrue(merge.log.stream().anyMatch(l -> l.contains("device compile cuda_chain.cu [gfx1151] reused (from shard "
                + a.directory())), String.join("\n", merge.log));
        assertArrayEquals(reference, Files.readAllBytes(merge.dll()), "the merged DLL differs from the one-machine build");
        EndToEndBuildTest.assertVerified(merge.dll());
    }
}
