package dev.hipdll.release;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.contract.AbiContract;
import dev.hipdll.findings.Check;
import dev.hipdll.findings.CheckIds;
import dev.hipdll.findings.Verdict;
import dev.hipdll.report.CheckTable;
import dev.hipdll.testing.PackageFixtures;
import dev.hipdll.testing.VcRuntimeDlls;
import dev.hipdll.verify.VerifyOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A package is a release, not a bag of files. With real DLLs built by others (Microsoft's
 * VC++ runtime, {@link VcRuntimeDlls}): a package without its backend ({@code hip.package.backends}, default
 * {@code coli_hip.dll}) is rejected naming it; a backend under a name Windows rewrites on extraction
 * ({@code coli_hip.dll.}, {@code coli_hip.dll }) is not the backend and is refused by name; names Windows cannot hold
 * ({@code CON.dll}, {@code aux.dll}, {@code COM¹.dll}, a device name as a directory, {@code :}) or holds once (two
 * names differing only in case) are refused by name, neither unpacked nor verified.
 */
class PackageBackendsAndNamesTest {
    @TempDir
    Path dir;

    private PackageOptions options() {
        return PackageOptions.builder(VerifyOptions.of(new AbiContract.CountContract("coli_cuda_", 0, "t")))
                .temporaryParent(dir.resolve("tmp")).build();
    }

    private static Check packageCheck(PackageReport r, String id) {
        return r.packageChecks().stream().filter(c -> c.id().equals(id)).findFirst()
                .orElseThrow(() -> new AssertionError(id + " not in " + r.packageChecks()));
    }

    private static List<String> verified(PackageReport r) {
        return r.files().stream().map(f -> f.name()).toList();
    }

    private static byte[] bytes(Path p) throws Exception {
        return Files.readAllBytes(p);
    }

    @Test
    void aPackageWithoutItsBackendIsRejectedNamingIt() throws Exception {
        Path p = Files.createDirectories(dir.resolve("helpers-only"));
        Files.copy(VcRuntimeDlls.vcruntime140(), p.resolve("vcruntime140.dll"));
        Files.copy(VcRuntimeDlls.vcruntime140_1(), p.resolve("vcruntime140_1.dll"));
        PackageReport r = new PackageVerifier().verify(p, options());
        assertFalse(r.passed(), "a package of helper libraries only, no coli_hip.dll, passed:\n"
                + String.join("\n", new CheckTable().render(r)));
        Check b = packageCheck(r, CheckIds.PACKAGE_BACKENDS);
        assertEquals(Verdict.FAIL, b.verdict());
        assertEquals("missing: coli_hip.dll", b.found());
        assertEquals(List.of("missing: coli_hip.dll: no PE file of the package is named so (hip.package.backends)"), b.details());
        assertTrue(r.failureSummary().startsWith("package: package.backends: missing: coli_hip.dll"), r.failureSummary());
        // every file verified, as redistributed: the one failure is the missing backend
        assertEquals(1, r.count(Verdict.FAIL), String.join("\n", new CheckTable().render(r)));
    }

    @Test
    void moreThanOneBackendMayBeNamedAndEachMustBePresent() throws Exception {
        Path p = Files.createDirectories(dir.resolve("two-backends"));
        Files.copy(VcRuntimeDlls.vcruntime140(), p.resolve("vcruntime140.dll"));
        PackageOptions o = options().toBuilder().backends(List.of("vcruntime140.dll", "coli_hip_gfx12.dll")).build();
        PackageReport r = new PackageVerifier().verify(p, o);
        Check b = packageCheck(r, CheckIds.PACKAGE_BACKENDS);
        assertEquals(Verdict.FAIL, b.verdict());
        assertEquals("missing: coli_hip_gfx12.dll", b.found());
        assertEquals(FileRole.BACKEND, r.files().get(0).role());
        Files.copy(VcRuntimeDlls.vcruntime140(), p.resolve("coli_hip_gfx12.dll"));
        Check both = packageCheck(new PackageVerifier().verify(p, o), CheckIds.PACKAGE_BACKENDS);
        assertEquals(Verdict.PASS, both.verdict());
        assertEquals("vcruntime140.dll; coli_hip_gfx12.dll", both.found());
    }

    @Test
    void aBackendUnderANameWindowsRewritesIsNotTheBackend() throws Exception {
        for (String rewritten : List.of("coli_hip.dll.", "coli_hip.dll ", "bin/coli_hip.dll. .")) {
            Map<String, byte[]> e = new LinkedHashMap<>();
            e.put(rewritten, bytes(VcRuntimeDlls.vcruntime140()));
            e.put("vcruntime140_1.dll", bytes(VcRuntimeDlls.vcruntime140_1()));
            e.put("vcruntime140.dll", bytes(VcRuntimeDlls.vcruntime140()));
            Path zip = PackageFixtures.zip(dir.resolve("rewritten.zip"), e);
            PackageReport r = new PackageVerifier().verify(zip, options());
            assertFalse(r.passed(), "'" + rewritten + "' passed as the backend");
            assertEquals(List.of("vcruntime140_1.dll", "vcruntime140.dll"), verified(r), "'" + rewritten + "' is not verified");
            Check b = packageCheck(r, CheckIds.PACKAGE_BACKENDS);
            assertEquals(Verdict.FAIL, b.verdict());
            assertEquals(List.of("missing: coli_hip.dll: no PE file of the package is named so (hip.package.backends); '"
                    + rewritten + "' is not it: Windows would extract it as 'coli_hip.dll' (package.names)"), b.details());
            Check n = packageCheck(r, CheckIds.PACKAGE_NAMES);
            assertEquals(Verdict.FAIL, n.verdict());
            String last = rewritten.substring(rewritten.lastIndexOf('/') + 1);
            assertEquals(List.of("entry '" + rewritten + "' refused: '" + last + "' ends in a "
                    + (rewritten.endsWith(".") ? "period" : "space") + ", which Windows strips when it creates the file:"
                    + " it would be extracted as 'coli_hip.dll'"), n.details());
            Files.delete(zip);
        }
    }

    @Test
    void namesWindowsCannotHoldAreRefusedByName() throws Exception {
        byte[] dll = bytes(VcRuntimeDlls.vcruntime140());
        Map<String, byte[]> e = new LinkedHashMap<>();
        e.put("coli_hip.dll", bytes(VcRuntimeDlls.vcruntime140()));
        e.put("vcruntime140.dll", dll);
        e.put("CON.dll", dll);
        e.put("bin/aux.dll", dll);
        e.put("bin/COM\u00b9.dll", dll);
        e.put("LPT1/helper.dll", dll);
        e.put("nul.tar.gz", new byte[]{1, 2, 3});
        e.put("bin/what?.dll", dll);
        e.put("VCRUNTIME140.DLL", dll);
        Path zip = PackageFixtures.zip(dir.resolve("names.zip"), e);
        PackageReport r = new PackageVerifier().verify(zip, options().toBuilder().backends(List.of("coli_hip.dll"))
                .build());
        assertFalse(r.passed());
        assertEquals(List.of("coli_hip.dll", "vcruntime140.dll"), verified(r), "only names Windows can hold are verified");
        Check n = packageCheck(r, CheckIds.PACKAGE_NAMES);
        assertEquals(Verdict.FAIL, n.verdict());
        assertEquals("7 refused (neither unpacked nor verified)", n.found());
        assertEquals(List.of(
                "entry 'CON.dll' refused: 'CON.dll' is the reserved device name CON (followed by an extension it still"
                        + " names the device, not a file)",
                "entry 'bin/aux.dll' refused: 'aux.dll' is the reserved device name AUX (followed by an extension it still"
                        + " names the device, not a file)",
                "entry 'bin/COM\u00b9.dll' refused: 'COM\u00b9.dll' is the reserved device name COM\u00b9 (followed by an"
                        + " extension it still names the device, not a file)",
                "entry 'LPT1/helper.dll' refused: 'LPT1' (a directory of the path) is the reserved device name LPT1",
                "entry 'nul.tar.gz' refused: 'nul.tar.gz' is the reserved device name NUL (followed by an extension it"
                        + " still names the device, not a file)",
                "entry 'bin/what?.dll' refused: 'what?.dll' holds '?', which Windows refuses in a name",
                "entry 'VCRUNTIME140.DLL' refused: it and 'vcruntime140.dll' differ only in case: one file on Windows"
                        + " (NTFS names are case-insensitive); which one is extracted is up to the tool"), n.details());
        assertTrue(r.failureSummary().contains("package: package.names: entry 'CON.dll' refused"), r.failureSummary());
    }

    @Test
    void aDirectoryPackageIsHeldToTheSameNames() throws Exception {
        Path p = Files.createDirectories(dir.resolve("names-dir"));
        Files.copy(VcRuntimeDlls.vcruntime140(), p.resolve("coli_hip.dll"));
        Files.copy(VcRuntimeDlls.vcruntime140(), p.resolve("Helper.dll"));
        Files.copy(VcRuntimeDlls.vcruntime140(), p.resolve("helper.DLL"));  // two files here, one on NTFS
        Files.copy(VcRuntimeDlls.vcruntime140(), p.resolve("prn.dll"));
        Files.createDirectories(p.resolve("com9"));
        Files.copy(VcRuntimeDlls.vcruntime140(), p.resolve("com9/x.dll"));
        PackageReport r = new PackageVerifier().verify(p, options());
        List<String> files = verified(r);
        assertEquals(2, files.size(), files.toString());
        assertTrue(files.contains("coli_hip.dll") && (files.contains("Helper.dll") || files.contains("helper.DLL")));
        String twin = files.contains("Helper.dll") ? "helper.DLL" : "Helper.dll";  // the second one walked
        String first = twin.equals("Helper.dll") ? "helper.DLL" : "Helper.dll";
        assertEquals(List.of("'" + twin + "' refused: it and '" + first + "' differ only in case: one file on Windows (NTFS"
                        + " names are case-insensitive); which one is extracted is up to the tool",
                "'com9' refused, with everything in it: 'com9' is the reserved device name COM9",
                "'prn.dll' refused: 'prn.dll' is the reserved device name PRN (followed by an extension it still names the"
                        + " device, not a file)").stream().sorted().toList(),
                packageCheck(r, CheckIds.PACKAGE_NAMES).details().stream().sorted().toList());
        assertFalse(r.passed());
    }
}
