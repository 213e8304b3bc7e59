package dev.hipdll.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.hipdll.compile.BuildFailedException;
import dev.hipdll.host.Host;
import dev.hipdll.host.OsFamily;
import dev.hipdll.sdk.HipSdk;
import dev.hipdll.testing.FakeSdk;
import dev.hipdll.testing.MiniPe;
import dev.hipdll.testing.StandinBuild;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the build does with the processes its steps leave behind (a fake hipcc per step, a bash
 * script, see {@link FakeSdk}): a background process left after a successful link is ended and named
 * in {@code build.log}; a build whose thread is interrupted kills the tree of every running step
 * (the link's, or two device compiles running at once), fails with "the build was stopped", deletes
 * the temporary DLL and leaves the previous DLL as it was; a step that fails kills the trees of the
 * steps running beside it and no further step starts.
 */
class HipccProcessTreeTest {
    /** A hang guard for what takes milliseconds (the scripts sleep 300 s): a loaded machine does not fail it. */
    private static final Duration BOUND = Duration.ofSeconds(120);

    @TempDir
    Path dir;

    private final List<Long> pids = new ArrayList<>();
    private HipSdk sdk;

    @AfterEach
    void cleanUp() {
        pids.forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
    }

    private static Map<String, String> env() {
        return Map.of("PATH", "/usr/bin:/bin");
    }

    /** A request for one unit {@code k.cu} for {@code arch}, 2 workers, with the fake hipcc made of these bodies. */
    private HipDllBuildRequest request(String arch, String compileBody, String linkBody) throws Exception {
        Files.write(dir.resolve("good.dll"), new MiniPe().build()); // a complete PE32+ DLL
        sdk = FakeSdk.create(dir.resolve("sdk"), FakeSdk.hipcc(compileBody.replace("%s", dir.toString()),
                linkBody.replace("%s", dir.toString())));
        Path project = Files.createDirectories(dir.resolve("project"));
        Path source = Files.writeString(project.resolve("k.cu"), "// k\n");
        return StandinBuild.request(project, project, List.of(source), List.of(), arch, List.of(),
                project.resolve("target/hipdll/coli_hip.dll"), StandinBuild.options(Duration.ofSeconds(600)),
                Host.of(OsFamily.UNIX, env()), sdk.root().path());
    }

    private HipDllBuildResult build(HipDllBuildRequest r, BuildListener log) throws Exception {
        return StandinBuild.build(StandinBuild.setup(sdk, env()), r, log);
    }

    @Test
    void aProcessLeftBehindBySuccessfulHipccIsEndedAndLogged() throws Exception {
        HipDllBuildRequest request = request("gfx1151", "", """
                sleep 300 >/dev/null 2>&1 &
                echo $! > "%s/pid"
                cp "%s/good.dll" "$out"
                """);
        StandinBuild.Lines log = new StandinBuild.Lines();
        build(request, log);
        long pid = pid(dir.resolve("pid"));
        assertEnded(pid);
        String buildLog = Files.readString(request.output().resolveSibling("build.log"));
        assertTrue(buildLog.contains("[link coli_hip.dll] # still running after it exited, ended: pid " + pid + " ("),
                buildLog);
        assertTrue(log.info().stream().anyMatch(l -> l.startsWith("[coli_hip.dll] hipdll: still running after it exited,"
                + " ended: pid " + pid + " (")), log.all().toString());
        assertTrue(Files.isRegularFile(request.output()));
    }

    @Test
    void interruptingTheBuildKillsHipccsTreeAndKeepsTheOldDll() throws Exception {
        HipDllBuildRequest request = request("gfx1151", "", """
                printf 'MZ half' > "$out"
                sleep 300 &
                echo $! > "%s/pid.tmp"
                echo $$ >> "%s/pid.tmp"
                mv "%s/pid.tmp" "%s/pid"
                wait
                """);
        Files.createDirectories(request.output().getParent());
        Files.writeString(request.output(), "the previous DLL");
        StandinBuild.Lines log = new StandinBuild.Lines();
        Exception failure = interruptWhen(request, log, dir.resolve("pid"));
        assertTrue(failure instanceof BuildFailedException, failure.toString());
        assertEquals("the build was stopped: every running step and the processes it started were killed; the previous"
                + " coli_hip.dll is unchanged. Log so far: " + request.output().resolveSibling("build.log"),
                failure.getMessage());
        assertEquals("the previous DLL", Files.readString(request.output()));
        assertFalse(Files.exists(request.output().resolveSibling(".tmp")), "the half-written DLL is left");
        assertTrue(log.info().contains("step 4 of 4: link coli_hip.dll stopped (another step failed or the build was"
                + " stopped)"), log.all().toString());
    }

    /** The new case: two device compiles run at once (2 workers, 2 targets); an interrupt kills both trees. */
    @Test
    void interruptingParallelDeviceCompilesKillsEveryTree() throws Exception {
        HipDllBuildRequest request = request("gfx1151,gfx1100", """
                  if (( device )); then
                    for a in "$@"; do case "$a" in --offload-arch=*) t="${a#--offload-arch=}" ;; esac; done
                    sleep 300 &
                    echo $! > "%s/pid-$t.tmp"
                    echo $$ >> "%s/pid-$t.tmp"
                    mv "%s/pid-$t.tmp" "%s/pid-$t"
                    wait
                  fi
                """, "cp \"%s/good.dll\" \"$out\"");
        StandinBuild.Lines log = new StandinBuild.Lines();
        Exception failure = interruptWhen(request, log, dir.resolve("pid-gfx1100"), dir.resolve("pid-gfx1151"));
        assertTrue(failure instanceof BuildFailedException, failure.toString());
        assertTrue(failure.getMessage().startsWith("the build was stopped: every running step and the processes it"
                + " started were killed; nothing was published."), failure.getMessage());
        assertFalse(Files.exists(request.output()));
        for (String t : List.of("gfx1100", "gfx1151")) {
            assertTrue(log.info().stream().anyMatch(l -> l.matches("step [12] of 5: device compile k\\.cu \\[" + t
                    + "\\] stopped \\(another step failed or the build was stopped\\)")), log.all().toString());
            assertFalse(Files.exists(request.output().resolveSibling("steps/k.cu/" + t + ".co.step.json")),
                    "a stopped step has no record");
        }
        String buildLog = Files.readString(request.output().resolveSibling("build.log"));
        assertTrue(buildLog.contains("[device compile k.cu [gfx1100]] # the run was interrupted; the process and"
                + " everything it started were killed"), buildLog);
        assertFalse(log.info().stream().anyMatch(l -> l.contains("bundle k.cu")), "no step starts after the interrupt");
    }

    /** The new case: the first failing step kills the trees of the steps running beside it; no further step starts. */
    @Test
    void aFailingStepKillsTheStepsRunningBesideIt() throws Exception {
        HipDllBuildRequest request = request("gfx1151,gfx1100", """
                  if (( device )); then
                    for a in "$@"; do case "$a" in --offload-arch=*) t="${a#--offload-arch=}" ;; esac; done
                    if [[ "$t" == gfx1100 ]]; then
                      for i in $(seq 3000); do [[ -f "%s/pid-gfx1151" ]] && break; sleep 0.1; done
                      echo "k.cu:1:1: error: this target fails" >&2
                      exit 1
                    fi
                    sleep 300 &
                    echo $! > "%s/pid.tmp"
                    echo $$ >> "%s/pid.tmp"
                    mv "%s/pid.tmp" "%s/pid-gfx1151"
                    wait
                  fi
                """, "cp \"%s/good.dll\" \"$out\"");
        Files.createDirectories(request.output().getParent());
        Files.writeString(request.output(), "the previous DLL");
        long t0 = System.nanoTime();
        BuildFailedException e = assertThrows(BuildFailedException.class, () -> build(request, StandinBuild.quiet()));
        assertTrue(System.nanoTime() - t0 < BOUND.toNanos(), "the running step was not stopped");
        String m = e.getMessage();
        assertTrue(m.startsWith("device compile k.cu [gfx1100] failed\n"), m);
        assertTrue(m.contains("stopped with it: 1 running step(s); 3 step(s) not started; the previous coli_hip.dll is"
                + " unchanged."), m);
        for (long pid : Files.readAllLines(dir.resolve("pid-gfx1151")).stream().map(Long::parseLong).toList()) {
            pids.add(pid);
            assertEnded(pid);
        }
        assertEquals("the previous DLL", Files.readString(request.output()));
    }

    /**
     * Starts the build on its own thread, waits until every {@code pidFile} exists (each holds the pids
     * of a step's tree), interrupts the thread, and returns what the build threw after checking that it
     * returned and that every pid has ended.
     */
    private Exception interruptWhen(HipDllBuildRequest request, BuildListener log, Path... pidFiles) throws Exception {
        AtomicReference<Exception> failure = new AtomicReference<>();
        Thread maven = new Thread(() -> {
            try {
                build(request, log);
            } catch (Exception e) {
                failure.set(e);
            }
        });
        maven.start();
        long deadline = System.nanoTime() + BOUND.toNanos();
        List<Long> tree = new ArrayList<>();
        for (Path f : pidFiles) {
            while (!Files.exists(f)) {
                if (System.nanoTime() > deadline) {
                    maven.interrupt();
                    fail("the fake hipcc did not start: no " + f);
                }
                Thread.sleep(20);
            }
            tree.addAll(Files.readAllLines(f).stream().map(Long::parseLong).toList());
        }
        pids.addAll(tree);
        maven.interrupt();
        maven.join(BOUND.toMillis());
        assertFalse(maven.isAlive(), "the build did not return after the interrupt");
        assertNotNull(failure.get(), "the build did not fail");
        for (long pid : tree) {
            assertEnded(pid);
        }
        return failure.get();
    }

    private long pid(Path file) throws Exception {
        long pid = Long.parseLong(Files.readString(file).trim());
        pids.add(pid);
        return pid;
    }

    private static void assertEnded(long pid) throws InterruptedException {
        long deadline = System.nanoTime() + BOUND.toNanos();
        while (ProcessHandle.of(pid).map(h -> h.isAlive() && !zombie(pid)).orElse(false)) {
            if (System.nanoTime() > deadline) {
                fail("pid " + pid + " still runs " + BOUND + " after the build returned");
            }
            Thread.sleep(20);
        }
    }

    /** State Z in /proc/<pid>/stat: exited, waiting for init to reap it. */
    private static boolean zombie(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            int close = stat.lastIndexOf(')');
            return close > 0 && stat.length() > close + 2 && stat.charAt(close + 2) == 'Z';
        } catch (java.io.IOException e) {
            return false;
        }
    }
}
