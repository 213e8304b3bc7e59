package dev.hipdll.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.testing.Exec;
import dev.hipdll.testing.Fixtures;
import dev.hipdll.testing.Toolchain;
import dev.hipdll.testing.VerifyMain;
import java.io.RandomAccessFile;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A 1 GiB DLL (the example backend followed by a sparse 1 GiB overlay, so the path scan reads it
 * all) verified in a JVM with {@code -Xmx64m}: the readers stream, nothing loads the file whole. The
 * overlay is accepted ({@code pe.overlay} switched off, as {@code hip.checks.skip=pe.overlay} does), so
 * the scan reads it.
 */
class LargeFileSmallHeapTest {
    @TempDir
    Path dir;

    @Test
    void oneGibibyteDllVerifiesIn64MiBOfHeap() throws Exception {
        Path dll = Fixtures.exampleDll(dir, "coli_hip.dll", List.of("gfx1151"), List.of());
        try (RandomAccessFile f = new RandomAccessFile(dll.toFile(), "rw")) {
            f.setLength(1L << 30);
        }
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Exec.Result r = Exec.run(dir, List.of(java, "-Xmx64m", "-XX:+UseSerialGC", "-Dhipdll.skip=pe.overlay", "-cp",
                System.getProperty("java.class.path"), VerifyMain.class.getName(), dll.toString(),
                Toolchain.exampleDir().resolve("host/backend_loader.c").toString(), "gfx1151",
                Toolchain.standinSdk().toString(), Toolchain.exampleDir().toString()));
        System.out.println(r.output());
        assertEquals(0, r.exit(), r.output());
        assertTrue(r.output().contains("DLL VERIFIED"), r.output());
        assertTrue(r.output().lines().anyMatch(l -> l.startsWith("PASS") && l.contains("paths.build")), r.output());
        assertTrue(r.output().contains("none in 1073741824 bytes"), "the whole file was scanned: " + r.output());
    }
}
