package dev.hipdll.compile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.incremental.DependencyFile;
import dev.hipdll.process.ProcessRunner;
import dev.hipdll.sdk.HipSdk;
import dev.hipdll.sdk.HipSdkResolver;
import dev.hipdll.sdk.SdkOverrides;
import dev.hipdll.target.GfxTargetList;
import dev.hipdll.testing.Toolchain;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real compiler (clang-19 through the stand-in SDK's hipcc) on the example backend: a good
 * build yields the dependency file the stamp is made from; a deliberately broken source yields a
 * diagnosis whose first line names the real cause, and the full analysis in diagnosis.txt.
 */
class HipDllBuilderDiagnosisTest {
    @TempDir
    Path dir;

    private CompileRequest request(Path srcDir, Path out) throws Exception {
        Path sdkRoot = Toolchain.standinSdk();
        HipSdk sdk = new HipSdkResolver(false, Map.of()).resolve(new SdkOverrides(sdkRoot, null, null, null, null, null, null));
        List<Path> sources = List.of(srcDir.resolve("backend_cuda.cu"), srcDir.resolve("cuda_chain.cu"));
        return new CompileRequest(sdk, GfxTargetList.parse("gfx1151"), sources, List.of(srcDir.resolve("include")),
                List.of(), List.of(), true, out);
    }

    private Path copyExample() throws Exception {
        Path src = Toolchain.exampleDir().resolve("src/main/hip");
        Path copy = dir.resolve("hip");
        Files.createDirectories(copy.resolve("include"));
        for (String f : List.of("backend_cuda.cu", "cuda_chain.cu", "include/coli_cuda.h", "include/ops.h")) {
            Files.copy(src.resolve(f), copy.resolve(f));
        }
        return copy;
    }

    private static Map<String, String> env() {
        return Map.of("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"), "TMPDIR", System.getProperty("java.io.tmpdir"));
    }

    @Test
    void aGoodBuildListsEveryFileTheCompilerRead() throws Exception {
        Toolchain.require("clang-19", "lld-link-19");
        Path src = copyExample();
        Path out = dir.resolve("out/coli_hip.dll");
        BuildResult r = new HipDllBuilder(new ProcessRunner(Duration.ofMinutes(5))).build(request(src, out), env(), dir, l -> { });
        List<Path> read = DependencyFile.read(r.dependencyFile(), dir);
        for (Path p : List.of(src.resolve("backend_cuda.cu"), src.resolve("cuda_chain.cu"), src.resolve("include/ops.h"),
                src.resolve("include/coli_cuda.h"), Toolchain.standinSdk().resolve("include/hip/hip_runtime.h").toAbsolutePath().normalize())) {
            assertTrue(read.contains(p), () -> p + " not in " + read);
        }
        assertFalse(Files.exists(dir.resolve("out/diagnosis.txt")));
    }

    @Test
    void aBrokenSourceIsDiagnosedByItsRealCause() throws Exception {
        Toolchain.require("clang-19", "lld-link-19");
        Path src = copyExample();
        Path ops = src.resolve("include/ops.h");
        // A CUDA/GCC idiom HIP's clang does not define, in a shared header: every TU fails on it.
        Files.writeString(ops, Files.readString(ops).replace("static inline unsigned int coli_blocks",
                "static __always_inline unsigned int coli_blocks"));
        Path out = dir.resolve("out/coli_hip.dll");
        BuildFailedException e = assertThrows(BuildFailedException.class, () -> new HipDllBuilder(
                new ProcessRunner(Duration.ofMinutes(5))).build(request(src, out), env(), dir, l -> { }));
        String first = e.getMessage().lines().findFirst().orElseThrow();
        assertEquals("unknown type name '__always_inline': a CUDA, GCC or MSVC source idiom that HIP's clang does not define",
                first);
        // hipcc gets project paths relative to its working directory (reproducible builds, WorkingDirectoryPaths),
        // so clang names the header that way too.
        assertTrue(e.getMessage().contains("root error:  " + dir.relativize(ops) + ":7:8: error: unknown type name '__always_inline'"),
                e.getMessage());
        Path txt = dir.resolve("out/diagnosis.txt");
        List<String> analysis = Files.readAllLines(txt);
        assertEquals(first, analysis.get(0));
        assertTrue(analysis.contains("stage:       compile"), analysis::toString);
        assertFalse(Files.exists(out), "no DLL");
        assertFalse(Files.exists(dir.resolve("out/coli_hip.dll.tmp")), "no half-written DLL");
    }

    @Test
    void aMissingRuntimeLibraryIsAHostLinkDiagnosis() throws Exception {
        Toolchain.require("clang-19", "lld-link-19");
        Path src = copyExample();
        Path out = dir.resolve("out/coli_hip.dll");
        CompileRequest good = request(src, out);
        // The SDK's libDir replaced by an empty directory: amdhip64.lib is nowhere on the link path.
        Path emptyLib = Files.createDirectories(dir.resolve("emptylib"));
        HipSdk s = good.sdk();
        HipSdk noRuntime = new HipSdk(s.root(), s.hipcc(), s.clangDir(), s.includeDir(),
                new dev.hipdll.sdk.SdkComponent("libDir", emptyLib, s.libDir().origin()), s.deviceLibDir(), s.runtimeDll(), s.version());
        CompileRequest r = new CompileRequest(noRuntime, good.targets(), good.sources(), good.includeDirs(), List.of(),
                List.of(), true, out);
        BuildFailedException e = assertThrows(BuildFailedException.class, () -> new HipDllBuilder(
                new ProcessRunner(Duration.ofMinutes(5))).build(r, env(), dir, l -> { }));
        assertTrue(e.getMessage().startsWith("the linker cannot find amdhip64.lib"), e.getMessage());
        assertTrue(e.getMessage().contains("stage:       host link"), e.getMessage());
    }

    private CompileRequest withHipcc(Path srcDir, Path out, String script) throws Exception {
        CompileRequest good = request(srcDir, out);
        Path fake = dir.resolve("fake-hipcc");
        Files.writeString(fake, script);
        fake.toFile().setExecutable(true);
        HipSdk s = good.sdk();
        HipSdk sdk = new HipSdk(s.root(), new dev.hipdll.sdk.SdkComponent("hipcc", fake, s.hipcc().origin()), s.clangDir(),
                s.includeDir(), s.libDir(), s.deviceLibDir(), s.runtimeDll(), s.version());
        return new CompileRequest(sdk, good.targets(), good.sources(), good.includeDirs(), List.of(), List.of(), true, out);
    }

    @Test
    void aHungCompilerIsKilledAndTheDiagnosisSaysSo() throws Exception {
        Path src = copyExample();
        Path out = dir.resolve("out/coli_hip.dll");
        CompileRequest r = withHipcc(src, out, "#!/bin/sh\necho compiling backend_cuda.cu\nsleep 60\n");
        long t0 = System.nanoTime();
        BuildFailedException e = assertThrows(BuildFailedException.class, () -> new HipDllBuilder(
                new ProcessRunner(Duration.ofSeconds(2))).build(r, env(), dir, l -> { }));
        assertTrue(System.nanoTime() - t0 < 30_000_000_000L, "killed after the timeout, not after the sleep");
        assertTrue(e.getMessage().startsWith("the compiler ran past hip.timeout (2 s)"), e.getMessage());
        assertTrue(e.getMessage().contains("stage:       timeout"), e.getMessage());
    }

    @Test
    void aSilentFailureIsNamedAsSuch() throws Exception {
        Path src = copyExample();
        Path out = dir.resolve("out/coli_hip.dll");
        CompileRequest r = withHipcc(src, out, "#!/bin/sh\nexit 3\n");
        BuildFailedException e = assertThrows(BuildFailedException.class, () -> new HipDllBuilder(
                new ProcessRunner(Duration.ofSeconds(30))).build(r, env(), dir, l -> { }));
        assertTrue(e.getMessage().startsWith("the compiler failed (exit 3) without printing a single line"), e.getMessage());
    }
}
