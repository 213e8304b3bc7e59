package dev.hipdll.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.hipdll.testing.Toolchain;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * After {@code kill -9} of the Maven JVM its compiler tree keeps running (no shutdown hook runs, and on
 * Linux nothing ties the tree to the JVM); the next build in that output directory ends it before it
 * starts its own compiler. The orphan here is a real process started detached with
 * the dead build's tree id in its environment, as every process of that build had it.
 */
class BuildRunTest {
    @TempDir
    Path dir;
    private Process orphan;

    @BeforeEach
    void linux() {
        if (!Files.isDirectory(Path.of("/proc/self"))) {
            Toolchain.missing("procfs at /proc (Linux)");
        }
    }

    @AfterEach
    void cleanUp() {
        if (orphan != null) {
            orphan.destroyForcibly();
        }
    }

    @Test
    void whatAKilledBuildLeftIsEndedByTheNext() throws Exception {
        String dead = "0b6e2f5e-2a9c-4c1e-9a43-5d7c0f6b1a11";
        Files.writeString(dir.resolve(BuildRun.FILE_NAME), dead + "\n");
        ProcessBuilder pb = new ProcessBuilder("sleep", "300");
        pb.environment().put(BuildRun.VARIABLE, dead);
        orphan = pb.start();
        BuildRun run = BuildRun.start(dir.resolve(BuildRun.FILE_NAME));
        assertEquals(1, run.ended().size(), run.ended().toString());
        assertTrue(run.ended().get(0).startsWith("pid " + orphan.pid() + " ("), run.ended().toString());
        long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();  // a hang guard
        while (orphan.isAlive()) {
            if (System.nanoTime() > deadline) {
                fail("the orphan still runs");
            }
            Thread.sleep(20);
        }
        assertNotEquals(dead, run.id());
        assertEquals(run.id() + "\n", Files.readString(dir.resolve(BuildRun.FILE_NAME)));
        run.finished();
        assertTrue(!Files.exists(dir.resolve(BuildRun.FILE_NAME)));
    }

    @Test
    void theRunnerMarksEveryProcessWithTheBuildsId() throws Exception {
        BuildRun run = BuildRun.start(dir.resolve(BuildRun.FILE_NAME));
        ProcessRunner runner = new ProcessRunner(Duration.ofSeconds(30)).withBuildId(run.id());
        ProcessResult a = runner.run(Path.of("/bin/sh"), List.of("-c", "echo \"$" + BuildRun.VARIABLE + " $"
                + TreeMarker.NAME + "\""), java.util.Map.of("PATH", "/usr/bin:/bin"), dir, l -> { });
        ProcessResult b = runner.run(Path.of("/bin/sh"), List.of("-c", "echo \"$" + TreeMarker.NAME + "\""),
                java.util.Map.of("PATH", "/usr/bin:/bin"), dir, l -> { });
        assertTrue(a.output().get(0).startsWith(run.id() + " "), a.output().toString());
        // each run keeps its own tree marker: steps side by side never end each other's processes
        assertNotEquals(a.output().get(0).substring(run.id().length() + 1), b.output().get(0));
    }

    @Test
    void aFileThatIsNoIdIsIgnored() throws Exception {
        Files.writeString(dir.resolve(BuildRun.FILE_NAME), "/etc/passwd\n");
        assertEquals(List.of(), BuildRun.start(dir.resolve(BuildRun.FILE_NAME)).ended());
    }
}
