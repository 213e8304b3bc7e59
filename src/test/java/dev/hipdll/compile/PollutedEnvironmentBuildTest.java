package dev.hipdll.compile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.environment.ScrubPolicy;
import dev.hipdll.environment.ScrubResult;
import dev.hipdll.host.Host;
import dev.hipdll.host.OsFamily;
import dev.hipdll.msvc.MsvcRequest;
import dev.hipdll.process.ProcessRunner;
import dev.hipdll.sdk.HipSdk;
import dev.hipdll.sdk.HipSdkResolver;
import dev.hipdll.sdk.SdkOverrides;
import dev.hipdll.target.GfxTargetList;
import dev.hipdll.testing.Toolchain;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real builds of the example backend with the stand-in SDK (clang-19) in an environment polluted
 * the way BRIEF's failures are: a decoy ROCm install in ROCM_PATH/HIP_PATH/HIP_DEVICE_LIB_PATH/
 * HIP_CLANG_PATH, CUDA_PATH (the NVIDIA platform), HIPCC_COMPILE_FLAGS_APPEND, a CUDA toolkit on
 * PATH. The SDK root and the output directory have spaces and non-ASCII characters, and the
 * arguments go through a response file.
 */
class PollutedEnvironmentBuildTest {
    @TempDir
    Path tmp;
    Path sdkRoot;
    Path out;
    Map<String, String> polluted;

    @BeforeEach
    void setUp() throws Exception {
        Path standin = Toolchain.standinSdk();
        sdkRoot = tmp.resolve("AMD ROCm Überall/7.1");
        Files.createDirectories(sdkRoot.getParent());
        Files.createSymbolicLink(sdkRoot, standin);
        out = tmp.resolve("out dir é");
        Path decoy = Files.createDirectories(tmp.resolve("decoy/rocm-5.7"));
        Files.createDirectories(decoy.resolve("bin"));
        Files.writeString(decoy.resolve("bin/hipcc"), "#!/bin/sh\necho decoy hipcc >&2; exit 9\n");
        decoy.resolve("bin/hipcc").toFile().setExecutable(true);
        polluted = new HashMap<>(System.getenv());
        polluted.put("ROCM_PATH", decoy.toString());
        polluted.put("HIP_PATH", decoy.toString());
        polluted.put("HIP_PATH_57", decoy.toString());
        polluted.put("HIP_DEVICE_LIB_PATH", decoy.resolve("amdgcn/bitcode").toString());
        polluted.put("HIP_CLANG_PATH", decoy.resolve("llvm/bin").toString());
        polluted.put("CUDA_PATH", "/usr/local/cuda-13.0");
        polluted.put("HIPCC_COMPILE_FLAGS_APPEND", "--this-flag-does-not-exist");
        polluted.put("PATH", decoy.resolve("bin") + ":/usr/local/cuda-13.0/bin:" + System.getenv().getOrDefault("PATH", "/usr/bin"));
        polluted.remove("HIP_SDK_ROOT");
    }

    private CompileRequest request(HipSdk sdk) throws Exception {
        Path src = Toolchain.exampleDir().resolve("src/main/hip");
        List<Path> sources;
        try (Stream<Path> s = Files.list(src)) {
            sources = s.filter(p -> p.toString().endsWith(".cu")).sorted().toList();
        }
        return new CompileRequest(sdk, GfxTargetList.parse("gfx1151"), sources, List.of(src.resolve("include")),
                List.of(), List.of(), true, out.resolve("coli_hip.dll"));
    }

    @Test
    void scrubbedBuildSucceedsThroughAResponseFile() throws Exception {
        Host host = Host.of(OsFamily.UNIX, polluted);
        BuildSetup setup = BuildSetup.prepare(host, new SdkOverrides(sdkRoot, null, null, null, null, null, null),
                List.of(), null, MsvcRequest.none(), ScrubPolicy.defaults(), new ProcessRunner(Duration.ofSeconds(10)));
        HipSdk sdk = setup.sdk();
        ScrubResult env = setup.environment();
        assertTrue(setup.msvc().isEmpty(), "nothing to pin on a Linux host");
        for (String v : List.of("ROCM_PATH", "HIP_PATH_57", "CUDA_PATH", "HIPCC_COMPILE_FLAGS_APPEND")) {
            assertTrue(env.removedNames().contains(v), v + " not removed: " + env.removedNames());
        }
        String path = env.environment().get("PATH").orElseThrow();
        assertFalse(path.contains("decoy") || path.contains("cuda-13.0"), path);
        assertEquals(sdk.root().path().toString(), env.environment().get("HIP_PATH").orElseThrow());

        BuildResult r = new HipDllBuilder(new ProcessRunner(Duration.ofMinutes(5)), new LaunchOptions(OsFamily.UNIX, 0))
                .build(request(sdk), env.environment().toMap(), tmp, l -> { });
        assertTrue(Files.size(r.dll()) > 4096, "DLL too small");
        String log = Files.readString(r.buildLog());
        assertTrue(log.contains("# passed as: ") && log.contains("@" + out.resolve("hipcc.rsp")), log);
        List<String> rsp = Files.readAllLines(out.resolve("hipcc.rsp"));
        assertTrue(rsp.contains("--offload-arch=gfx1151"), rsp.toString());
        assertTrue(rsp.stream().anyMatch(l -> l.startsWith("\"") && l.contains("AMD ROCm Überall")), rsp.toString());
    }

    @Test
    void thePollutionIsRealWithoutTheScrub() throws Exception {
        HipSdk sdk = new HipSdkResolver(Host.of(OsFamily.UNIX, polluted))
                .resolve(new SdkOverrides(sdkRoot, null, null, null, null, null, null));
        BuildFailedException e = assertThrows(BuildFailedException.class, () ->
                new HipDllBuilder(new ProcessRunner(Duration.ofMinutes(5)), LaunchOptions.defaults(OsFamily.UNIX))
                        .build(request(sdk), polluted, tmp, l -> { }));
        assertTrue(e.getMessage().contains("NVIDIA") || e.getMessage().contains("this-flag-does-not-exist"), e.getMessage());
        assertFalse(Files.exists(out.resolve("coli_hip.dll")));
    }
}
