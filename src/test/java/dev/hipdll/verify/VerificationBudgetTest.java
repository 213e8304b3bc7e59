package dev.hipdll.verify;

import dev.hipdll.findings.Check;
import dev.hipdll.findings.Verdict;
import dev.hipdll.findings.CheckIds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.bytes.ByteSource;
import dev.hipdll.bytes.ReadLimits;
import dev.hipdll.contract.AbiContract;
import dev.hipdll.contract.LoaderSourceParser;
import dev.hipdll.pe.ImportedModule;
import dev.hipdll.pe.PeFile;
import dev.hipdll.gfx.GfxTargetList;
import dev.hipdll.testing.Exec;
import dev.hipdll.testing.HostileDlls;
import dev.hipdll.testing.Toolchain;
import dev.hipdll.testing.VerifyMain;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The verification budget on small hand-built DLLs that declare
 * gigabytes: a shared import lookup table naming a 4095-byte symbol 258,048 times, 65,536 export
 * names of 4095 bytes, 240 compressed bundles of 4096 entries with 4096-byte ids, 8 zlib bundles
 * inflating to 512 MiB each. Each is rejected in a JVM with {@code -Xmx64m}, naming the structure
 * that went over and the property that sets the limit; none runs out of memory.
 */
class VerificationBudgetTest {
    @TempDir
    Path dir;

    private static VerifyOptions options() {
        return VerifyOptions.builder(new AbiContract.CountContract("coli_cuda_", 48, "test"))
                .deviceCode(DeviceCodeOptions.forTargets(GfxTargetList.parse("gfx1151").targets()))
                .skippedChecks(Set.of(CheckIds.PATHS_BUILD)).build();
    }

    private static Check check(VerifyReport r, String id) {
        return r.check(id).orElseThrow(() -> new AssertionError("no " + id + " in " + r.checks()));
    }

    @Test
    void descriptorsSharingOneLookupTableReadItOnce() throws Exception {
        byte[] image = HostileDlls.sharedImportTable(63, 4096, 8);
        try (PeFile pe = PeFile.read(ByteSource.of("shared.dll", image))) {
            List<ImportedModule> modules = pe.imports();
            assertEquals(63, modules.size());
            for (ImportedModule m : modules) {
                assertSame(modules.get(0).symbols(), m.symbols(), "one symbol list for one table");
            }
            assertEquals(4096, modules.get(0).symbols().size());
            assertEquals(4097, pe.budget().entries(), "the table's entries (and its terminator) are charged once");
            assertSame(modules, pe.imports(), "read once per file");
        }
    }

    @Test
    void namesPastTheBudgetFailNamingTheStructure() throws Exception {
        Path imports = Files.write(dir.resolve("imports.dll"), HostileDlls.sharedImportTable(63, 4096, 4095));
        Check i = check(new DllVerifier().verify(imports, options()), CheckIds.IMPORTS_ALLOWED);
        assertEquals(Verdict.FAIL, i.verdict(), i.toString());
        assertTrue(i.found().contains("import lookup entry #2048 name at offset 0x891a") && i.found().contains("over the verification budget: more than "
                + (8 << 20) + " bytes of names and ids in all") && i.found().contains("hip.maxNameMiB"), i.found());

        Path exports = Files.write(dir.resolve("exports.dll"), HostileDlls.manyExportNames(65536, 4095));
        Check e = check(new DllVerifier().verify(exports, options()), CheckIds.EXPORTS_COUNT);
        assertEquals(Verdict.FAIL, e.verdict(), e.toString());
        assertTrue(e.found().contains("export name #") && e.found().contains("hip.maxNameMiB"), e.found());

        Path ids = Files.write(dir.resolve("ids.dll"), HostileDlls.manyBundleIds(240, 4096, 4096));
        Check d = check(new DllVerifier().verify(ids, options()), CheckIds.DEVICE_TARGETS);
        assertEquals(Verdict.FAIL, d.verdict(), d.toString());
        assertTrue(d.found().contains("offload bundle entry #") && d.found().contains(" id ")
                && d.found().contains("hip.maxNameMiB"), d.found());

        // a larger budget reads the export names: the limit is the budget, not a fixed cap
        VerifyReport big = new DllVerifier().verify(exports, options().toBuilder()
                .limits(ReadLimits.builder().nameBytes(512L << 20).build()).build());
        assertEquals(Verdict.FAIL, check(big, CheckIds.EXPORTS_DUPLICATES).verdict(), "65536 copies of one name");
        assertFalse(check(big, CheckIds.EXPORTS_DUPLICATES).found().contains("budget"));
    }

    @Test
    void entriesPastTheBudgetFail() throws Exception {
        Path imports = Files.write(dir.resolve("entries.dll"), HostileDlls.sharedImportTable(1, 4096, 8));
        Check i = check(new DllVerifier().verify(imports, options().toBuilder()
                .limits(ReadLimits.builder().entries(1000).build()).build()),
                CheckIds.IMPORTS_ALLOWED);
        assertTrue(i.found().contains("import lookup entry #1000 ") && i.found().contains("more than 1000 table entries")
                && i.found().contains("hip.maxTableEntries"), i.found());
    }

    @Test
    void zlibBombsAreRefusedWithinTheInflateBudget() throws Exception {
        Path zlib = Files.write(dir.resolve("zlib.dll"), HostileDlls.zlibBombs(8, 512 << 20));
        long t0 = System.nanoTime();
        Check d = check(new DllVerifier().verify(zlib, options()), CheckIds.DEVICE_TARGETS);
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertEquals(Verdict.FAIL, d.verdict(), d.toString());
        assertTrue(d.found().contains("compressed offload bundle uncompressed size") && d.found().contains("hip.maxInflatedMiB")
                && d.found().contains("more than " + (1L << 30) + " bytes inflated"), d.found());
        System.out.printf("8 zlib bundles of 512 MiB (%d bytes): refused after %d ms%n", Files.size(zlib), ms);

        // the time budget stops the inflating itself
        t0 = System.nanoTime();
        Check slow = check(new DllVerifier().verify(zlib, options().toBuilder().limits(ReadLimits.builder()
                .inflateBytes(8L << 30).time(Duration.ofMillis(300)).build()).build()), CheckIds.DEVICE_TARGETS);
        ms = (System.nanoTime() - t0) / 1_000_000;
        assertEquals(Verdict.FAIL, slow.verdict(), slow.toString());
        // stopped at the time budget while inflating (the bundle payload names where), not after inflating
        // everything: the structure in the message, not a wall-clock bound a loaded machine can exceed
        assertTrue(slow.found().contains("compressed offload bundle payload") && slow.found().contains("more than 300 ms")
                && slow.found().contains("hip.verifyTimeLimit"), slow.found());
        System.out.printf("the same under a 300 ms limit: stopped after %d ms%n", ms);
    }

    @Test
    void everyHostileFileIsRejectedInA64MiBHeap() throws Exception {
        Map<String, byte[]> files = new LinkedHashMap<>();
        files.put("imports.dll", HostileDlls.sharedImportTable(63, 4096, 4095));
        files.put("exports.dll", HostileDlls.manyExportNames(65536, 4095));
        files.put("ids.dll", HostileDlls.manyBundleIds(240, 4096, 4096));
        files.put("zlib.dll", HostileDlls.zlibBombs(8, 512 << 20));
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Path loader = Toolchain.exampleDir().resolve("host/backend_loader.c");
        for (Map.Entry<String, byte[]> f : files.entrySet()) {
            Path dll = Files.write(dir.resolve(f.getKey()), f.getValue());
            long t0 = System.nanoTime();
            Exec.Result r = Exec.run(dir, List.of(java, "-Xmx64m", "-XX:+UseSerialGC", "-cp",
                    System.getProperty("java.class.path"), VerifyMain.class.getName(), dll.toString(), loader.toString(),
                    "gfx1151"));
            long ms = (System.nanoTime() - t0) / 1_000_000;
            String out = r.output();
            System.out.printf("%s (%d bytes) in -Xmx64m: exit %d after %d ms%n", f.getKey(), f.getValue().length, r.exit(), ms);
            assertFalse(out.contains("OutOfMemoryError"), f.getKey() + ": " + out);
            assertEquals(1, r.exit(), f.getKey() + " is rejected, not a crash: " + out);
            assertTrue(out.contains("over the verification budget"), f.getKey() + ": " + out);
            assertTrue(out.contains("DLL REJECTED"), out);
        }
        new LoaderSourceParser("coli_cuda_").parse(loader); // the contract the child read is a real one
    }
}
