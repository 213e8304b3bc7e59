package dev.hipdll.verify;

import dev.hipdll.findings.Check;
import dev.hipdll.findings.Verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.contract.AbiContract;
import dev.hipdll.contract.LoaderSourceParser;
import dev.hipdll.pe.DataDirectory;
import dev.hipdll.gfx.GfxTargetList;
import dev.hipdll.testing.Fixtures;
import dev.hipdll.testing.Patch;
import dev.hipdll.testing.Toolchain;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The corpus of generated DLLs, each breaking one rule, with the verdict and the message the
 * verifier must give; and the good ones that must pass. Every DLL is real: built here with
 * clang-19/lld-link-19 (through the stand-in hipcc for the backend), then byte-patched where the
 * defect cannot be produced by a build.
 */
class BadDllCorpusTest {
    @TempDir
    static Path dir;
    static Path good;
    static AbiContract.NamedContract loader;

    @BeforeAll
    static void build() throws Exception {
        good = Fixtures.exampleDll(dir, "coli_hip.dll", List.of("gfx1151"), List.of());
        loader = new LoaderSourceParser("coli_cuda_").parse(Toolchain.exampleDir().resolve("host/backend_loader.c"));
    }

    private static VerifyOptions options() {
        return VerifyOptions.builder(loader)
                .deviceCode(DeviceCodeOptions.forTargets(GfxTargetList.parse("gfx1151").targets()))
                .runtimeMajor(OptionalInt.of(7))
                .buildPaths(List.of(Toolchain.standinSdk().toString(), Toolchain.exampleDir().toString(),
                        System.getProperty("user.home"), dir.toString())).build();
    }

    private static VerifyReport verify(Path dll, VerifyOptions o) {
        return new DllVerifier().verify(dll, o);
    }

    /** Asserts that {@code id} has {@code verdict} and that its found text or details contain {@code message}. */
    private static void assertCheck(VerifyReport r, String id, Verdict verdict, String message) {
        Check c = r.check(id).orElseThrow(() -> new AssertionError("no check " + id + " in " + r.checks()));
        assertEquals(verdict, c.verdict(), id + ": " + c);
        String all = c.found() + "\n" + String.join("\n", c.details());
        assertTrue(all.contains(message), id + " should mention '" + message + "' but says: " + all);
        if (verdict == Verdict.FAIL) {
            assertFalse(r.passed());
        }
    }

    /** A C DLL exporting {@code names} (all bound to one function) and importing KERNEL32 only. */
    private static Path cExports(String file, List<String> names, List<String> extraLink) throws Exception {
        Path sub = Files.createDirectories(dir.resolve(file + ".d"));
        StringBuilder def = new StringBuilder("EXPORTS\n");
        names.forEach(n -> def.append(n).append("=stub\n"));
        Files.writeString(sub.resolve("e.def"), def);
        List<String> link = new ArrayList<>(List.of("/def:" + sub.resolve("e.def")));
        link.addAll(extraLink);
        return Fixtures.cDll(sub, file, "x86_64-pc-windows-msvc", "int __cdecl stub(int x) { return x; }\n", link);
    }

    private static VerifyOptions hostOnly() {
        return options().toBuilder().deviceCode(DeviceCodeOptions.forTargets(List.of()))
                .imports(ImportPolicy.forRuntime(true, OptionalInt.empty())
                        .withAllowed(List.of("KERNEL32.dll"), "test")).runtimeMajor(OptionalInt.empty()).build();
    }

    @Test
    void goodBackendPassesEveryCheck() {
        VerifyReport r = verify(good, options());
        assertTrue(r.passed(), () -> String.join("\n", new dev.hipdll.report.CheckTable().render(r)));
        for (String id : List.of("pe.machine", "pe.dll", "imports.allowed", "imports.forbidden", "runtime.major",
                "exports.required", "exports.extra", "exports.decorated", "exports.duplicates", "device-code.targets",
                "device-code.code-objects", "paths.pdb", "paths.build")) {
            assertEquals(Verdict.PASS, r.check(id).orElseThrow().verdict(), id);
        }
    }

    @Test
    void wrongMachine() {
        Path x86 = Fixtures.cDll(dir.resolve("x86"), "x86.dll", "i686-pc-windows-msvc", """
                int __stdcall _DllMainCRTStartup(void *h, unsigned long r, void *p) { return 1; }
                __declspec(dllexport) int __cdecl coli_cuda_init(int x) { return x; }
                """, List.of());
        assertCheck(verify(x86, options()), "pe.machine", Verdict.FAIL, "IMAGE_FILE_MACHINE_I386, PE32");
    }

    @Test
    void extraImportFromTheDynamicRuntime() throws Exception {
        // A host function calling memcpy: with -fms-runtime-lib=dll it comes from VCRUNTIME140.dll.
        Path copy = Files.createDirectories(dir.resolve("dyn")).resolve("copy.cu");
        Files.writeString(copy, "extern \"C\" void *memcpy(void *, const void *, unsigned long long);\n"
                + "extern \"C\" void host_copy(void *d, const void *s, unsigned long long n) { memcpy(d, s, n); }\n");
        Path dyn = Fixtures.exampleDll(dir.resolve("dyn"), "coli_hip.dll", List.of("gfx1151"),
                List.of("-fms-runtime-lib=dll", copy.toString()));
        VerifyReport r = verify(dyn, options());
        assertCheck(r, "imports.allowed", Verdict.FAIL, "not allowed: VCRUNTIME140.dll");
        // ... and the same DLL passes when verified for the dynamic runtime.
        VerifyReport ok = verify(dyn, options().toBuilder().imports(ImportPolicy.forRuntime(false, OptionalInt.of(7)))
                .build());
        assertCheck(ok, "imports.allowed", Verdict.PASS, "VCRUNTIME140.dll");
    }

    @Test
    void forbiddenCudaImportAndSecondHipRuntime() throws Exception {
        Path sub = Files.createDirectories(dir.resolve("cuda"));
        Files.writeString(sub.resolve("cudart64_12.def"), "LIBRARY cudart64_12.dll\nEXPORTS\ncudaMalloc\n");
        Files.writeString(sub.resolve("amdhip64_6.def"), "LIBRARY amdhip64_6.dll\nEXPORTS\nhipMalloc\n");
        Files.writeString(sub.resolve("amdhip64_7.def"), "LIBRARY amdhip64_7.dll\nEXPORTS\nhipFree\n");
        for (String d : List.of("cudart64_12", "amdhip64_6", "amdhip64_7")) {
            dev.hipdll.testing.Exec.ok(sub, List.of("llvm-dlltool-19", "-m", "i386:x86-64", "-d", d + ".def", "-l", d + ".lib"));
        }
        Path dll = Fixtures.cDll(sub, "mixed.dll", "x86_64-pc-windows-msvc", """
                __declspec(dllimport) int cudaMalloc(void **p, unsigned long long n);
                __declspec(dllimport) int hipMalloc(void **p, unsigned long long n);
                __declspec(dllimport) int hipFree(void *p);
                __declspec(dllexport) int coli_cuda_init(int x) { void *p; cudaMalloc(&p, 1); hipMalloc(&p, 1); return hipFree(p); }
                """, List.of(sub.resolve("cudart64_12.lib").toString(), sub.resolve("amdhip64_6.lib").toString(),
                sub.resolve("amdhip64_7.lib").toString()));
        VerifyReport r = verify(dll, options());
        assertCheck(r, "imports.forbidden", Verdict.FAIL, "forbidden: cudart64_12.dll (matches cudart*.dll)");
        assertCheck(r, "imports.forbidden", Verdict.FAIL, "two HIP runtimes imported: amdhip64_6.dll, amdhip64_7.dll");
        assertCheck(r, "runtime.major", Verdict.FAIL, "amdhip64_6.dll");
    }

    @Test
    void missingExport() throws Exception {
        List<String> names = new ArrayList<>(loader.all());
        names.remove("coli_cuda_pipe_download");
        VerifyReport r = verify(cExports("missing.dll", names, List.of()), hostOnly());
        assertCheck(r, "exports.required", Verdict.FAIL, "missing required: coli_cuda_pipe_download");
    }

    @Test
    void missingOptionalExportOnlyWarns() throws Exception {
        List<String> names = new ArrayList<>(loader.required());
        VerifyReport r = verify(cExports("noopt.dll", names, List.of()), hostOnly());
        assertCheck(r, "exports.optional", Verdict.WARN, "missing optional: coli_cuda_device_integrated");
        assertTrue(r.passed(), r.checks().toString());
    }

    @Test
    void extraExport() throws Exception {
        List<String> names = new ArrayList<>(loader.all());
        names.add("coli_cuda_bonus");
        names.add("helper_fn");
        Path dll = cExports("extra.dll", names, List.of());
        VerifyReport r = verify(dll, hostOnly());
        assertCheck(r, "exports.extra", Verdict.FAIL, "extra: coli_cuda_bonus");
        assertCheck(r, "exports.other", Verdict.WARN, "other export: helper_fn");
        VerifyReport lenient = verify(dll, hostOnly().toBuilder().failOnExtraExports(false).build());
        assertCheck(lenient, "exports.extra", Verdict.WARN, "extra: coli_cuda_bonus");
        assertTrue(lenient.passed());
    }

    @Test
    void mangledExport() throws Exception {
        List<String> names = new ArrayList<>(loader.all());
        Path dll = cExports("mangled.dll", names, List.of("/export:?coli_cuda_step@@YAHH@Z=stub"));
        assertCheck(verify(dll, hostOnly()), "exports.decorated", Verdict.FAIL,
                "decorated or mangled: ?coli_cuda_step@@YAHH@Z");
    }

    @Test
    void duplicateNamesAndOrdinals() throws Exception {
        Path dll = cExports("dup.dll", new ArrayList<>(loader.all()), List.of());
        long dirOff = Patch.exportDirectoryOffset(dll);
        long namePtrs;
        long ordinals;
        try (dev.hipdll.pe.PeFile pe = dev.hipdll.pe.PeFile.open(dll)) {
            java.nio.ByteBuffer d = pe.source().buffer(dirOff, 40, "export directory");
            namePtrs = pe.rvaToOffset(d.getInt(32) & 0xffffffffL, 8, "names");
            ordinals = pe.rvaToOffset(d.getInt(36) & 0xffffffffL, 8, "ordinals");
        }
        byte[] b = Files.readAllBytes(dll);
        java.nio.ByteBuffer w = java.nio.ByteBuffer.wrap(b).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        w.putInt((int) namePtrs + 4, w.getInt((int) namePtrs));           // name #1 := name #0
        w.putShort((int) ordinals + 6, w.getShort((int) ordinals + 4));    // ordinal of name #3 := that of name #2
        Path bad = Files.write(dir.resolve("dup-patched.dll"), b);
        VerifyReport r = verify(bad, hostOnly());
        assertCheck(r, "exports.duplicates", Verdict.FAIL, "name exported 2 times: ");
        assertCheck(r, "exports.duplicates", Verdict.FAIL, "exported under 2 names: ");
    }

    @Test
    void absolutePdbPath() {
        Path dbg = Fixtures.exampleDll(dir.resolve("dbg"), "coli_hip.dll", List.of("gfx1151"), List.of("-g"));
        VerifyReport r = verify(dbg, options());
        assertCheck(r, "paths.pdb", Verdict.FAIL, "absolute PDB path in the debug directory: " + dir.resolve("dbg"));
        assertCheck(r, "paths.build", Verdict.FAIL, "build path " + dir);
    }

    @Test
    void missingGfxTarget() {
        VerifyReport r = verify(good, options().toBuilder()
                .deviceCode(DeviceCodeOptions.forTargets(GfxTargetList.parse("gfx1151,gfx1100").targets())).build());
        assertCheck(r, "device-code.targets", Verdict.FAIL, "missing: gfx1100 in bundle #0");
    }

    @Test
    void extraGfxTargetIsReported() {
        Path two = Fixtures.exampleDll(dir.resolve("two"), "coli_hip.dll", List.of("gfx1151", "gfx1100"), List.of());
        VerifyReport r = verify(two, options());
        assertCheck(r, "device-code.targets", Verdict.PASS, "extra target (not requested): gfx1100");
    }

    @Test
    void mislabelledCodeObject() {
        Path gfx1100 = Fixtures.exampleDll(dir.resolve("mis"), "coli_hip.dll", List.of("gfx1100"), List.of());
        Path bad = dir.resolve("mis/mislabelled.dll");
        int n = Patch.replaceAll(gfx1100, bad, "hipv4-amdgcn-amd-amdhsa--gfx1100", "hipv4-amdgcn-amd-amdhsa--gfx1151");
        assertTrue(n >= 2, "one id per translation unit, found " + n);
        VerifyReport r = verify(bad, options());
        assertCheck(r, "device-code.targets", Verdict.PASS, "gfx1151");
        assertCheck(r, "device-code.code-objects", Verdict.FAIL, "name gfx1100, but the entry is filed under gfx1151");
    }

    @Test
    void compressedBundleIsGood() {
        Path cz = Fixtures.exampleDll(dir.resolve("cz"), "coli_hip.dll", List.of("gfx1151"), List.of("--offload-compress"));
        VerifyReport r = verify(cz, options());
        assertTrue(r.passed(), r.checks().toString());
        assertCheck(r, "device-code.targets", Verdict.PASS, "compressed: CCOB v2 zstd");
        assertCheck(r, "device-code.code-objects", Verdict.PASS, "2 code object(s)");
    }

    @Test
    void truncatedFile() throws Exception {
        Path cut = Patch.truncate(good, dir.resolve("cut.dll"), Files.size(good) / 2);
        VerifyReport r = verify(cut, options());
        assertFalse(r.passed());
        String failures = r.checks().stream().filter(c -> c.verdict() == Verdict.FAIL).map(Check::found)
                .collect(Collectors.joining("\n"));
        assertTrue(failures.contains("past the end of the file") || failures.contains("past the file-backed part"),
                failures);
        assertTrue(failures.contains("cut.dll"), failures);
    }

    /**
     * Cut inside the last section: every table verify reads (headers, imports, exports, the offload
     * bundles) is still in the file, yet no loader maps the image. It was "DLL VERIFIED" before
     * pe.format checked the file against SizeOfHeaders and every section's raw data.
     */
    @Test
    void truncatedInTheLastSectionOnly() throws Exception {
        long size = Files.size(good);
        Path cut = Patch.truncate(good, dir.resolve("cut-last.dll"), size - 100);
        VerifyReport r = verify(cut, options());
        assertCheck(r, "pe.format", Verdict.FAIL, "the image is truncated");
        assertCheck(r, "pe.format", Verdict.FAIL, "cut-last.dll");
        assertCheck(r, "pe.format", Verdict.FAIL, "but the file is " + (size - 100) + " bytes");
        assertEquals(Verdict.PASS, r.check("exports.required").orElseThrow().verdict(), "the other checks still run");
        assertEquals(Verdict.PASS, verify(good, options()).check("pe.format").orElseThrow().verdict());
    }

    @Test
    void exportDirectoryPastTheEnd() {
        Path bad = Patch.u32(good, dir.resolve("exp-past.dll"), Patch.dataDirectoryOffset(good, DataDirectory.EXPORT_TABLE),
                0x7fff0000L);
        VerifyReport r = verify(bad, options());
        assertCheck(r, "exports.required", Verdict.FAIL, "export directory table");
        assertCheck(r, "exports.required", Verdict.FAIL, "RVA 0x7FFF0000 is not inside any section");
        assertEquals(Verdict.PASS, r.check("imports.allowed").orElseThrow().verdict(), "other checks still run");
    }

    @Test
    void exportCountOf2To31() {
        Path bad = Patch.u32(good, dir.resolve("exp-huge.dll"), Patch.exportDirectoryOffset(good) + 20, 0x80000000L);
        VerifyReport r = verify(bad, options());
        assertCheck(r, "exports.required", Verdict.FAIL, "Address Table Entries");
        assertCheck(r, "exports.required", Verdict.FAIL, "is 2147483648; at most 65536 expected");
    }

    @Test
    void skippedChecksAreReportedAsSkipped() {
        Path dbg = Fixtures.exampleDll(dir.resolve("dbg2"), "coli_hip.dll", List.of("gfx1151"), List.of("-g"));
        VerifyReport r = verify(dbg, options().toBuilder().skippedChecks(java.util.Set.of("paths.")).build());
        assertTrue(r.passed(), r.checks().toString());
        assertEquals(Verdict.SKIP, r.check("paths.pdb").orElseThrow().verdict());
        assertEquals(Verdict.SKIP, r.check("paths.build").orElseThrow().verdict());
    }
}
