package dev.hipdll.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.compile.BuildFailedException;
import dev.hipdll.compile.BuildSetup;
import dev.hipdll.environment.ScrubPolicy;
import dev.hipdll.environment.ScrubResult;
import dev.hipdll.host.Host;
import dev.hipdll.host.OsFamily;
import dev.hipdll.msvc.MsvcRequest;
import dev.hipdll.process.ProcessRunner;
import dev.hipdll.sdk.HipSdk;
import dev.hipdll.sdk.HipSdkResolver;
import dev.hipdll.sdk.SdkOverrides;
import dev.hipdll.testing.StandinBuild;
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
 * PATH. The SDK root and the output directory have spaces and non-ASCII characters, and every
 * step's arguments go through a response file. Without the scrub the pollution is real: the first
 * step fails on it.
 */
class PollutedEnvironmentBuildTest {
    @TempDir
    Path tmp;
    Path sdkRoot;
    Path out;
    Map<String, String> polluted;

    @BeforeEach
    void setUp() throws Exception {
        Toolchain.require("clang-19", "lld-link-19", "clang-offload-bundler-19");
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

    /** Every .cu of the example (outside the project base directory {@code tmp}: absolute paths), limit 0. */
    private HipDllBuildRequest request() throws Exception {
        Path src = Toolchain.exampleDir().resolve("src/main/hip");
        List<Path> sources;
        try (Stream<Path> s = Files.list(src)) {
            sources = s.filter(p -> p.toString().endsWith(".cu")).sorted().toList();
        }
        return StandinBuild.request(tmp, src, sources, List.of(src.resolve("include")), "gfx1151", List.of(),
                out.resolve("coli_hip.dll"), StandinBuild.options(Duration.ofMinutes(5), Duration.ofSeconds(30), 0, 2),
                Host.of(OsFamily.UNIX, polluted), sdkRoot);
    }

    @Test
    void scrubbedBuildSucceedsThroughResponseFiles() throws Exception {
        Host host = Host.of(OsFamily.UNIX, polluted);
        BuildSetup setup = BuildSetup.prepare(host, new SdkOverrides(sdkRoot, null, null, null, null, null, null),
                List.of(), null, MsvcRequest.none(), ScrubPolicy.defaults(), new ProcessRunner(Duration.ofSeconds(10)));
        HipSdk sdk = setup.sdk();
        ScrubResult env = setup.environment();
        assertTrue(setup.msvc().isEmpty(), "nothing to pin on a Linux host");
        for (String v : List.of("ROCM_PATH", "HIP_PATH_57", "CUDA_PATH", "HIPCC_COMPILE_FLAGS_APPEND", "HIP_CLANG_PATH")) {
            assertTrue(env.removedNames().contains(v), v + " not removed: " + env.removedNames());
        }
        String path = env.environment().get("PATH").orElseThrow();
        assertFalse(path.contains("decoy") || path.contains("cuda-13.0"), path);
        assertEquals(sdk.root().path().toString(), env.environment().get("HIP_PATH").orElseThrow());

        HipDllBuildResult r = StandinBuild.build(setup, request(), StandinBuild.quiet());
        assertTrue(Files.size(r.dll()) > 4096, "DLL too small");
        Path rspFile = out.resolve("steps/backend_cuda.cu/gfx1151.co.rsp");
        String log = Files.readString(out.resolve("build.log"));
        assertTrue(log.contains("[device compile backend_cuda.cu [gfx1151]] # passed as: ")
                && log.contains("@" + rspFile), log);
        List<String> rsp = Files.readAllLines(rspFile);
        assertTrue(rsp.contains("--offload-arch=gfx1151"), rsp.toString());
        assertTrue(rsp.stream().anyMatch(l -> l.startsWith("\"") && l.contains("AMD ROCm Überall")), rsp.toString());
    }

    /** The same request resolved and scrubbed by the build itself ({@code run(HipDllBuildRequest, ...)}), as the mojo runs it. */
    @Test
    void theBuildScrubsByItself() throws Exception {
        StandinBuild.Lines log = new StandinBuild.Lines();
        HipDllBuildResult r = StandinBuild.build(request(), log);
        assertTrue(Files.size(r.dll()) > 4096, "DLL too small");
        assertTrue(log.info().stream().anyMatch(l -> l.startsWith("hipcc environment: removed [") && l.contains("CUDA_PATH")),
                log.all().toString());
    }

    @Test
    void thePollutionIsRealWithoutTheScrub() throws Exception {
        HipSdk sdk = new HipSdkResolver(Host.of(OsFamily.UNIX, polluted))
                .resolve(new SdkOverrides(sdkRoot, null, null, null, null, null, null));
        BuildFailedException e = assertThrows(BuildFailedException.class, () ->
                StandinBuild.build(StandinBuild.setup(sdk, polluted), request(), StandinBuild.quiet()));
        assertTrue(e.getMessage().startsWith("device compile "), e.getMessage());
        assertTrue(e.getMessage().contains("NVIDIA") || e.getMessage().contains("this-flag-does-not-exist"), e.getMessage());
        assertFalse(Files.exists(out.resolve("coli_hip.dll")));
    }
}
