package dev.hipdll.provenance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.compile.CompileRequest;
import dev.hipdll.compile.HipDllBuilder;
import dev.hipdll.process.ProcessRunner;
import dev.hipdll.testing.Exec;
import dev.hipdll.testing.StandinBuild;
import dev.hipdll.testing.Toolchain;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Provenance of a real stand-in build, with GNU sha256sum as the oracle for every digest. */
class ProvenanceRecorderTest {
    @TempDir
    Path project;
    CompileRequest request;
    List<String> arguments;
    Provenance provenance;

    @BeforeEach
    void build() throws Exception {
        StandinBuild.copyExample(project);
        request = StandinBuild.request(project, "gfx1151", List.of());
        new HipDllBuilder(new ProcessRunner(Duration.ofSeconds(300))).build(request, Map.of("PATH", System.getenv("PATH")),
                project, line -> { });
        arguments = HipDllBuilder.arguments(request, project);
        provenance = new ProvenanceRecorder("dev.hipdll:hipdll-maven-plugin:test").record(request, arguments, project,
                project.resolve("target"), null, null, "2026-01-01T00:00:00Z");
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
        Path m = project.resolve("manifest");
        Files.writeString(m, manifest);
        assertEquals(sha256sum(m), component("deviceLibDir").sha256());
    }

    @Test
    void noMachinePathsRemain() {
        String json = new ProvenanceJson().toJson(provenance);
        assertFalse(json.contains(project.toString()), json);
        assertFalse(json.contains(Toolchain.standinSdk().toString()), json);
        List<String> args = provenance.compiler().arguments();
        assertTrue(args.contains("--hip-path=${HIP_SDK_ROOT}"), args.toString());
        assertTrue(args.contains("-I${HIP_SDK_ROOT}/include"), args.toString());
        assertTrue(args.contains("src/main/hip/backend_cuda.cu"), args.toString());
        assertEquals("${HIP_SDK_ROOT}/bin/hipcc", provenance.compiler().executable());
    }

    @Test
    void jsonRoundTrip() throws Exception {
        Path file = project.resolve("target/hipdll/provenance.json");
        new ProvenanceJson().write(provenance, file);
        assertEquals(provenance, new ProvenanceJson().read(file));
        assertFalse(Files.readString(file).contains("\r"));
        assertFalse(Files.readString(file).contains("toolset"), "unknown values are left out, not null");
    }

    @Test
    void pinnedToolsetAndWindowsSdkAreRecorded() throws Exception {
        Provenance pinned = new ProvenanceRecorder("g").record(request, arguments, project, project.resolve("target"),
                "14.44.35207", "10.0.26100.0", null);
        String json = new ProvenanceJson().toJson(pinned);
        assertTrue(json.contains("\"toolset\" : \"14.44.35207\"") && json.contains("\"windowsSdk\" : \"10.0.26100.0\""), json);
        assertFalse(json.contains("outputTimestamp"), "no timestamp outside reproducible mode");
    }

    private Provenance.ComponentDigest component(String name) {
        return provenance.sdk().components().stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow();
    }
}
