package dev.hipdll.provenance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.pipeline.HipDllBuildRequest;
import dev.hipdll.pipeline.HipDllBuildResult;
import dev.hipdll.compile.BuildStep;
import dev.hipdll.compile.CompileRequest;
import dev.hipdll.compile.Driver;
import dev.hipdll.compile.ReproducibleBuild;
import dev.hipdll.compile.StepPlanRequest;
import dev.hipdll.compile.StepPlanner;
import dev.hipdll.host.OsFamily;
import dev.hipdll.testing.Exec;
import dev.hipdll.testing.StandinBuild;
import dev.hipdll.testing.Toolchain;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Provenance of a real stand-in build (the {@code provenance.json} the build wrote), with GNU
 * sha256sum as the oracle for every digest. The compiler section now holds one command per step of
 * the graph ({@link Provenance.Compiler#steps()}), each with placeholders for machine paths.
 */
class ProvenanceRecorderTest {
    @TempDir
    Path dir;
    Path project;
    HipDllBuildRequest request;
    Provenance provenance;

    @BeforeEach
    void build() throws Exception {
        Toolchain.require("clang-19", "lld-link-19", "clang-offload-bundler-19");
        project = dir.resolve("project");
        provenance = buildIn(project);
    }

    private Provenance buildIn(Path where) throws Exception {
        StandinBuild.copyExample(where);
        request = StandinBuild.request(where, "gfx1151", List.of(), StandinBuild.options(Duration.ofSeconds(300)));
        HipDllBuildResult r = StandinBuild.build(request, StandinBuild.quiet());
        assertEquals(where.resolve("target/hipdll/provenance.json"), r.provenance());
        return new ProvenanceJson().read(r.provenance());
    }

    private static String sha256sum(Path file) {
        return Exec.ok(file.getParent(), List.of("sha256sum", file.toString())).split("\\s+")[0];
    }

    @Test
    void digestsAgreeWithSha256sum() {
        Path sdk = Toolchain.standinSdk();
        assertEquals(sha256sum(request.output()), provenance.output().sha256());
        assertEquals("coli_hip.dll", provenance.output().file());
        Provenance.ComponentDigest hipcc = component("hipcc");
        assertEquals("bin/hipcc", hipcc.path());
        assertEquals(sha256sum(sdk.resolve("bin/hipcc")), hipcc.sha256());
        assertEquals(sha256sum(sdk.resolve("bin/amdhip64_7.dll")), component("runtimeDll").sha256());
        assertEquals(sha256sum(sdk.resolve("lib/amdhip64.lib")), component("libDir").sha256());
        assertEquals("lib/llvm/bin/clang", component("clang").path());
        assertEquals(sha256sum(sdk.resolve("lib/llvm/bin/clang")), component("clang").sha256());
        // the bundle steps run it (sha256sum follows the stand-in's symbolic link, as the digest does)
        assertEquals("lib/llvm/bin/clang-offload-bundler", component("clang-offload-bundler").path());
        assertEquals(sha256sum(sdk.resolve("lib/llvm/bin/clang-offload-bundler")), component("clang-offload-bundler").sha256());
        assertEquals("-Dhip.sdkRoot", hipcc.origin());
        for (Provenance.FileDigest f : provenance.sources()) {
            assertEquals(sha256sum(project.resolve(f.path())), f.sha256(), f.path());
        }
        assertEquals(List.of("src/main/hip/backend_cuda.cu", "src/main/hip/cuda_chain.cu", "src/main/hip/include/coli_cuda.h",
                "src/main/hip/include/ops.h"), provenance.sources().stream().map(Provenance.FileDigest::path).toList());
    }

    @Test
    void treeDigestIsTheDigestOfASha256sumManifest() throws Exception {
        Path bitcode = Toolchain.standinSdk().resolve("lib/llvm/amdgcn/bitcode");
        String manifest = Exec.ok(bitcode, List.of("bash", "-c", "sha256sum $(ls *.bc | LC_ALL=C sort)"));
        Path m = dir.resolve("manifest");
        Files.writeString(m, manifest);
        assertEquals(sha256sum(m), component("deviceLibDir").sha256());
    }

    @Test
    void everyStepIsRecordedWithoutMachinePaths() {
        String json = new ProvenanceJson().toJson(provenance);
        assertFalse(json.contains(project.toString()), json);
        assertFalse(json.contains(Toolchain.standinSdk().toString()), json);
        Provenance.Compiler c = provenance.compiler();
        assertEquals("hipcc", c.driver());
        assertEquals("${HIP_SDK_ROOT}/bin/hipcc", c.executable());
        assertEquals("${project.basedir}", c.workingDirectory());
        assertEquals(List.of("device:backend_cuda.cu:gfx1151", "bundle:backend_cuda.cu", "host:backend_cuda.cu",
                "device:cuda_chain.cu:gfx1151", "bundle:cuda_chain.cu", "host:cuda_chain.cu", "link"),
                c.steps().stream().map(Provenance.Step::step).toList());
        for (Provenance.Step s : c.steps()) {
            assertEquals(s.step().startsWith("bundle:") ? "${HIP_SDK_ROOT}/lib/llvm/bin/clang-offload-bundler"
                    : "${HIP_SDK_ROOT}/bin/hipcc", s.executable(), s.step());
        }
        List<String> device = step("device:backend_cuda.cu:gfx1151").arguments();
        assertTrue(device.contains("--hip-path=${HIP_SDK_ROOT}"), device.toString());
        assertTrue(device.contains("-I${HIP_SDK_ROOT}/include"), device.toString());
        assertTrue(device.contains("--rocm-device-lib-path=${HIP_SDK_ROOT}/lib/llvm/amdgcn/bitcode"), device.toString());
        assertTrue(device.contains("--offload-arch=gfx1151") && device.contains("--offload-device-only"), device.toString());
        assertTrue(device.contains("src/main/hip/backend_cuda.cu"), device.toString());
        List<String> link = step("link").arguments();
        assertTrue(link.contains("${HIP_SDK_ROOT}/lib") && link.contains("-lamdhip64"), link.toString());
    }

    /**
     * Nothing in the document records when or where it was built. The link writes a temporary file
     * ({@code .tmp/build-<pid>-<n>/coli_hip.dll}) that is moved over the DLL afterwards; the recorded
     * command must not carry that run-specific name (it does not exist after the build, and it differs
     * from run to run).
     */
    @Test
    void theLinkCommandNamesTheDllNotItsTemporaryFile() {
        List<String> link = step("link").arguments();
        assertFalse(link.stream().anyMatch(a -> a.contains(".tmp/") || a.contains("build-" + ProcessHandle.current().pid())),
                "the link's command names its run-specific temporary output: " + link);
        assertEquals("target/hipdll/coli_hip.dll", link.get(link.indexOf("-o") + 1), link.toString());
    }

    /**
     * Two clean builds of the same sources in two project directories record the same commands, SDK
     * and sources (the link's {@code -o} value aside, which {@link #theLinkCommandNamesTheDllNotItsTemporaryFile}
     * checks on its own).
     */
    @Test
    void twoBuildsRecordTheSameCommands() throws Exception {
        Provenance other = buildIn(dir.resolve("elsewhere/project"));
        assertEquals(withoutLinkOutput(provenance.compiler()), withoutLinkOutput(other.compiler()));
        assertEquals(provenance.sources(), other.sources());
        assertEquals(provenance.sdk(), other.sdk());
    }

    private static Provenance.Compiler withoutLinkOutput(Provenance.Compiler c) {
        List<Provenance.Step> steps = c.steps().stream().map(s -> {
            if (!s.step().equals("link")) {
                return s;
            }
            List<String> a = new java.util.ArrayList<>(s.arguments());
            a.set(a.indexOf("-o") + 1, "<link output>");
            return new Provenance.Step(s.step(), s.executable(), a);
        }).toList();
        return new Provenance.Compiler(c.driver(), c.executable(), c.workingDirectory(), steps);
    }

    @Test
    void jsonRoundTrip() throws Exception {
        Path file = dir.resolve("provenance.json");
        new ProvenanceJson().write(provenance, file);
        assertEquals(provenance, new ProvenanceJson().read(file));
        assertFalse(Files.readString(file).contains("\r"));
        assertFalse(Files.readString(file).contains("toolset"), "unknown values are left out, not null");
    }

    @Test
    void pinnedToolsetAndWindowsSdkAreRecorded() throws Exception {
        CompileRequest compile = new CompileRequest(StandinBuild.sdk(), request.targets(), request.units().sources(),
                request.units().includeDirs(), List.of(), List.of(), true, request.output());
        Path out = request.outputDirectory();
        List<BuildStep> steps = StepPlanner.plan(new StepPlanRequest(compile, request.units().sourceDirectory(), project,
                out.resolve("steps"), out.resolve("coli_hip.dll"), Driver.HIPCC, OsFamily.UNIX, new ReproducibleBuild(null),
                Optional.empty()));
        Provenance pinned = new ProvenanceRecorder("g").record(compile, "hipcc", steps, project, project.resolve("target"),
                "14.44.35207", "10.0.26100.0", null);
        String json = new ProvenanceJson().toJson(pinned);
        assertTrue(json.contains("\"toolset\" : \"14.44.35207\"") && json.contains("\"windowsSdk\" : \"10.0.26100.0\""), json);
        assertFalse(json.contains("outputTimestamp"), "no timestamp outside reproducible mode");
        assertEquals(provenance.compiler().steps().stream().map(Provenance.Step::step).toList(),
                pinned.compiler().steps().stream().map(Provenance.Step::step).toList());
    }

    private Provenance.Step step(String id) {
        return provenance.compiler().steps().stream().filter(s -> s.step().equals(id)).findFirst().orElseThrow();
    }

    private Provenance.ComponentDigest component(String name) {
        return provenance.sdk().components().stream().filter(c -> c.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no component " + name + " in " + provenance.sdk().components()));
    }
}
