package dev.hipdll.pipeline;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.hipdll.testing.Toolchain;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code hip.compilerLauncher=ccache} through the core build, with Debian's ccache and the stand-in SDK
 *: hits and misses are counted from ccache's own statistics
 * ({@code ccache --print-stats} of the test's {@code CCACHE_DIR}), and every DLL built from hits is compared
 * byte for byte with one built without the launcher. Needs ccache ({@code ./scripts/install/cache-tools}); under
 * {@code CI=true} a missing one fails the test.
 */
class CompilerLauncherBuildTest {
    @TempDir
    Path tmp;
    Path ccacheDir;

    @BeforeEach
    void tools() {
        Toolchain.require("clang-19", "lld-link-19", "clang-offload-bundler-19");
        if (!Files.isExecutable(Path.of("/usr/bin/ccache"))) {
            Toolchain.missing("ccache not found at /usr/bin/ccache: run ./scripts/install/cache-tools (apt-get install ccache)");
        }
        ccacheDir = tmp.resolve("ccache");
    }

    private CoreBuild project(String dir, boolean launcher) throws IOException {
        CoreBuild b = new CoreBuild(Files.createDirectories(tmp.resolve(dir))).withExample();
        b.arch = "gfx1151,gfx1100";
        b.outputTimestamp = "2026-01-01T00:00:00Z";
        if (launcher) {
            b.compilerLauncher = "ccache";
            b.extraEnv.put("CCACHE_DIR", ccacheDir.toString());
        }
        return b;
    }

    /** ccache's counters for the test's cache directory. */
    private Map<String, Long> stats() throws Exception {
        ProcessBuilder pb = new ProcessBuilder("ccache", "--print-stats").redirectErrorStream(true);
        pb.environment().put("CCACHE_DIR", ccacheDir.toString());
        Process q = pb.start();
        String out = new String(q.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(q.waitFor(30, TimeUnit.SECONDS) && q.exitValue() == 0, out);
        Map<String, Long> m = new HashMap<>();
        for (String line : out.split("\n")) {
            String[] kv = line.split("\t");
            if (kv.length == 2 && kv[1].strip().matches("\\d+")) {
                m.put(kv[0].strip(), Long.parseLong(kv[1].strip()));
            }
        }
        return m;
    }

    private static long hits(Map<String, Long> s) {
        return s.getOrDefault("direct_cache_hit", 0L) + s.getOrDefault("preprocessed_cache_hit", 0L);
    }

    private static long misses(Map<String, Long> s) {
        return s.getOrDefault("cache_miss", 0L);
    }

    private static void append(Path file, String text) throws IOException {
        Files.writeString(file, text, StandardOpenOption.APPEND);
    }

    @Test
    void aSecondCloneAtAnotherPathHitsEveryStepButTheEditedUnitsAndGetsTheSameDll() throws Exception {
        CoreBuild a = project("a/backend", true);
        List<String> logA = a.build();
        Map<String, Long> afterA = stats();
        // 2 units x (2 device compiles + 1 host compile), the bundles and the link are not wrapped
        assertEquals(6, misses(afterA), afterA.toString());
        assertEquals(0, hits(afterA), afterA.toString());
        assertTrue(logA.stream().anyMatch(l -> l.startsWith("compiler launcher ccache (") && l.contains(
                "wraps 4 device compiles and 2 host compiles; not 2 bundles, the link")), logA.toString());

        CoreBuild b = project("b/somewhere/deeper/backend", true);
        append(b.sources().resolve("cuda_chain.cu"), "\n__global__ void launcher_test_kernel(float *x) { x[0] = 2.0f; }\n");
        b.build();
        Map<String, Long> afterB = stats();
        assertEquals(3, hits(afterB) - hits(afterA), "backend_cuda.cu's 2 device compiles and its host compile hit: "
                + afterB);
        assertEquals(3, misses(afterB) - misses(afterA), "cuda_chain.cu's 3 compiles miss: " + afterB);

        CoreBuild c = project("c/backend", false);
        append(c.sources().resolve("cuda_chain.cu"), "\n__global__ void launcher_test_kernel(float *x) { x[0] = 2.0f; }\n");
        c.build();
        assertEquals(misses(afterB), misses(stats()), "the build without the launcher does not use ccache");
        assertArrayEquals(Files.readAllBytes(c.dll()), Files.readAllBytes(b.dll()),
                "the DLL built from ccache hits differs from the one built without ccache");

        ObjectMapper json = new ObjectMapper();
        JsonNode pb = json.readTree(b.dll().resolveSibling("provenance.json").toFile());
        assertEquals("ccache", pb.at("/compiler/launcher/name").asText(), pb.toString());
        assertEquals("[\"device compile\",\"host compile\"]", pb.at("/compiler/launcher/wrapped").toString());
        JsonNode pc = json.readTree(c.dll().resolveSibling("provenance.json").toFile());
        assertTrue(pc.at("/compiler/launcher").isMissingNode(), pc.toString());
        assertEquals(pc.at("/compiler/steps"), pb.at("/compiler/steps"), "the steps' commands are recorded without the launcher");
    }

    @Test
    void aChangeOnlyTheDeviceCodeSeesIsAMissOfTheHostCompileToo() throws Exception {
        // The host compile's preprocessed source does not change when only the device pass sees the edit,
        // but its fat binary does: without CCACHE_EXTRAFILES, ccache would return the host object that
        // embeds the old device code.
        CoreBuild a = project("a/backend", true);
        a.build();
        append(a.sources().resolve("cuda_chain.cu"), "\n#ifdef __HIP_DEVICE_COMPILE__\n"
                + "__device__ __attribute__((used)) int launcher_device_only = 42;\n#endif\n");
        Map<String, Long> before = stats();
        a.build();
        Map<String, Long> after = stats();
        assertEquals(3, misses(after) - misses(before), "cuda_chain.cu's 2 device compiles and its host compile: "
                + after);
        CoreBuild c = project("c/backend", false);
        append(c.sources().resolve("cuda_chain.cu"), "\n#ifdef __HIP_DEVICE_COMPILE__\n"
                + "__device__ __attribute__((used)) int launcher_device_only = 42;\n#endif\n");
        c.build();
        assertArrayEquals(Files.readAllBytes(c.dll()), Files.readAllBytes(a.dll()),
                "the DLL embeds stale device code from a ccache hit of the host compile");
        String buildLog = Files.readString(a.dll().resolveSibling("build.log"));
        assertTrue(buildLog.contains("CCACHE_EXTRAFILES=target/hipdll/steps/cuda_chain.cu/fatbin.hipfb"), buildLog);
    }

    /**
     * clang links the SDK's device libraries into every code object, but neither its dependency file nor ccache's
     * own hashing names them: with another {@code ocml.bc} (the same hipcc and clang) ccache returned the code
     * objects built with the old one. The compiler check the build gives ccache holds their digests.
     */
    @Test
    void anotherDeviceLibraryIsAMiss() throws Exception {
        Path sdk = tmp.resolve("sdk");
        dev.hipdll.testing.Trees.copy(Toolchain.standinSdk(), sdk);
        CoreBuild a = project("a/backend", true);
        a.sdk = sdk;
        a.build();
        Path ocml = sdk.resolve("lib/llvm/amdgcn/bitcode/ocml.bc");
        byte[] bc = Files.readAllBytes(ocml);
        bc[bc.length - 1] ^= 1;
        Files.write(ocml, bc);
        Map<String, Long> before = stats();
        a.build();  // the steps' keys hold the device libraries, so the device compiles run; ccache must not answer
        Map<String, Long> after = stats();
        assertEquals(0, hits(after) - hits(before), "code objects built with the old ocml.bc came from the cache: "
                + after + "\n" + a.log);
        assertTrue(misses(after) - misses(before) >= 4, "the 4 device compiles miss: " + after);
    }

    @Test
    void withoutALauncherCcacheVariablesAreScrubbedAndWithOneTheyPassAndAreListed() throws Exception {
        CoreBuild off = project("off/backend", false);
        off.extraEnv.put("CCACHE_DIR", ccacheDir.toString());
        List<String> logOff = off.build();
        assertTrue(logOff.stream().anyMatch(l -> l.contains("CCACHE_DIR") && l.contains("removed")
                && l.contains("hip.compilerLauncher is not set")), logOff.toString());
        assertFalse(Files.exists(ccacheDir.resolve("stats")) && misses(stats()) > 0, "ccache ran without a launcher");

        CoreBuild on = project("on/backend", true);
        List<String> logOn = on.build();
        assertTrue(logOn.stream().anyMatch(l -> l.contains("CCACHE_DIR") && l.contains("kept")
                && l.contains("for the compiler launcher ccache")), logOn.toString());
        assertEquals(6, misses(stats()));
        assertArrayEquals(Files.readAllBytes(off.dll()), Files.readAllBytes(on.dll()));
    }

    @Test
    void aLauncherOtherThanCcacheWrapsOnlyTheDeviceCompilesAndTheLogSaysWhy() throws Exception {
        // a launcher of our own (like sccache: no way to be told about the fat binary) that records each call
        Path calls = tmp.resolve("calls.txt");
        Path launcher = tmp.resolve("tools/my-launcher");
        Files.createDirectories(launcher.getParent());
        Files.writeString(launcher, "#!/bin/sh\nprintf '%s\\n' \"$*\" >> '" + calls + "'\nexec \"$@\"\n");
        launcher.toFile().setExecutable(true);
        CoreBuild b = project("other/backend", false);
        b.compilerLauncher = launcher.toString();
        List<String> log = b.build();
        List<String> lines = Files.readAllLines(calls);
        assertEquals(4, lines.size(), "2 units x 2 targets, device compiles only: " + lines);
        assertTrue(lines.stream().allMatch(l -> l.contains("--offload-device-only")), lines.toString());
        assertTrue(log.stream().anyMatch(l -> l.startsWith("compiler launcher my-launcher (" + launcher + "): wraps 4 device"
                + " compiles; not 2 bundles, 2 host compiles, the link (host compiles read their fat binary")), log.toString());
        CoreBuild plain = project("plain/backend", false);
        plain.build();
        assertArrayEquals(Files.readAllBytes(plain.dll()), Files.readAllBytes(b.dll()));
        JsonNode p = new ObjectMapper().readTree(b.dll().resolveSibling("provenance.json").toFile());
        assertEquals("my-launcher", p.at("/compiler/launcher/name").asText());
        assertEquals("[\"device compile\"]", p.at("/compiler/launcher/wrapped").toString());
    }
}
