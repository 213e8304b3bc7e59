package dev.hipdll.windowstier;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.compile.BuildFailedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * At the level of a build, on a Windows API: an SDK whose hipcc.exe (hang.exe) starts a
 * grandchild and hangs; with {@code hip.timeout} the build fails naming the timeout and both processes are gone
 * (the Job Object); a second JVM running such a build, killed with TerminateProcess, leaves nothing running
 * (kill-on-job-close); in both cases the next build of the same project with the real SDK is correct.
 */
@Tag(WindowsTier.TAG)
class HangingBuildTest {
    @Test
    void aTimedOutHipccAndItsGrandchildAreGoneAndTheNextBuildIsCorrect() throws Exception {
        Path root = WindowsTier.work("hanging-build");
        Path sdk = hangingSdk(root.resolve("hang sdk"));
        TierBuild b = new TierBuild(root.resolve("project")).withExample();
        b.sdk = sdk;
        // long enough for Wine to start hang.exe and its grandchild on a loaded machine (5 s was not always)
        b.timeout = Duration.ofSeconds(30);
        b.jobs = 1;
        BuildFailedException e = assertThrows(BuildFailedException.class, b::build);
        assertTrue(e.getMessage().contains("failed"), e.getMessage());
        String all = (String.join("\n", b.log) + "\n" + e.getMessage()).toLowerCase(java.util.Locale.ROOT);
        assertTrue(all.contains("timeout"), "the failure does not name the timeout: " + all);
        ProcessTreeTest.assertGone(sdk.resolve("bin").resolve("hang-pids.txt"));
        nextBuildIsCorrect(b);
    }

    @Test
    void aBuildWhoseJvmIsKilledLeavesNothingRunningAndTheNextBuildIsCorrect() throws Exception {
        Path root = WindowsTier.work("killed-build");
        Path sdk = hangingSdk(root.resolve("hang sdk"));
        Path project = root.resolve("project");
        new TierBuild(project).withExample();
        Process jvm = SecondJvm.start(root, HangingBuild.class, project.toString(), sdk.toString());
        Path pids = sdk.resolve("bin").resolve("hang-pids.txt");
        long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
        while (!Files.exists(pids) && jvm.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        assertTrue(Files.exists(pids), "the build in the second JVM never started hipcc: " + SecondJvm.output(root));
        Thread.sleep(500);
        jvm.destroyForcibly();
        assertTrue(jvm.waitFor(2, TimeUnit.MINUTES));  // a hang guard
        ProcessTreeTest.assertGone(pids);
        TierBuild next = new TierBuild(project);
        nextBuildIsCorrect(next);
    }

    private static void nextBuildIsCorrect(TierBuild b) throws Exception {
        b.sdk = WindowsTier.SDK;
        b.timeout = Duration.ofMinutes(10);
        assertFalse(b.build().upToDate());
        EndToEndBuildTest.assertVerified(b.dll());
    }

    private static Path hangingSdk(Path to) throws Exception {
        WindowsTier.linkSdk(to);
        Path hipcc = to.resolve("bin").resolve("hipcc.exe");
        Files.delete(hipcc);
        Files.copy(WindowsTier.fixtures().resolve("hang.exe"), hipcc);
        return to;
    }

    /** The second JVM's program: builds the project (args[0]) with the hanging SDK (args[1]), no timeout to speak of. */
    public static final class HangingBuild {
        public static void main(String[] args) throws Exception {
            TierBuild b = new TierBuild(Path.of(args[0]));
            b.sdk = Path.of(args[1]);
            b.jobs = 1;
            b.build();
        }
    }
}
