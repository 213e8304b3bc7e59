package dev.hipdll.compile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.hipdll.process.ProcessRunner;
import dev.hipdll.sdk.HipSdk;
import dev.hipdll.sdk.Origin;
import dev.hipdll.sdk.SdkComponent;
import dev.hipdll.target.GfxTargetList;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the build does with the processes a hipcc leaves behind (a fake hipcc, a bash script): a
 * background process left after a successful compile is ended and named in {@code build.log}; a
 * build whose thread is interrupted kills hipcc's tree, fails with "interrupted", deletes the
 * temporary DLL and leaves the previous DLL as it was.
 */
class HipccProcessTreeTest {
    private static final Duration BOUND = Duration.ofSeconds(15);

    @TempDir
    Path dir;

    private final List<Long> pids = new ArrayList<>();

    @AfterEach
    void cleanUp() {
        pids.forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
    }

    @Test
    void aProcessLeftBehindBySuccessfulHipccIsEndedAndLogged() throws Exception {
        CompileRequest request = request("""
                #!/bin/bash
                out="${@: -1}"
                sleep 300 >/dev/null 2>&1 &
                echo $! > "%s/pid"
                cp "$(dirname "$0")/good.dll" "$out"
                """);
        new HipDllBuilder(new ProcessRunner(Duration.ofSeconds(60)))
                .build(request, Map.of("PATH", "/usr/bin:/bin"), request.output().getParent(), l -> { });
        long pid = pid();
        assertEnded(pid);
        String log = Files.readString(request.output().resolveSibling("build.log"));
        assertTrue(log.contains("# still running after it exited, ended: pid " + pid + " ("), log);
        assertTrue(Files.isRegularFile(request.output()));
    }

    @Test
    void interruptingTheBuildKillsHipccsTreeAndKeepsTheOldDll() throws Exception {
        CompileRequest request = request("""
                #!/bin/bash
                out="${@: -1}"
                printf 'MZ half' > "$out"
                sleep 300 &
                echo $! > "%s/pid.tmp"
                echo $$ >> "%s/pid.tmp"
                mv "%s/pid.tmp" "%s/pid"
                wait
                """);
        Files.createDirectories(request.output().getParent());
        Files.writeString(request.output(), "the previous DLL");
        AtomicReference<Exception> failure = new AtomicReference<>();
        Thread maven = new Thread(() -> {
            try {
                new HipDllBuilder(new ProcessRunner(Duration.ofSeconds(600)))
                        .build(request, Map.of("PATH", "/usr/bin:/bin"), request.output().getParent(), l -> { });
            } catch (Exception e) {
                failure.set(e);
            }
        });
        maven.start();
        long deadline = System.nanoTime() + BOUND.toNanos();
        while (!Files.exists(dir.resolve("pid"))) {
            if (System.nanoTime() > deadline) {
                fail("the fake hipcc did not start");
            }
            Thread.sleep(20);
        }
        List<Long> tree = Files.readAllLines(dir.resolve("pid")).stream().map(Long::parseLong).toList();
        pids.addAll(tree);
        maven.interrupt();
        maven.join(BOUND.toMillis());
        assertFalse(maven.isAlive(), "the build did not return after the interrupt");
        assertNotNull(failure.get(), "the build did not fail");
        assertTrue(failure.get() instanceof BuildFailedException, failure.get().toString());
        assertTrue(failure.get().getMessage().startsWith("hipcc was interrupted"), failure.get().getMessage());
        for (long pid : tree) {
            assertEnded(pid);
        }
        assertEquals("the previous DLL", Files.readString(request.output()));
        assertFalse(Files.exists(HipDllBuilder.temporaryOutput(request.output())), "the half-written DLL is left");
    }

    private CompileRequest request(String script) throws Exception {
        Path hipcc = dir.resolve("sdk/bin/hipcc");
        Files.createDirectories(hipcc.getParent());
        Files.writeString(hipcc, script.replace("%s", dir.toString()));
        Files.setPosixFilePermissions(hipcc, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.write(hipcc.resolveSibling("good.dll"), new dev.hipdll.testing.MiniPe().build()); // a complete PE32+ DLL
        Path sdkDir = dir.resolve("sdk");
        Origin o = new Origin("test");
        HipSdk sdk = new HipSdk(new SdkComponent("root", sdkDir, o), new SdkComponent("hipcc", hipcc, o),
                new SdkComponent("clangDir", sdkDir.resolve("lib/llvm/bin"), o),
                new SdkComponent("includeDir", sdkDir.resolve("include"), o),
                new SdkComponent("libDir", sdkDir.resolve("lib"), o), new SdkComponent("deviceLibDir", sdkDir.resolve("bc"), o),
                new SdkComponent("runtimeDll", sdkDir.resolve("bin/amdhip64_7.dll"), o), "test");
        Path project = Files.createDirectories(dir.resolve("project"));
        Path source = Files.writeString(project.resolve("k.cu"), "// k\n");
        return new CompileRequest(sdk, GfxTargetList.parse("gfx1151"), List.of(source), List.of(), List.of(), List.of(),
                true, project.resolve("target/hipdll/coli_hip.dll"));
    }

    private long pid() throws Exception {
        long pid = Long.parseLong(Files.readString(dir.resolve("pid")).trim());
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
