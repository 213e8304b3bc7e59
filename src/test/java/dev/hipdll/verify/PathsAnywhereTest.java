package dev.hipdll.verify;

import dev.hipdll.findings.Check;
import dev.hipdll.findings.Verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.contract.AbiContract;
import dev.hipdll.testing.Exec;
import dev.hipdll.testing.Fixtures;
import dev.hipdll.testing.Toolchain;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hole 2, "build paths inside device code pass", on DLLs built here with the stand-in
 * hipcc (clang-19, lld-link-19) in a directory that exists only during the test (so its path is
 * no configured path of this machine): {@code -g} device code carries {@code DW_AT_comp_dir} and
 * the line table's directories; with {@code --offload-compress} they are visible only after
 * inflating. A Windows drive path and a UNC path (ASCII and UTF-16LE) planted in device code too.
 * No build path is configured: {@code paths.build} must find them as absolute paths of any machine.
 */
class PathsAnywhereTest {
    @TempDir
    Path dir;

    static final AbiContract COUNT = new AbiContract.CountContract("coli_cuda_", 48, "test");

    private static VerifyOptions options() {
        return VerifyOptions.builder(COUNT).skippedChecks(java.util.Set.of("paths.pdb")).build();
    }

    private static Check check(VerifyReport r, String id) {
        return r.check(id).orElseThrow(() -> new AssertionError("no check " + id + " in " + r));
    }

    /** The example plus {@code extra} (a .hip file) built by the stand-in hipcc in {@code build}. */
    private static Path dll(Path build, String name, String extraSource, List<String> flags) throws Exception {
        Path sdk = Toolchain.standinSdk();
        Path ex = Toolchain.exampleDir();
        Files.createDirectories(build);
        List<String> cmd = new ArrayList<>(List.of(sdk.resolve("bin/hipcc").toString(), "-O3", "-std=c++17", "-x", "hip",
                "--offload-arch=gfx1151", "-shared", "-DCOLI_CUDA_BUILDING_DLL", "--hip-path=" + sdk,
                "-I" + ex.resolve("src/main/hip/include"), "--rocm-device-lib-path=" + sdk.resolve("lib/llvm/amdgcn/bitcode"),
                "-L", sdk.resolve("lib").toString(), "-lamdhip64", "-fms-runtime-lib=static"));
        cmd.addAll(flags);
        // sources copied into the build directory: the DWARF names them there
        Path src = Files.createDirectories(build.resolve("src"));
        Files.copy(ex.resolve("src/main/hip/backend_cuda.cu"), src.resolve("backend_cuda.cu"));
        Files.copy(ex.resolve("src/main/hip/cuda_chain.cu"), src.resolve("cuda_chain.cu"));
        cmd.add(src.resolve("backend_cuda.cu").toString());
        cmd.add(src.resolve("cuda_chain.cu").toString());
        if (extraSource != null) {
            cmd.add(Files.writeString(src.resolve("planted.hip"), extraSource).toString());
        }
        cmd.add("-o");
        cmd.add(build.resolve(name).toString());
        Exec.ok(build, cmd);
        return build.resolve(name);
    }

    @Test
    void debugDeviceCodeLeaksTheBuildDirectoryPlainAndCompressed() throws Exception {
        Path build = dir.resolve("builder-home/proj");
        for (boolean compressed : List.of(false, true)) {
            List<String> flags = compressed ? List.of("-g", "--offload-compress") : List.of("-g");
            Path dll = dll(build.resolve(compressed ? "cz" : "plain"), "coli_hip.dll", null, flags);
            VerifyReport r = new DllVerifier().verify(dll, options());
            Check paths = check(r, "paths.build");
            assertEquals(Verdict.FAIL, paths.verdict(), paths.toString());
            String buildDir = build.toString();
            String fmt = compressed ? ", CCOB v2 zstd)" : ")";
            assertTrue(paths.details().stream().anyMatch(d -> d.startsWith("gfx1151 code object (bundle #0" + fmt + ", .debug_")
                            && d.contains(": " + buildDir)), paths.details().toString());
            Check debug = check(r, "device-code.debug");
            assertEquals(Verdict.WARN, debug.verdict(), debug.toString());
            assertTrue(debug.details().get(0).startsWith("gfx1151 code object (bundle #0, " + (compressed ? "CCOB v2 zstd" : "plain")
                    + "): .debug_"), debug.details().toString());
            VerifyReport strict = new DllVerifier().verify(dll, options().toBuilder()
                    .deviceCode(DeviceCodeOptions.builder().allowDeviceDebug(false).build()).build());
            assertEquals(Verdict.FAIL, check(strict, "device-code.debug").verdict());
            if (compressed) {
                // the exact directory given as a build path: found inside the inflated bundle, named as such
                VerifyReport given = new DllVerifier().verify(dll, options().toBuilder().buildPaths(List.of(buildDir))
                        .build());
                assertTrue(check(given, "paths.build").details().stream().anyMatch(d -> d.contains("CCOB v2 zstd")
                        && d.contains("build path " + buildDir)), check(given, "paths.build").details().toString());
                // the same DLL without -g device code is clean: the paths were only in the DWARF
                Path nodebug = dll(build.resolve("cz-nodebug"), "coli_hip.dll", null, List.of("--offload-compress"));
                VerifyReport clean = new DllVerifier().verify(nodebug, options());
                assertEquals(Verdict.PASS, check(clean, "paths.build").verdict(), check(clean, "paths.build").toString());
                assertEquals(Verdict.PASS, check(clean, "device-code.debug").verdict());
            }
        }
    }

    static final String PLANTED = """
            #include <hip/hip_runtime.h>
            extern "C" __device__ __attribute__((used)) const char coli_where_drive[] = "D:\\\\agent\\\\_work\\\\7\\\\s\\\\kernels";
            extern "C" __device__ __attribute__((used)) const char coli_where_unc[] = "\\\\\\\\buildsrv\\\\drops\\\\nightly";
            extern "C" __device__ __attribute__((used)) const char16_t coli_where_wide[] = u"C:/Users/ci/hip/src";
            __global__ void k_planted(char *out) { out[0] = coli_where_drive[0] + coli_where_unc[0] + (char) coli_where_wide[0]; }
            """;

    @Test
    void driveUncAndUtf16PathsPlantedInDeviceCodeAreFoundPlainAndCompressed() throws Exception {
        for (boolean compressed : List.of(false, true)) {
            Path dll = dll(dir.resolve(compressed ? "pc" : "pp"), "coli_hip.dll", PLANTED,
                    compressed ? List.of("--offload-compress") : List.of());
            Check paths = check(new DllVerifier().verify(dll, options()), "paths.build");
            assertEquals(Verdict.FAIL, paths.verdict());
            List<String> d = paths.details();
            String in = "gfx1151 code object (bundle #2" + (compressed ? ", CCOB v2 zstd)" : ")");
            assertTrue(d.stream().anyMatch(x -> x.startsWith(in) && x.contains(": D:\\agent\\_work\\7\\s\\kernels (ASCII")), d.toString());
            assertTrue(d.stream().anyMatch(x -> x.startsWith(in) && x.contains(": \\\\buildsrv\\drops\\nightly (ASCII")), d.toString());
            assertTrue(d.stream().anyMatch(x -> x.startsWith(in) && x.contains(": C:/Users/ci/hip/src (UTF-16LE")), d.toString());
            // accepted as harmless: reported as accepted, the check passes
            Check allowed = check(new DllVerifier().verify(dll, options().toBuilder().allowedPaths(
                    List.of("D:/agent/**", "\\\\buildsrv\\drops\\*", "c:/users/ci/**")).build()), "paths.build");
            assertEquals(Verdict.PASS, allowed.verdict(), allowed.toString());
            assertTrue(allowed.details().stream().anyMatch(x -> x.startsWith("accepted by hip.allowedPaths D:/agent/**: ")),
                    allowed.details().toString());
            assertEquals(3, allowed.details().size(), allowed.details().toString());
        }
    }

    @Test
    void theExampleBuiltWithoutDebugHasNoAbsolutePath() {
        Path good = Fixtures.exampleDll(dir, "good.dll", List.of("gfx1151", "gfx1100"), List.of());
        VerifyReport r = new DllVerifier().verify(good, VerifyOptions.of(COUNT));
        assertEquals(Verdict.PASS, check(r, "paths.build").verdict(), check(r, "paths.build").toString());
        assertEquals(Verdict.PASS, check(r, "device-code.debug").verdict());
    }
}
