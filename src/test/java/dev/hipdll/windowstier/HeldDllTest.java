package dev.hipdll.windowstier;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.hipdll.compile.BuildFailedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * On a Windows API: the DLL is rebuilt while another process (holder.exe) has it loaded with
 * LoadLibrary; the build either replaces it or fails with a message that names the holding process; the file at
 * the DLL's path is never half-written and never lost (it is the old DLL or the new one, each whole and
 * verified). Two builds of one project at the same time (this JVM and another, each holding the output
 * directory's lock as the build goal does) both end well.
 */
@Tag(WindowsTier.TAG)
class HeldDllTest {
    @Test
    void aDllLoadedByAnotherProcessIsReplacedOrTheHolderIsNamed() throws Exception {
        Path root = WindowsTier.work("held-dll");
        TierBuild b = new TierBuild(root.resolve("project")).withExample();
        b.build();
        byte[] before = Files.readAllBytes(b.dll());
        Path ready = root.resolve("ready.txt");
        Path stop = root.resolve("stop.txt");
        ProcessBuilder pb = new ProcessBuilder(WindowsTier.fixtures().resolve("holder.exe").toString(), b.dll().toString(),
                ready.toString(), stop.toString()).redirectErrorStream(true);
        pb.environment().put("PATH", WindowsTier.SDK.resolve("bin") + ";" + System.getenv("PATH")); // amdhip64_7.dll
        Process holder = pb.start();
        try {
            long deadline = System.nanoTime() + Duration.ofMinutes(5).toNanos();  // a hang guard
            while (!Files.exists(ready) && holder.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            if (!Files.exists(ready)) {
                holder.destroyForcibly();
                fail("holder.exe did not load the DLL: " + new String(holder.getInputStream().readAllBytes()));
            }
            Path chain = b.sources().resolve("cuda_chain.cu");
            Files.writeString(chain, Files.readString(chain) + "\n__global__ void coli_tier_held(int *p) { *p = 7; }\n");
            try {
                b.build();
                byte[] after = Files.readAllBytes(b.dll());
                assertTrue(!java.util.Arrays.equals(before, after), "the DLL was not rebuilt");
                assertTrue(b.log.stream().anyMatch(l -> l.contains("coli_hip.dll was in use")), String.join("\n", b.log));
                assertTrue(holder.isAlive(), "the process that had the old DLL loaded died");
                EndToEndBuildTest.assertVerified(b.dll());
            } catch (BuildFailedException e) {
                assertTrue(e.getMessage().contains("holder.exe") || e.getMessage().contains(Long.toString(holder.pid())),
                        "the failure does not name the process holding the DLL: " + e.getMessage());
                assertArrayEquals(before, Files.readAllBytes(b.dll()), "the previous DLL was changed");
            }
        } finally {
            Files.writeString(stop, "stop");
            holder.waitFor();
        }
        assertEquals(0, holder.exitValue());
    }

    @Test
    void twoBuildsOfOneProjectAtOnceBothEndWell() throws Exception {
        Path root = WindowsTier.work("two-builds");
        Path project = root.resolve("project");
        TierBuild here = new TierBuild(project).withExample();
        Process other = SecondJvm.start(root, LockedBuild.class, project.toString());
        here.buildLocked();
        assertTrue(other.waitFor(10, java.util.concurrent.TimeUnit.MINUTES), "the other build did not end");
        assertEquals(0, other.exitValue(), "the other build failed: " + SecondJvm.output(root));
        EndToEndBuildTest.assertVerified(here.dll());
        try (var s = Files.list(here.dll().getParent())) {
            List<String> left = s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".tmp")).toList();
            assertEquals(List.of(), left, "temporary files left beside the DLL");
        }
    }

    /** The second JVM's program: one locked build of the project (args[0]); exit 0 when it succeeded. */
    public static final class LockedBuild {
        public static void main(String[] args) throws Exception {
            TierBuild b = new TierBuild(Path.of(args[0]));
            try {
                b.buildLocked();
            } catch (Exception e) {
                System.out.println(String.join("\n", b.log));
                e.printStackTrace(System.out);
                System.exit(1);
            }
            System.exit(0);
        }
    }
}
