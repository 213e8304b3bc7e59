package dev.hipdll.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.compile.BuildFailedException;
import dev.hipdll.host.Host;
import dev.hipdll.host.OsFamily;
import dev.hipdll.incremental.DependencyFile;
import dev.hipdll.sdk.HipSdk;
import dev.hipdll.sdk.SdkComponent;
import dev.hipdll.testing.StandinBuild;
import dev.hipdll.testing.Toolchain;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real compiler (clang-19 through the stand-in SDK's hipcc, one call per step) on the example
 * backend: a good build yields the dependency files the stamp and the step records are made from; a
 * deliberately broken source yields a message whose first line names the failed step and whose
 * second names the real cause, and the full analysis in diagnosis.txt, headed by the failed step; a
 * missing runtime library is a link diagnosis; a hung or silently failing hipcc is named as such.
 *
 * <p>Was {@code compile.HipDllBuilderDiagnosisTest}: the diagnosis used to classify the output of
 * the one hipcc call; now it classifies the failed step's own output, so the cause is the second
 * line, after "{@code <step> failed}".
 */
class StepDiagnosisTest {
    @TempDir
    Path dir;

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
        return Map.of("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"), "TMPDIR",
                System.getProperty("java.io.tmpdir"));
    }

    /** The copied example in {@code dir/hip}, output {@code dir/out/coli_hip.dll}, 2 workers. */
    private HipDllBuildRequest request(Path srcDir, Duration timeout) throws Exception {
        return StandinBuild.request(dir, srcDir, List.of(srcDir.resolve("backend_cuda.cu"), srcDir.resolve("cuda_chain.cu")),
                List.of(srcDir.resolve("include")), "gfx1151", List.of(), dir.resolve("out/coli_hip.dll"),
                StandinBuild.options(timeout), Host.of(OsFamily.UNIX, env()), Toolchain.standinSdk());
    }

    private static HipDllBuildResult build(HipSdk sdk, HipDllBuildRequest r) throws Exception {
        return StandinBuild.build(StandinBuild.setup(sdk, env()), r, StandinBuild.quiet());
    }

    @Test
    void aGoodBuildListsEveryFileTheCompilerRead() throws Exception {
        Toolchain.require("clang-19", "lld-link-19", "clang-offload-bundler-19");
        Path src = copyExample();
        HipDllBuildResult r = StandinBuild.build(request(src, Duration.ofMinutes(5)), StandinBuild.quiet());
        Path out = dir.resolve("out");
        List<Path> expected = List.of(src.resolve("backend_cuda.cu"), src.resolve("cuda_chain.cu"),
                src.resolve("include/ops.h"), src.resolve("include/coli_cuda.h"),
                Toolchain.standinSdk().resolve("include/hip/hip_runtime.h").toAbsolutePath().normalize());
        // the DLL-level stamp reads every step's dependency file, merged into <dll>.d
        List<Path> read = DependencyFile.read(r.dll().resolveSibling("coli_hip.dll.d"), dir);
        for (Path p : expected) {
            assertTrue(read.contains(p), () -> p + " not in " + read);
        }
        // each compile step's own: the device and host compile of backend_cuda.cu both read its headers
        for (String step : List.of("gfx1151.d", "host.d")) {
            List<Path> own = DependencyFile.read(out.resolve("steps/backend_cuda.cu/" + step), dir);
            for (Path p : List.of(src.resolve("backend_cuda.cu"), src.resolve("include/ops.h"), expected.get(4))) {
                assertTrue(own.contains(p), () -> p + " not in " + step + ": " + own);
            }
            assertFalse(own.contains(src.resolve("cuda_chain.cu")), own::toString);
        }
        assertFalse(Files.exists(out.resolve("diagnosis.txt")));
    }

    @Test
    void aBrokenSourceIsDiagnosedByItsRealCause() throws Exception {
        Toolchain.require("clang-19", "lld-link-19", "clang-offload-bundler-19");
        Path src = copyExample();
        Path ops = src.resolve("include/ops.h");
        // A CUDA/GCC idiom HIP's clang does not define, in a shared header: every TU fails on it.
        Files.writeString(ops, Files.readString(ops).replace("static inline unsigned int coli_blocks",
                "static __always_inline unsigned int coli_blocks"));
        Path out = dir.resolve("out/coli_hip.dll");
        BuildFailedException e = assertThrows(BuildFailedException.class,
                () -> StandinBuild.build(request(src, Duration.ofMinutes(5)), StandinBuild.quiet()));
        List<String> lines = e.getMessage().lines().toList();
        // both units' device compiles run at once (2 workers); the first to fail is named
        assertTrue(lines.get(0).matches("device compile (backend_cuda|cuda_chain)\\.cu \\[gfx1151\\] failed"), lines.get(0));
        String step = lines.get(0).substring(0, lines.get(0).length() - " failed".length());
        String cause = lines.get(1);
        assertEquals("unknown type name '__always_inline': a CUDA, GCC or MSVC source idiom that HIP's clang does not define",
                cause);
        // every step gets project paths relative to its working directory (reproducible builds,
        // WorkingDirectoryPaths), so clang names the header that way too.
        assertTrue(e.getMessage().contains("root error:  " + dir.relativize(ops) + ":7:8: error: unknown type name '__always_inline'"),
                e.getMessage());
        assertTrue(e.getMessage().endsWith("nothing was published."), e.getMessage());
        Path txt = dir.resolve("out/diagnosis.txt");
        List<String> analysis = Files.readAllLines(txt);
        assertEquals("failed step: " + step, analysis.get(0));
        assertEquals(cause, analysis.get(1));
        assertTrue(analysis.contains("stage:       compile"), analysis::toString);
        assertFalse(Files.exists(out), "no DLL");
        assertFalse(Files.exists(out.resolveSibling(".tmp")), "no half-written DLL");
    }

    /** The copied example with a host-only unit {@code host.cpp} of {@code code}: the request, 2 workers. */
    private HipDllBuildRequest withHostUnit(String code) throws Exception {
        Path src = copyExample();
        Path host = src.resolve("host.cpp");
        Files.writeString(host, code);
        return StandinBuild.request(dir, src, List.of(src.resolve("backend_cuda.cu"), src.resolve("cuda_chain.cu"), host),
                List.of(src.resolve("include")), "gfx1151", List.of(), dir.resolve("out/coli_hip.dll"),
                StandinBuild.options(Duration.ofMinutes(5)), Host.of(OsFamily.UNIX, env()), Toolchain.standinSdk());
    }

    /**
     * A host-only .cpp that includes hip/hip_runtime.h (ordinary in CUDA projects) compiles, as with AMD's header: the
     * stand-in's header used to fail on its amdgcn builtins outside a HIP compile.
     */
    @Test
    void aHostOnlyUnitIncludingTheRuntimeHeaderBuilds() throws Exception {
        Toolchain.require("clang-19", "lld-link-19", "clang-offload-bundler-19");
        HipDllBuildRequest r = withHostUnit("""
                #include <hip/hip_runtime.h>
                extern "C" int coli_device_count(void) { int n = 0; return hipGetDeviceCount(&n) == hipSuccess ? n : -1; }
                """);
        HipDllBuildResult built = StandinBuild.build(r, StandinBuild.quiet());
        assertTrue(Files.isRegularFile(built.dll()));
        assertTrue(Files.isRegularFile(dir.resolve("out/steps/host.cpp/host.obj")));
    }

    /**
     * An error whose location is in the SDK's header is the SDK's, named with the user's line that included it, not
     * "error in your code at <SDK header>": a macro defined before the include breaks the header.
     */
    @Test
    void anErrorInsideAnSdkHeaderIsNamedAsTheSdksWithTheIncludingLine() throws Exception {
        Toolchain.require("clang-19", "lld-link-19", "clang-offload-bundler-19");
        HipDllBuildRequest r = withHostUnit("""
                #define hipStream_t 42
                #include <hip/hip_runtime.h>
                """);
        BuildFailedException e = assertThrows(BuildFailedException.class, () -> StandinBuild.build(r, StandinBuild.quiet()));
        List<String> lines = e.getMessage().lines().toList();
        assertEquals("host compile host.cpp failed", lines.get(0), e.getMessage());
        Path header = Toolchain.standinSdk().resolve("include/hip/hip_runtime.h").toAbsolutePath().normalize();
        assertTrue(lines.get(1).startsWith("error inside the HIP SDK's header at " + header + ":"), e.getMessage());
        assertTrue(lines.get(1).contains(", included from " + dir.relativize(dir.resolve("hip/host.cpp")) + ":2: "),
                e.getMessage());
        assertTrue(e.getMessage().contains("(rule error-in-sdk-header)"), e.getMessage());
        assertFalse(e.getMessage().contains("error in your code"), e.getMessage());
    }

    /** A host-only unit that uses device code is told to compile as HIP with hip.hipSources. */
    @Test
    void deviceCodeInAHostOnlyUnitNamesHipSources() throws Exception {
        Toolchain.require("clang-19", "lld-link-19", "clang-offload-bundler-19");
        HipDllBuildRequest r = withHostUnit("""
                #include <hip/hip_runtime.h>
                __global__ void zero(float *x) { x[threadIdx.x] = 0.0f; }
                """);
        BuildFailedException e = assertThrows(BuildFailedException.class, () -> StandinBuild.build(r, StandinBuild.quiet()));
        List<String> lines = e.getMessage().lines().toList();
        assertEquals("host compile host.cpp failed", lines.get(0), e.getMessage());
        assertTrue(lines.get(1).startsWith("threadIdx at " + dir.relativize(dir.resolve("hip/host.cpp")) + ":2 is device code"),
                e.getMessage());
        assertTrue(e.getMessage().contains("(rule device-code-in-host-only-unit)"), e.getMessage());
        assertTrue(e.getMessage().contains("name it in hip.hipSources"), e.getMessage());
    }

    @Test
    void aMissingRuntimeLibraryIsAHostLinkDiagnosis() throws Exception {
        Toolchain.require("clang-19", "lld-link-19", "clang-offload-bundler-19");
        Path src = copyExample();
        // The SDK's libDir replaced by an empty directory: amdhip64.lib is nowhere on the link path.
        Path emptyLib = Files.createDirectories(dir.resolve("emptylib"));
        HipSdk s = StandinBuild.sdk();
        HipSdk noRuntime = new HipSdk(s.root(), s.hipcc(), s.clangDir(), s.includeDir(),
                new SdkComponent("libDir", emptyLib, s.libDir().origin()), s.deviceLibDir(), s.runtimeDll(), s.version());
        BuildFailedException e = assertThrows(BuildFailedException.class,
                () -> build(noRuntime, request(src, Duration.ofMinutes(5))));
        List<String> lines = e.getMessage().lines().toList();
        assertEquals("link coli_hip.dll failed", lines.get(0), e.getMessage());
        assertTrue(lines.get(1).startsWith("the linker cannot find amdhip64.lib"), e.getMessage());
        assertTrue(e.getMessage().contains("stage:       host link"), e.getMessage());
    }

    /** The stand-in SDK with {@code script} as its hipcc. */
    private HipSdk withHipcc(String script) throws Exception {
        Path fake = dir.resolve("fake-hipcc");
        Files.writeString(fake, script);
        assertTrue(fake.toFile().setExecutable(true));
        HipSdk s = StandinBuild.sdk();
        return new HipSdk(s.root(), new SdkComponent("hipcc", fake, s.hipcc().origin()), s.clangDir(),
                s.includeDir(), s.libDir(), s.deviceLibDir(), s.runtimeDll(), s.version());
    }

    @Test
    void aHungCompilerIsKilledAndTheDiagnosisSaysSo() throws Exception {
        Path src = copyExample();
        HipSdk sdk = withHipcc("#!/bin/sh\necho compiling\nsleep 600\n");
        long t0 = System.nanoTime();
        BuildFailedException e = assertThrows(BuildFailedException.class, () -> build(sdk, request(src, Duration.ofSeconds(2))));
        assertTrue(System.nanoTime() - t0 < 300_000_000_000L, "killed after the timeout, not after the sleep");  // a hang guard
        List<String> lines = e.getMessage().lines().toList();
        assertTrue(lines.get(0).matches("device compile (backend_cuda|cuda_chain)\\.cu \\[gfx1151\\] failed"), e.getMessage());
        assertTrue(lines.get(1).startsWith("the compiler ran past hip.timeout (2 s)"), e.getMessage());
        assertTrue(e.getMessage().contains("stage:       timeout"), e.getMessage());
    }

    @Test
    void aSilentFailureIsNamedAsSuch() throws Exception {
        Path src = copyExample();
        HipSdk sdk = withHipcc("#!/bin/sh\nexit 3\n");
        BuildFailedException e = assertThrows(BuildFailedException.class, () -> build(sdk, request(src, Duration.ofSeconds(30))));
        List<String> lines = e.getMessage().lines().toList();
        assertTrue(lines.get(0).matches("device compile (backend_cuda|cuda_chain)\\.cu \\[gfx1151\\] failed"), e.getMessage());
        assertTrue(lines.get(1).startsWith("the compiler failed (exit 3) without printing a single line"), e.getMessage());
    }

    /**
     * Two steps that fail at the same moment (both units' device compiles, each with its own error):
     * the message names one, and diagnosis.txt, which the message points to, must analyse that same
     * step, complete. A fake hipcc whose two device compiles wait for each other and then fail; 10 builds.
     */
    @Test
    void diagnosisTxtDescribesTheStepTheMessageNames() throws Exception {
        Path src = copyExample();
        Path sync = Files.createDirectories(dir.resolve("sync"));
        HipSdk sdk = withHipcc("""
                #!/bin/bash
                for a in "$@"; do case "$a" in *.cu) unit="$(basename "$a" .cu)" ;; esac; done
                touch "%s/$unit"
                for i in $(seq 200); do [[ -f "%s/backend_cuda" && -f "%s/cuda_chain" ]] && break; sleep 0.01; done
                echo "$unit.cu:1:1: error: use of undeclared identifier 'only_in_$unit'" >&2
                exit 1
                """.replace("%s", sync.toString()));
        List<String> mismatches = new ArrayList<>();
        for (int run = 0; run < 10; run++) {
            try (var files = Files.list(sync)) {
                for (Path p : files.toList()) {
                    Files.delete(p);
                }
            }
            BuildFailedException e = assertThrows(BuildFailedException.class, () -> build(sdk, request(src, Duration.ofSeconds(30))));
            String first = e.getMessage().lines().findFirst().orElseThrow();
            String step = first.replaceFirst(" failed$", "");
            List<String> analysis = Files.readAllLines(dir.resolve("out/diagnosis.txt"));
            String unit = step.replaceFirst("^device compile (\\w+)\\.cu.*", "$1");
            boolean same = !analysis.isEmpty() && analysis.get(0).equals("failed step: " + step)
                    && analysis.stream().anyMatch(l -> l.contains("only_in_" + unit))
                    && analysis.get(analysis.size() - 1).startsWith("full compiler output: ");
            if (!same) {
                mismatches.add("run " + run + ": the message names '" + step + "', diagnosis.txt says "
                        + (analysis.isEmpty() ? "nothing (empty)" : "'" + analysis.get(0) + "' ... '"
                        + analysis.get(analysis.size() - 1) + "'"));
            }
        }
        assertEquals(List.of(), mismatches);
    }
}
