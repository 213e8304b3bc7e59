package dev.hipdll.release;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.hipdll.contract.AbiContract;
import dev.hipdll.contract.LoaderSourceParser;
import dev.hipdll.findings.Check;
import dev.hipdll.findings.CheckIds;
import dev.hipdll.findings.Verdict;
import dev.hipdll.report.CheckTable;
import dev.hipdll.report.JsonReport;
import dev.hipdll.gfx.GfxTargetList;
import dev.hipdll.testing.Fixtures;
import dev.hipdll.testing.Toolchain;
import dev.hipdll.testing.VcRuntimeDlls;
import dev.hipdll.verify.DeviceCodeOptions;
import dev.hipdll.verify.VerifyOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each file of a package has a role the report shows. The backend built here (the example, with
 * the stand-in SDK) gets every check; Microsoft's VC++ runtime DLLs shipped beside it ({@link VcRuntimeDlls}, real
 * signed DLLs carrying their vendor's PDB path {@code D:\a\_work\1\s\\binaries\...\vcruntime140.amd64.pdb}) get the
 * checks that decide whether the release loads and can be trusted, not the build hygiene of the project's own DLL:
 * before, {@code paths.pdb} failed every package that shipped them. Named as a backend, the same file fails it.
 */
class PackageRolesTest {
    @TempDir
    static Path dir;
    static Path release;
    static AbiContract.NamedContract loader;

    @BeforeAll
    static void build() throws Exception {
        Toolchain.require("clang-19", "lld-link-19", "clang-offload-bundler-19");
        release = Files.createDirectories(dir.resolve("release"));
        Fixtures.exampleDll(release, "coli_hip.dll", List.of("gfx1151"), List.of());
        Files.copy(VcRuntimeDlls.vcruntime140(), release.resolve("vcruntime140.dll"));
        Files.copy(VcRuntimeDlls.vcruntime140_1(), release.resolve("vcruntime140_1.dll"));
        loader = new LoaderSourceParser("coli_cuda_").parse(Toolchain.exampleDir().resolve("host/backend_loader.c"));
    }

    private static PackageOptions options() {
        return PackageOptions.builder(VerifyOptions.builder(loader)
                .deviceCode(DeviceCodeOptions.forTargets(GfxTargetList.parse("gfx1151").targets()))
                .maxBundleBytes(64L << 20).build()).temporaryParent(dir.resolve("tmp")).build();
    }

    private static PackageReport.FileReport file(PackageReport r, String name) {
        return r.files().stream().filter(f -> f.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void aVendorsPdbPathInARedistributedRuntimeDoesNotFailThePackage() throws Exception {
        PackageReport r = new PackageVerifier().verify(release, options());
        List<String> table = new CheckTable().render(r);
        assertTrue(r.passed(), String.join("\n", table));
        PackageReport.FileReport coli = file(r, "coli_hip.dll");
        PackageReport.FileReport vc = file(r, "vcruntime140.dll");
        assertEquals(FileRole.BACKEND, coli.role());
        assertEquals(FileRole.REDISTRIBUTED, vc.role());
        assertEquals("backend", coli.report().facts().get("role"));
        assertEquals("redistributed", vc.report().facts().get("role"));
        assertTrue(table.contains("vcruntime140.dll (redistributed)") && table.contains("coli_hip.dll (backend)"),
                String.join("\n", table));
        // the backend: every check of one DLL
        for (String id : List.of(CheckIds.PATHS_PDB, CheckIds.PATHS_BUILD, CheckIds.EXPORTS_REQUIRED,
                CheckIds.DEVICE_TARGETS, CheckIds.PE_LOADABLE, CheckIds.HARDENING_NX_COMPAT)) {
            assertEquals(Verdict.PASS, coli.report().check(id).orElseThrow().verdict(), id);
        }
        // redistributed: loads and can be trusted, not the project's build hygiene
        Check pdb = vc.report().check(CheckIds.PATHS_PDB).orElseThrow();
        assertEquals(Verdict.SKIP, pdb.verdict());
        assertEquals("not asked of a redistributed file", pdb.expected());
        for (String id : List.of(CheckIds.PATHS_BUILD, CheckIds.EXPORTS_OTHER, CheckIds.DEVICE_TARGETS, CheckIds.RUNTIME_MAJOR)) {
            assertEquals(Verdict.SKIP, vc.report().check(id).orElseThrow().verdict(), id);
        }
        for (String id : List.of(CheckIds.PE_FORMAT, CheckIds.PE_MACHINE, CheckIds.PE_LOADABLE, CheckIds.HARDENING_NX_COMPAT,
                CheckIds.HARDENING_DYNAMIC_BASE, CheckIds.PACKAGE_DEPENDENCIES)) {
            assertEquals(Verdict.PASS, vc.report().check(id).orElseThrow().verdict(), id);
        }
        // the import closure: vcruntime140_1.dll's VCRUNTIME140.dll is the one in the package
        assertTrue(file(r, "vcruntime140_1.dll").report().check(CheckIds.PACKAGE_DEPENDENCIES).orElseThrow().details()
                .contains("VCRUNTIME140.dll: in the package (vcruntime140.dll)"));
        // the signature is judged for a redistributed file (Microsoft signed it)
        assertEquals(Verdict.PASS, vc.report().check(CheckIds.AUTHENTICODE_SIGNATURE).orElseThrow().verdict());
        Path json = dir.resolve("verify.json");
        new JsonReport().write(r, json);
        JsonNode j = new ObjectMapper().readTree(json.toFile());
        assertEquals("redistributed", j.get("files").get(1).get("facts").get("role").asText());
    }

    @Test
    void theSameFileNamedAsABackendIsHeldToEveryCheck() throws Exception {
        PackageReport r = new PackageVerifier().verify(release, options().toBuilder()
                .backends(List.of("coli_hip.dll", "vcruntime140.dll")).build());
        PackageReport.FileReport vc = file(r, "vcruntime140.dll");
        assertEquals(FileRole.BACKEND, vc.role());
        Check pdb = vc.report().check(CheckIds.PATHS_PDB).orElseThrow();
        assertEquals(Verdict.FAIL, pdb.verdict());
        assertTrue(pdb.found().startsWith("D:\\a\\_work\\1\\s\\\\binaries\\amd64ret\\bin\\amd64\\\\vcruntime140.amd64.pdb"),
                pdb.found());
    }
}
