package dev.hipdll.verify;

import dev.hipdll.findings.Check;
import dev.hipdll.findings.Verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.bytes.BinaryFormatException;
import dev.hipdll.contract.LoaderSourceParser;
import dev.hipdll.gfx.GfxTargetList;
import dev.hipdll.testing.Fixtures;
import dev.hipdll.testing.Toolchain;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The build-path scan on its own thread: its result and its errors reach the caller as if it had
 * run there, and verify returns only after the thread has stopped reading (no reader of the DLL is
 * left behind, so the build may replace the file at once, also on Windows).
 */
class BackgroundTaskTest {
    @TempDir
    Path dir;

    @Test
    void theResultAndTheErrorsComeBackAsIfRunHere() throws Exception {
        Check ok = Check.of("paths.build", "t", Verdict.PASS, "e", "f");
        assertSame(ok, BackgroundTask.start("paths.build", () -> ok).result());

        BinaryFormatException bad = new BinaryFormatException("f.dll", "file contents (path scan)", 7, "file ended");
        assertSame(bad, assertThrows(BinaryFormatException.class,
                () -> BackgroundTask.start("paths.build", () -> { throw bad; }).result()));
        IllegalStateException bug = new IllegalStateException("bug");
        assertSame(bug, assertThrows(IllegalStateException.class,
                () -> BackgroundTask.start("paths.build", () -> { throw bug; }).result()));
    }

    @Test
    void awaitingSurvivesAnInterruptAndKeepsIt() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        AtomicBoolean ended = new AtomicBoolean();
        BackgroundTask<Check> c = BackgroundTask.start("paths.build", () -> {
            try {
                release.await();
            } catch (InterruptedException e) {
                throw new IOException(e);
            }
            ended.set(true);
            return Check.of("paths.build", "t", Verdict.PASS, "e", "f");
        });
        Thread.currentThread().interrupt();
        new Thread(() -> {
            sleep(200);
            release.countDown();
        }).start();
        c.awaitQuietly();
        assertTrue(ended.get(), "waited for the check to end despite the interrupt");
        assertTrue(Thread.interrupted(), "the interrupt is kept for the caller");
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void noScanThreadOutlivesVerifyAndTheDllCanBeReplacedRightAfter() throws Exception {
        Path dll = Fixtures.exampleDll(dir, "coli_hip.dll", List.of("gfx1151"), List.of());
        try (RandomAccessFile f = new RandomAccessFile(dll.toFile(), "rw")) {
            f.setLength(64L << 20);   // a scan that takes a while
        }
        VerifyOptions o = VerifyOptions.builder(new LoaderSourceParser("coli_cuda_").parse(
                        Toolchain.exampleDir().resolve("host/backend_loader.c")))
                .deviceCode(DeviceCodeOptions.forTargets(GfxTargetList.parse("gfx1151").targets()))
                .buildPaths(List.of(Toolchain.exampleDir().toString(), "/no/such/build/dir"))
                .skippedChecks(java.util.Set.of("pe.overlay")).build();   // the 64 MiB overlay is read
        VerifyReport r = new DllVerifier().verify(dll, o);
        assertFalse(Thread.getAllStackTraces().keySet().stream()
                        .anyMatch(t -> t.getName().startsWith("hipdll-verify-") && t.isAlive()),
                "a scan thread is still alive after verify returned");
        assertEquals(Verdict.PASS, r.checks().stream().filter(c -> c.id().equals("paths.build")).findFirst()
                .orElseThrow().verdict(), r.checks().toString());
        Path next = dir.resolve("coli_hip.dll.tmp");
        Files.write(next, new byte[] {1, 2, 3});
        Files.move(next, dll, java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        assertEquals(3, Files.size(dll));
    }
}
