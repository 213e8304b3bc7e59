package dev.hipdll.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * "No child left running" with real processes: bash scripts written here start grandchildren that
 * outlive them, and each test asserts by pid ({@link ProcessHandle#of}) that none runs once
 * {@link ProcessRunner#run} has returned. Before {@link ProcessTree}, every such grandchild survived,
 * and one holding stdout made {@code run} wait for it (300 s here).
 * A zombie (exited, not yet reaped by init: on this VM init reaps every ~2 s) counts as ended.
 */
class ProcessTreeTest {
    private static final Map<String, String> ENV = Map.of("PATH", "/usr/bin:/bin");
    /**
     * A hang guard for things that take milliseconds, so that a loaded machine does not fail them; well below the
     * scripts' sleeps (300 s and more), so a run that waited for them still fails.
     */
    private static final Duration BOUND = Duration.ofSeconds(120);

    @TempDir
    Path dir;

    private final List<Long> started = new ArrayList<>();

    @AfterEach
    void killWhatATestLeft() {
        started.forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
    }

    @Test
    void aBackgroundGrandchildIsEndedWhenTheChildExitsNormally() throws Exception {
        Path script = script("wrapper.sh", """
                sleep 300 >/dev/null 2>&1 &
                echo $! > "$1/pid"
                echo compiled
                exit 0
                """);
        ProcessResult r = new ProcessRunner(Duration.ofMinutes(2)).run(Path.of("/bin/bash"),
                List.of(script.toString(), dir.toString()), ENV, dir, l -> { });
        long pid = pids("pid").get(0);
        assertEquals(0, r.exitCode());
        assertTrue(r.succeeded());
        assertEquals(List.of("compiled"), r.output());
        assertEnded(pid);
        assertEquals(1, r.leftovers().size(), r.leftovers().toString());
        assertTrue(r.leftovers().get(0).startsWith("pid " + pid + " ("), r.leftovers().toString());
        assertTrue(r.notes().get(0).contains("still running after it exited"), r.notes().toString());
    }

    @Test
    void aDoubleForkedDaemonIsEndedAfterAFailingExitToo() throws Exception {
        // ( ... & ) forks twice: the daemon's parent is gone before the script ends, so no snapshot
        // of the tree ever names it; only the environment marker finds it
        Path script = script("daemon.sh", """
                ( sleep 300 </dev/null >/dev/null 2>&1 & echo $! > "$1/pid" )
                exit 3
                """);
        ProcessResult r = new ProcessRunner(Duration.ofMinutes(2)).run(Path.of("/bin/bash"),
                List.of(script.toString(), dir.toString()), ENV, dir, l -> { });
        assertEquals(3, r.exitCode());
        assertFalse(r.succeeded());
        assertEnded(pids("pid").get(0));
        assertEquals(1, r.leftovers().size(), r.leftovers().toString());
    }

    @Test
    void aGrandchildHoldingStdoutOpenNeitherHangsTheRunNorSurvives() throws Exception {
        Path script = script("holder.sh", """
                echo before
                sleep 300 &
                echo $! > "$1/pid"
                exit 0
                """);
        long t0 = System.nanoTime();
        ProcessResult r = new ProcessRunner(Duration.ofMinutes(10)).run(Path.of("/bin/bash"),
                List.of(script.toString(), dir.toString()), ENV, dir, l -> { });
        Duration took = Duration.ofNanos(System.nanoTime() - t0);
        assertTrue(took.compareTo(BOUND) < 0, "run took " + took + " (it waited for the grandchild's pipe)");
        assertEquals(0, r.exitCode());
        assertEquals(List.of("before"), r.output());
        assertFalse(r.outputAbandoned(), "the holder was found and ended, so the output reached its end");
        assertEnded(pids("pid").get(0));
    }

    @Test
    void aPipeHeldOpenByAProcessThatEscapedTrackingIsGivenUpAfterTheDrainTimeout() throws Exception {
        // tracking off stands in for a holder nobody can find (e.g. started with a cleared environment
        // on a host without procfs): the run must still return, and say so. The script is silent and
        // waits a second before it exits so that both pumps are blocked reading when it does: the JDK
        // detaches a child's pipe at its exit only when no read is in progress (ProcessImpl's
        // ProcessPipeInputStream.processExited), and a blocked read is the case that used to hang.
        Path script = script("escapee.sh", """
                sleep 600 &
                echo $! > "$1/pid"
                sleep 1
                exit 0
                """);
        long t0 = System.nanoTime();
        ProcessResult r = new ProcessRunner(Duration.ofMinutes(10), Duration.ofSeconds(1), false)
                .run(Path.of("/bin/bash"), List.of(script.toString(), dir.toString()), ENV, dir, l -> { });
        Duration took = Duration.ofNanos(System.nanoTime() - t0);
        long pid = pids("pid").get(0);
        assertTrue(running(pid), "the escapee still runs (the premise of this test)");
        assertTrue(took.compareTo(BOUND) < 0, "run took " + took);
        assertEquals(0, r.exitCode());
        assertTrue(r.outputAbandoned());
        assertEquals(List.of(), r.output());
        assertTrue(r.notes().stream().anyMatch(n -> n.contains("stdout or stderr open")), r.notes().toString());
    }

    @Test
    void aTimeoutKillsTheWholeTree() throws Exception {
        Path script = script("hang.sh", """
                sleep 300 &
                echo $! > "$1/pid"
                bash -c 'sleep 300' &
                echo $! >> "$1/pid"
                wait
                """);
        ProcessResult r = new ProcessRunner(Duration.ofSeconds(2)).run(Path.of("/bin/bash"),
                List.of(script.toString(), dir.toString()), ENV, dir, l -> { });
        assertTrue(r.timedOut());
        assertEquals(-1, r.exitCode());
        for (long pid : pids("pid")) {
            assertEnded(pid);
        }
    }

    @Test
    void interruptingTheCallingThreadKillsTheTree() throws Exception {
        Path script = script("busy.sh", """
                sleep 300 &
                echo $! > "$1/pid.tmp"
                ( sleep 300 </dev/null >/dev/null 2>&1 & echo $! >> "$1/pid.tmp" )
                mv "$1/pid.tmp" "$1/pid"
                echo started
                wait
                """);
        AtomicReference<ProcessResult> result = new AtomicReference<>();
        AtomicBoolean flagAfterwards = new AtomicBoolean();
        Thread maven = new Thread(() -> {
            result.set(new ProcessRunner(Duration.ofMinutes(10)).run(Path.of("/bin/bash"),
                    List.of(script.toString(), dir.toString()), ENV, dir, l -> { }));
            flagAfterwards.set(Thread.currentThread().isInterrupted());
        }, "maven-builder");
        maven.start();
        awaitFile(dir.resolve("pid"));
        List<Long> pids = pids("pid");
        assertTrue(pids.stream().allMatch(ProcessTreeTest::running), "both grandchildren run before the interrupt");
        maven.interrupt();
        maven.join(BOUND.toMillis());
        assertFalse(maven.isAlive(), "run did not return after the interrupt");
        ProcessResult r = result.get();
        assertTrue(r.interrupted());
        assertFalse(r.succeeded());
        assertTrue(flagAfterwards.get(), "the thread's interrupt status is set again");
        for (long pid : pids) {
            assertEnded(pid);
        }
    }

    @Test
    void theShutdownHookBelongsToOneRunAndIsRemovedAfterIt() {
        AtomicBoolean ran = new AtomicBoolean();
        RunShutdownHook hook = new RunShutdownHook(() -> ran.set(true));
        assertTrue(hook.register());
        assertTrue(hook.registered());
        assertTrue(hook.unregister(), "the hook was registered with the runtime and is removed from it");
        assertFalse(hook.registered());
        assertFalse(hook.unregister());
        assertFalse(ran.get());
    }

    private Path script(String name, String body) throws IOException {
        Path s = dir.resolve(name);
        Files.writeString(s, "#!/bin/bash\n" + body);
        Files.setPosixFilePermissions(s, PosixFilePermissions.fromString("rwxr-xr-x"));
        return s;
    }

    private List<Long> pids(String file) throws IOException {
        List<Long> pids = Files.readAllLines(dir.resolve(file)).stream().map(String::trim).filter(s -> !s.isEmpty())
                .map(Long::parseLong).toList();
        started.addAll(pids);
        assertFalse(pids.isEmpty(), "the script wrote no pid");
        return pids;
    }

    private static void awaitFile(Path file) throws InterruptedException {
        long deadline = System.nanoTime() + BOUND.toNanos();
        while (!Files.exists(file)) {
            if (System.nanoTime() > deadline) {
                fail(file + " did not appear within " + BOUND);
            }
            Thread.sleep(20);
        }
    }

    /** Alive and not a zombie (a zombie has ended; init reaps it when it gets to it). */
    static boolean running(long pid) {
        return ProcessHandle.of(pid).map(h -> h.isAlive() && !ProcFs.standard().zombie(pid)).orElse(false);
    }

    /** Fails unless {@code pid} has ended, allowing {@link #BOUND} for the kernel to catch up. */
    static void assertEnded(long pid) throws InterruptedException {
        long deadline = System.nanoTime() + BOUND.toNanos();
        while (running(pid)) {
            if (System.nanoTime() > deadline) {
                fail("pid " + pid + " still runs " + BOUND + " after run returned");
            }
            Thread.sleep(20);
        }
    }
}
