package dev.hipdll.release;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.contract.AbiContract;
import dev.hipdll.findings.Check;
import dev.hipdll.findings.CheckIds;
import dev.hipdll.findings.Verdict;
import dev.hipdll.report.CheckTable;
import dev.hipdll.report.JUnitXmlReport;
import dev.hipdll.report.JsonReport;
import dev.hipdll.testing.PeImage;
import dev.hipdll.testing.VcRuntimeDlls;
import dev.hipdll.verify.VerifyOptions;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A package of 2,001 small DLLs (781 KB zipped) took 108 s and wrote 15 MB of log, a 26 MB
 * verify.json and a 25 MB JUnit XML. Packages are generated here from one real DLL (Microsoft's
 * {@code vcruntime140_1.dll}) copied under many names: more PE files than {@code hip.package.maxFiles} (500) are
 * refused before anything is verified, naming the limit and its parameter; a package of many passing files is
 * reported one line per passing file, the failing file keeping its details; the package's time limit
 * ({@code hip.package.timeLimit}) stops it, naming the files not verified. Sizes and line counts are asserted,
 * never times (a fake clock drives the time limit).
 */
class PackageBoundsTest {
    @TempDir
    Path dir;

    private PackageOptions options() {
        return PackageOptions.builder(VerifyOptions.of(new AbiContract.CountContract("coli_cuda_", 0, "t")))
                .backends(List.of()).temporaryParent(dir.resolve("tmp")).build();
    }

    /** {@code n} copies of vcruntime140_1.dll as {@code lib0000.dll}..., and the vcruntime140.dll they import. */
    private Path copies(String name, int n) throws Exception {
        Path p = Files.createDirectories(dir.resolve(name));
        Files.copy(VcRuntimeDlls.vcruntime140(), p.resolve("vcruntime140.dll"));
        for (int i = 0; i < n; i++) {
            Files.copy(VcRuntimeDlls.vcruntime140_1(), p.resolve(String.format("lib%04d.dll", i)));
        }
        return p;
    }

    private static Check contents(PackageReport r) {
        return r.packageChecks().get(0);
    }

    @Test
    void aZipOfTwoThousandSmallDllsIsRefusedBeforeAnythingIsUnpacked() throws Exception {
        byte[] dll = new PeImage().build();  // a small well-formed DLL, as the 2,001 of the hole were
        Path zip = dir.resolve("many.zip");
        try (OutputStream out = Files.newOutputStream(zip); ZipOutputStream z = new ZipOutputStream(out)) {
            for (int i = 0; i < 2001; i++) {
                z.putNextEntry(new ZipEntry(String.format("bin/lib%04d.dll", i)));
                z.write(dll);
                z.closeEntry();
            }
        }
        PackageReport r = new PackageVerifier().verify(zip, options());
        assertFalse(r.passed());
        assertEquals(List.of(), r.files(), "nothing of a refused package is verified");
        assertEquals(Verdict.FAIL, contents(r).verdict());
        assertEquals("refused: the zip names 2001 PE files, more than the 500 accepted (hip.package.maxFiles): refused,"
                + " nothing verified", contents(r).found());
        assertTrue(Files.size(zip) < 2 << 20, Files.size(zip) + " bytes");
        assertFalse(Files.exists(dir.resolve("tmp")), "nothing unpacked, not even a temporary directory made");
        Path json = dir.resolve("verify.json");
        new JsonReport().write(r, json);
        assertTrue(Files.size(json) < 8192, Files.size(json) + " bytes");
    }

    @Test
    void aDirectoryOfMorePeFilesThanTheLimitIsRefused() throws Exception {
        Path p = copies("dir-many", 30);
        PackageReport r = new PackageVerifier().verify(p, options().toBuilder()
                .limits(PackageLimits.DEFAULT.withMaxFiles(25)).build());
        assertEquals(List.of(), r.files());
        assertEquals("refused: the directory holds more than 25 PE files, more than the 25 accepted"
                + " (hip.package.maxFiles): refused, nothing verified", contents(r).found());
    }

    @Test
    void manyPassingFilesAreOneLineEachAndTheFailingOneKeepsItsDetails() throws Exception {
        int n = 60;
        Path p = copies("many", n);
        byte[] cut = Files.readAllBytes(VcRuntimeDlls.vcruntime140_1());
        Files.write(p.resolve("broken.dll"), Arrays.copyOf(cut, cut.length / 2));  // a cut-short image
        PackageReport r = new PackageVerifier().verify(p, options());
        assertFalse(r.passed());
        assertEquals(n + 2, r.files().size());
        PackageReport.FileReport broken = r.files().stream().filter(f -> f.name().equals("broken.dll")).findFirst()
                .orElseThrow();
        assertFalse(broken.summarised(), "a failing file keeps every check");
        assertEquals(Verdict.FAIL, broken.report().check(CheckIds.PE_FORMAT).orElseThrow().verdict());
        assertTrue(broken.report().checks().size() > 20, broken.report().checks().toString());
        for (PackageReport.FileReport f : r.files()) {
            if (f != broken) {
                assertTrue(f.summarised(), f.name() + ": " + f.report().checks());
                Check one = f.report().checks().get(0);
                assertEquals(CheckIds.PACKAGE_FILE, one.id());
                assertTrue(one.found().startsWith("redistributed: ") && one.found().contains(" passed, "), one.found());
            }
        }
        // bounded: about one line per passing file in the log, a few hundred bytes per file in the reports
        List<String> table = new CheckTable().render(r);
        assertTrue(table.size() < n + 150, table.size() + " lines");
        assertTrue(table.contains("PASS  lib0007.dll: " + r.files().get(8).report().checks().get(0).found()),
                String.join("\n", table.subList(0, 40)));
        Path json = dir.resolve("verify.json");
        new JsonReport().write(r, json);
        Path xml = dir.resolve("TEST-hipdll-verify.xml");
        new JUnitXmlReport().write(r, xml);
        assertTrue(Files.size(json) < (n + 2) * 1024L + 64 * 1024, Files.size(json) + " bytes of verify.json");
        assertTrue(Files.size(xml) < (n + 2) * 2048L + 64 * 1024, Files.size(xml) + " bytes of JUnit XML");
        assertTrue(r.failureSummary().startsWith("broken.dll: pe.format: "), r.failureSummary());
    }

    @Test
    void aSmallPackageKeepsEveryCheckOfEveryFile() throws Exception {
        Path p = copies("few", 3);
        PackageReport r = new PackageVerifier().verify(p, options());
        assertTrue(r.passed(), String.join("\n", new CheckTable().render(r)));
        assertTrue(r.files().stream().noneMatch(PackageReport.FileReport::summarised));
        PackageReport all = new PackageVerifier().verify(p, options().toBuilder().detailedFiles(2).build());
        assertTrue(all.files().stream().allMatch(PackageReport.FileReport::summarised));
    }

    @Test
    void thePackagesTimeLimitStopsItNamingWhatWasNotVerified() throws Exception {
        Path p = copies("slow", 9);
        AtomicLong now = new AtomicLong();
        // each reading of the clock is one second later: the start, then once before each file
        PackageVerifier v = new PackageVerifier(WindowsDlls.load(), () -> now.getAndAdd(1_000_000_000L));
        PackageReport r = v.verify(p, options().toBuilder().timeLimit(Duration.ofSeconds(4)).build());
        assertFalse(r.passed());
        assertEquals(3, r.files().size(), r.files().stream().map(f -> f.name()).toList().toString());
        Check c = contents(r);
        assertEquals(Verdict.FAIL, c.verdict());
        assertEquals("the package's time limit of 4 s (hip.package.timeLimit) passed with 7 PE file(s) not verified:"
                + " lib0003.dll, lib0004.dll, lib0005.dll, lib0006.dll, lib0007.dll, ...", c.found());
    }
}
