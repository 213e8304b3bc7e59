package dev.hipdll.bundle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.bytes.ByteSource;
import dev.hipdll.pe.PeFile;
import dev.hipdll.pe.SectionHeader;
import dev.hipdll.testing.Exec;
import dev.hipdll.testing.Fixtures;
import dev.hipdll.testing.Toolchain;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The device code in DLLs built by the stand-in hipcc, compared with clang-offload-bundler-19 --list. */
class FatBinaryLocatorTest {
    @TempDir
    Path dir;

    @Test
    void plainBundlesOfTwoTranslationUnitsAndTwoTargets() throws Exception {
        Path dll = Fixtures.exampleDll(dir, "two.dll", List.of("gfx1151", "gfx1100"), List.of());
        try (PeFile pe = PeFile.open(dll)) {
            List<OffloadBundle> bundles = new FatBinaryLocator(new OffloadBundleReader()).bundles(pe);
            assertEquals(2, bundles.size(), "one bundle per translation unit");
            for (OffloadBundle b : bundles) {
                assertTrue(b.compression().isEmpty());
                List<String> ids = b.entries().stream().map(e -> e.id().text()).sorted().toList();
                assertEquals(bundlerList(pe, b), ids);
                for (BundleEntry e : b.entries()) {
                    if (e.id().isHipDevice()) {
                        CodeObject co = e.codeObject().orElseThrow();
                        assertEquals(CodeObject.EM_AMDGPU, co.elfMachine());
                        assertEquals(e.id().targetId().equals("gfx1151") ? 0x4a : 0x41, co.mach());
                    }
                }
            }
        }
    }

    @Test
    void compressedBundlesAreRead() throws Exception {
        Path dll = Fixtures.exampleDll(dir, "cz.dll", List.of("gfx1151"), List.of("--offload-compress"));
        try (PeFile pe = PeFile.open(dll)) {
            List<OffloadBundle> bundles = new FatBinaryLocator(new OffloadBundleReader()).bundles(pe);
            assertEquals(2, bundles.size());
            for (OffloadBundle b : bundles) {
                CompressionInfo c = b.compression().orElseThrow();
                assertEquals(CompressionInfo.ZSTD, c.method());
                assertTrue(c.version() >= 2);
                assertEquals(bundlerList(pe, b), b.entries().stream().map(e -> e.id().text()).sorted().toList());
            }
        }
    }

    @Test
    void declaredSizeOverTheLimitIsRefused() throws Exception {
        Path dll = Fixtures.exampleDll(dir, "bomb.dll", List.of("gfx1151"), List.of("--offload-compress"));
        try (PeFile pe = PeFile.open(dll)) {
            var e = org.junit.jupiter.api.Assertions.assertThrows(dev.hipdll.bytes.BinaryFormatException.class,
                    () -> new FatBinaryLocator(new OffloadBundleReader(64)).bundles(pe));
            assertTrue(e.getMessage().contains("decompression bomb"), e.getMessage());
        }
    }

    /** Extracts the bundle's bytes and asks clang-offload-bundler-19 for its entry ids. */
    private List<String> bundlerList(PeFile pe, OffloadBundle b) throws Exception {
        SectionHeader fat = pe.section(".hip_fat").orElseThrow();
        long end = OffloadBundleReader.endOf(b);
        try (ByteSource s = ByteSource.open(Path.of(pe.name()))) {
            byte[] bytes = s.read(fat.pointerToRawData() + b.offset(), (int) (end - b.offset()), "bundle");
            Path f = dir.resolve("bundle-" + b.offset() + ".o");
            Files.write(f, bytes);
            String out = Exec.ok(dir, List.of(Toolchain.tool("clang-offload-bundler-19").toString(), "--list", "--type=o",
                    "--input=" + f));
            return Arrays.stream(out.split("\n")).map(String::strip).filter(l -> !l.isEmpty()).sorted().toList();
        }
    }
}
