package dev.hipdll.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.hipdll.testing.Toolchain;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A compiler descendant that detaches with {@code env -i setsid ...} (no marker, another session,
 * parent gone) survived the timeout kill, which said its whole tree was killed.
 * Real process trees on Linux: the JVM is a child subreaper ({@link ChildSubreaper}), such orphans are
 * re-parented to it, found ({@link AdoptedOrphans}), killed and reaped; a process the JVM started
 * itself is never taken for one.
 */
class DetachedDescendantTest {
    private static final Map<String, String> ENV = Map.of("PATH", "/usr/bin:/bin");
    /** A hang guard for what takes milliseconds (the scripts sleep 300 s): a loaded machine does not fail it. */
    private static final Duration BOUND = Duration.ofSeconds(120);

    @TempDir
    Path dir;
    private final List<Long> started = new ArrayList<>();

    @BeforeEach
    void linux() {
        Toolchain.require("setsid", "env");
        if (!Files.isDirectory(Path.of("/proc/self"))) {
            Toolchain.missing("procfs at /proc (Linux)");
        }
    }

    @AfterEach
    void killWhatATestLeft() {
        started.forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
    }

    private Path script(String body) throws Exception {
        Path s = dir.resolve("hipcc.sh");
        Files.writeString(s, "#!/bin/bash\n" + body);
        Files.setPosixFilePermissions(s, PosixFilePermissions.fromString("rwxr-xr-x"));
        return s;
    }

    private long pid() throws Exception {
        long pid = Long.parseLong(Files.readString(dir.resolve("pid")).trim());
        started.add(pid);
        return pid;
    }

    @Test
    void theJvmIsASubreaper() {
        ChildSubreaper s = ChildSubreaper.enable();
        assertTrue(s != null && s.active(), "prctl(PR_SET_CHILD_SUBREAPER) did not take");
    }

    @Test
    void aDetachedDescendantIsKilledOnTimeout() throws Exception {
        // the subshell exits at once: the sleep's parent is gone before any snapshot, its environment is
        // empty (no marker) and it runs in its own session
        Path s = script("""
                ( env -i setsid sleep 300 </dev/null >/dev/null 2>&1 & echo $! > "$1/pid" )
                sleep 300
                """);
        ProcessResult r = new ProcessRunner(Duration.ofSeconds(2)).run(Path.of("/bin/bash"),
                List.of(s.toString(), dir.toString()), ENV, dir, l -> { });
        assertTrue(r.timedOut());
        long pid = pid();
        assertEnded(pid);
        assertTrue(r.leftovers().stream().anyMatch(l -> l.startsWith("pid " + pid + " ")), r.leftovers().toString());
        assertReaped(pid);
    }

    /**
     * Repeated: the orphan starts within milliseconds of the run, which is where start times that were
     * compared in two clocks went wrong about once in 60 runs ({@link AdoptedOrphansTest}).
     */
    @RepeatedTest(40)
    void aDetachedDescendantIsEndedAfterANormalExit() throws Exception {
        Path s = script("""
                env -i setsid sleep 300 </dev/null >/dev/null 2>&1 &
                echo $! > "$1/pid"
                echo compiled
                exit 0
                """);
        ProcessResult r = new ProcessRunner(Duration.ofMinutes(1)).run(Path.of("/bin/bash"),
                List.of(s.toString(), dir.toString()), ENV, dir, l -> { });
        assertEquals(0, r.exitCode());
        long pid = pid();
        assertEnded(pid);
        assertTrue(r.leftovers().stream().anyMatch(l -> l.startsWith("pid " + pid + " ")), r.leftovers().toString());
        assertReaped(pid);
    }

    @Test
    void aProcessTheJvmStartedItselfIsLeftAlone() throws Exception {
        Process other = new ProcessBuilder("sleep", "600").start(); // another plugin's process, started meanwhile
        started.add(other.pid());
        try {
            Path s = script("""
                    ( env -i setsid sleep 300 </dev/null >/dev/null 2>&1 & echo $! > "$1/pid" )
                    exit 0
                    """);
            ProcessResult r = new ProcessRunner(Duration.ofMinutes(1)).run(Path.of("/bin/bash"),
                    List.of(s.toString(), dir.toString()), ENV, dir, l -> { });
            assertEquals(0, r.exitCode());
            assertEnded(pid());
            assertTrue(other.isAlive(), "a process this JVM started itself was killed");
            assertFalse(r.leftovers().stream().anyMatch(l -> l.startsWith("pid " + other.pid() + " ")), r.leftovers().toString());
        } finally {
            other.destroyForcibly();
        }
    }

    private static void assertEnded(long pid) throws InterruptedException {
        long deadline = System.nanoTime() + BOUND.toNanos();
        while (ProcessHandle.of(pid).map(h -> h.isAlive() && !ProcFs.standard().zombie(pid)).orElse(false)) {
            if (System.nanoTime() > deadline) {
                fail("pid " + pid + " still runs " + BOUND + " after run returned");
            }
            Thread.sleep(20);
        }
    }

    /** The ended orphan is no zombie of this JVM (the JDK would never reap it). */
    private static void assertReaped(long pid) throws InterruptedException {
        long deadline = System.nanoTime() + BOUND.toNanos();
        while (Files.exists(Path.of("/proc/" + pid))
                && ProcFs.standard().stat(pid).map(s -> s.ppid() == ProcessHandle.current().pid()).orElse(false)) {
            if (System.nanoTime() > deadline) {
                fail("pid " + pid + " is a zombie child of this JVM: not reaped");
            }
            Thread.sleep(20);
        }
    }
}
