package dev.hipdll.release;

import static dev.hipdll.testing.PackageFixtures.imports;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.hipdll.contract.AbiContract;
import dev.hipdll.contract.LoaderSourceParser;
import dev.hipdll.report.CheckTable;
import dev.hipdll.report.JUnitXmlReport;
import dev.hipdll.report.JsonReport;
import dev.hipdll.gfx.GfxTargetList;
import dev.hipdll.testing.Fixtures;
import dev.hipdll.testing.PackageFixtures;
import dev.hipdll.testing.Toolchain;
import dev.hipdll.findings.Check;
import dev.hipdll.findings.CheckIds;
import dev.hipdll.findings.Verdict;
import dev.hipdll.verify.DeviceCodeOptions;
import dev.hipdll.verify.VerifyOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Element;

/**
 * Item 3: {@code hipdll:verify -Dhip.package} on a release made here: the example backend built with
 * the stand-in SDK, a stand-in {@code hipblas.dll} importing {@code rocblas.dll}, and {@code rocblas.dll}; every
 * PE file goes through the single-DLL checks, then the package's. Named per file: a dependency missing from the
 * package, two HIP runtime majors, an import of a KnownDLL the package ships. As a directory and as a zip; one
 * group per file in the table, verify.json and the JUnit XML.
 */
class ReleasePackageTest {
    @TempDir
    static Path dir;
    static Path release;
    static Path coli;
    static Path hipblas;
    static Path rocblas;
    static AbiContract.NamedContract loader;

    @BeforeAll
    static void build() throws Exception {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        coli = Fixtures.exampleDll(bin, "coli_hip.dll", List.of("gfx1151"), List.of());
        hipblas = PackageFixtures.library(bin, "hipblas.dll", imports("amdhip64_7.dll", List.of("hipMalloc"),
                "rocblas.dll", List.of("rocblas_create_handle"), "KERNEL32.dll", List.of("GetLastError")));
        rocblas = PackageFixtures.library(bin, "rocblas.dll", imports("amdhip64_7.dll", List.of("hipFree")));
        release = Files.createDirectories(dir.resolve("release"));
        Files.copy(coli, release.resolve("coli_hip.dll"));
        Files.copy(hipblas, release.resolve("hipblas.dll"));
        Files.copy(rocblas, release.resolve("rocblas.dll"));
        Files.writeString(release.resolve("README.txt"), "colibri HIP backend\n");
        loader = new LoaderSourceParser("coli_cuda_").parse(Toolchain.exampleDir().resolve("host/backend_loader.c"));
    }

    static PackageOptions options() {
        return PackageOptions.builder(VerifyOptions.builder(loader)
                .deviceCode(DeviceCodeOptions.forTargets(GfxTargetList.parse("gfx1151").targets()))
                .maxBundleBytes(64L << 20).build()).temporaryParent(dir.resolve("tmp")).build();
    }

    static Check check(PackageReport r, String file, String id) {
        if (file == null) {
            return r.packageChecks().stream().filter(c -> c.id().equals(id)).findFirst().orElseThrow();
        }
        return r.files().stream().filter(f -> f.name().equals(file)).findFirst().orElseThrow(() -> new AssertionError(
                file + " not in " + r.files())).report().check(id).orElseThrow();
    }

    private Path copyOf(String name, String... drop) throws Exception {
        Path d = Files.createDirectories(dir.resolve(name));
        try (var s = Files.list(release)) {
            for (Path f : (Iterable<Path>) s::iterator) {
                if (!List.of(drop).contains(f.getFileName().toString())) {
                    Files.copy(f, d.resolve(f.getFileName()));
                }
            }
        }
        return d;
    }

    @Test
    void aCompleteReleasePassesFileByFile() throws Exception {
        PackageReport r = new PackageVerifier().verify(release, options());
        assertTrue(r.passed(), String.join("\n", new CheckTable().render(r)));
        assertEquals(List.of("coli_hip.dll", "hipblas.dll", "rocblas.dll"), r.files().stream().map(f -> f.name()).toList());
        assertTrue(check(r, null, CheckIds.PACKAGE_CONTENTS).found().startsWith("3 PE file(s) of 4 entries (directory, "),
                check(r, null, CheckIds.PACKAGE_CONTENTS).found());
        // the backend is held to the contract; a library is not, and needs no device code
        assertEquals(Verdict.PASS, check(r, "coli_hip.dll", CheckIds.EXPORTS_REQUIRED).verdict());
        assertEquals(Verdict.PASS, check(r, "coli_hip.dll", CheckIds.DEVICE_TARGETS).verdict());
        assertEquals(Verdict.SKIP, check(r, "hipblas.dll", CheckIds.EXPORTS_OTHER).verdict());
        assertEquals(Verdict.SKIP, check(r, "hipblas.dll", CheckIds.DEVICE_TARGETS).verdict());
        Check deps = check(r, "hipblas.dll", CheckIds.PACKAGE_DEPENDENCIES);
        assertEquals("3 DLL(s): 1 in the package, 1 Windows', 1 allowed runtime", deps.found());
        assertTrue(deps.details().contains("rocblas.dll: in the package (rocblas.dll)"), deps.details().toString());
        assertEquals("amdhip64_7.dll", check(r, null, CheckIds.PACKAGE_RUNTIME).found());
        Check size = check(r, null, CheckIds.PACKAGE_SIZE);
        assertEquals(Verdict.PASS, size.verdict());
        assertTrue(size.found().matches("\\d+ bytes; device code \\d+ bytes \\(gfx1151 \\d+ B\\)"), size.found());
        assertTrue(size.details().get(0).startsWith("coli_hip.dll: gfx1151 "), size.details().toString());
    }

    /**
     * hip.runtimeMajor holds the backend to the major; a redistributed library is not asked (its
     * runtime is judged across the package by package.runtime), whether it imports a HIP runtime or not.
     */
    @Test
    void aLibraryWithoutTheHipRuntimeIsNotHeldToItsMajor() throws Exception {
        Path p = copyOf("plain-lib");
        PackageFixtures.library(p, "zlib1.dll", imports("KERNEL32.dll", List.of("GetLastError")));
        PackageOptions o = options();
        o = o.toBuilder().verify(o.verify().toBuilder().runtimeMajor(java.util.OptionalInt.of(7)).build()).build();
        PackageReport r = new PackageVerifier().verify(p, o);
        assertTrue(r.passed(), String.join("\n", new CheckTable().render(r)));
        assertEquals(Verdict.SKIP, check(r, "zlib1.dll", CheckIds.RUNTIME_MAJOR).verdict());
        assertEquals(Verdict.SKIP, check(r, "hipblas.dll", CheckIds.RUNTIME_MAJOR).verdict());
        assertEquals(Verdict.PASS, check(r, "coli_hip.dll", CheckIds.RUNTIME_MAJOR).verdict());
    }

    @Test
    void aMissingDependencyIsNamedForTheFileThatImportsIt() throws Exception {
        Path p = copyOf("no-rocblas", "rocblas.dll");
        PackageReport r = new PackageVerifier().verify(p, options());
        assertFalse(r.passed());
        Check deps = check(r, "hipblas.dll", CheckIds.PACKAGE_DEPENDENCIES);
        assertEquals(Verdict.FAIL, deps.verdict());
        assertEquals("missing: rocblas.dll: not in the package, not a Windows DLL (KnownDLLs, API set, System32), not on"
                + " the import allow-list (amdhip64_*.dll, KERNEL32.dll: static MSVC runtime (hip.staticRuntime=true)):"
                + " loading hipblas.dll fails with ERROR_MOD_NOT_FOUND (126)", deps.details().get(0));
        assertEquals(Verdict.PASS, check(r, "coli_hip.dll", CheckIds.PACKAGE_DEPENDENCIES).verdict());
        assertTrue(r.failureSummary().startsWith("hipblas.dll: package.dependencies: missing: rocblas.dll"), r.failureSummary());
    }

    @Test
    void theSameReleaseAsAZip() throws Exception {
        Path zip = PackageFixtures.zip(release, dir.resolve("release.zip"));
        PackageReport r = new PackageVerifier().verify(zip, options());
        assertTrue(r.passed(), String.join("\n", new CheckTable().render(r)));
        assertEquals("zip", r.facts().get("kind"));
        assertEquals(Long.toString(Files.size(zip)), r.facts().get("size"));
        assertEquals(List.of("coli_hip.dll", "hipblas.dll", "rocblas.dll"), r.files().stream().map(f -> f.name()).toList());
        try (var s = Files.list(dir.resolve("tmp"))) {
            assertEquals(0, s.count(), "the unpacked files are deleted");
        }
        // one group per file in every report
        List<String> table = new CheckTable().render(r);
        assertTrue(table.contains("hipblas.dll (redistributed)") && table.contains("rocblas.dll (redistributed)")
                && table.contains("coli_hip.dll (backend)"), table.toString());
        assertTrue(table.get(table.size() - 1).endsWith("PACKAGE VERIFIED"), table.get(table.size() - 1));
        Path json = dir.resolve("verify.json");
        new JsonReport().write(r, json);
        JsonNode j = new ObjectMapper().readTree(json.toFile());
        assertEquals("hipdll-verify-package", j.get("format").asText());
        assertEquals(3, j.get("files").size());
        assertEquals("hipblas.dll", j.get("files").get(1).get("file").asText());
        assertTrue(j.get("files").get(1).get("checks").findValuesAsText("id").contains(CheckIds.PACKAGE_DEPENDENCIES));
        Path xml = dir.resolve("TEST-hipdll-verify.xml");
        new JUnitXmlReport().write(r, xml);
        Element root = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(xml.toFile()).getDocumentElement();
        assertEquals("testsuites", root.getTagName());
        assertEquals(4, root.getElementsByTagName("testsuite").getLength());
        assertEquals("hipdll-verify:hipblas.dll", ((Element) root.getElementsByTagName("testsuite").item(2)).getAttribute("name"));
        assertEquals(Integer.toString(r.checks().size()), root.getAttribute("tests"));
    }

    @Test
    void twoHipRuntimeMajorsInOnePackage() throws Exception {
        Path p = copyOf("two-runtimes");
        PackageFixtures.library(p, "legacy.dll", imports("amdhip64_6.dll", List.of("hipMalloc")));
        PackageReport r = new PackageVerifier().verify(p, options());
        Check rt = check(r, null, CheckIds.PACKAGE_RUNTIME);
        assertEquals(Verdict.FAIL, rt.verdict());
        assertEquals("amdhip64_6.dll and amdhip64_7.dll in one package", rt.found());
        assertEquals(List.of("amdhip64_6.dll: imported by legacy.dll",
                "amdhip64_7.dll: imported by coli_hip.dll; imported by hipblas.dll; imported by rocblas.dll"), rt.details());
    }

    @Test
    void aKnownDllShippedInThePackageIsNeverLoaded() throws Exception {
        Path p = copyOf("known-dll");
        PackageFixtures.library(p, "user.dll", imports("msvcrt.dll", List.of("malloc"), "rocblas.dll",
                List.of("rocblas_create_handle")));
        PackageFixtures.library(p, "msvcrt.dll", Map.of());
        PackageReport r = new PackageVerifier().verify(p, options());
        Check known = check(r, "user.dll", CheckIds.PACKAGE_KNOWN_DLLS);
        assertEquals(Verdict.FAIL, known.verdict());
        assertEquals(List.of("imports msvcrt.dll, which Windows maps from System32 (KnownDLLs): the package's own msvcrt.dll"
                + " is never loaded; drop it from the package or link another name"), known.details());
        assertEquals(Verdict.PASS, check(r, "user.dll", CheckIds.PACKAGE_DEPENDENCIES).verdict());
        assertEquals(Verdict.PASS, check(r, "hipblas.dll", CheckIds.PACKAGE_KNOWN_DLLS).verdict());
    }
}
