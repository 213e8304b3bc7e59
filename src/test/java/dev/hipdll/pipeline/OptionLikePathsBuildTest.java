package dev.hipdll.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.host.Host;
import dev.hipdll.host.OsFamily;
import dev.hipdll.pe.PeFile;
import dev.hipdll.provenance.Provenance;
import dev.hipdll.provenance.ProvenanceJson;
import dev.hipdll.testing.StandinBuild;
import dev.hipdll.testing.Toolchain;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every step gets project paths relative to its working directory (reproducible CUIDs, see
 * {@link dev.hipdll.compile.WorkingDirectoryPaths}). A relative path that starts with {@code -} is an
 * option to clang ("unknown argument: '-hip/backend_cuda.cu'") and one that starts with {@code @} is a
 * response file: a source directory {@code -hip} and an output directory {@code @out} (so every step
 * output, under {@code @out/hipdll/steps}), in a project whose own directory has spaces and
 * non-ASCII characters, must still build the example's 48-export DLL with the real compiler
 * (stand-in SDK), with every step on the command line and with every step through a response file
 * (hipcc, clang and clang-offload-bundler read them).
 */
class OptionLikePathsBuildTest {
    @TempDir
    Path tmp;

    @ParameterizedTest(name = "commandLineLimit={0}")
    @ValueSource(ints = {8000, 0})
    void sourcesAndOutputNamedLikeOptionsAndResponseFiles(int commandLineLimit) throws Exception {
        Toolchain.require("clang-19", "lld-link-19", "clang-offload-bundler-19");
        Path project = Files.createDirectories(tmp.resolve("out def libpath ü/a b"));
        StandinBuild.copyExample(project);
        Path hip = Files.move(project.resolve("src/main/hip"), project.resolve("-hip"));
        Path output = project.resolve("@out/hipdll/coli_hip.dll");
        HipDllBuildRequest request = StandinBuild.request(project, hip,
                List.of(hip.resolve("backend_cuda.cu"), hip.resolve("cuda_chain.cu")), List.of(hip.resolve("include")),
                "gfx1151", List.of(), output, StandinBuild.options(Duration.ofMinutes(5), Duration.ofSeconds(30),
                        commandLineLimit, 2),
                Host.of(OsFamily.UNIX, Map.of("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"))),
                Toolchain.standinSdk());
        HipDllBuildResult r = StandinBuild.build(request, StandinBuild.quiet());
        try (PeFile pe = PeFile.open(output)) {
            assertEquals("coli_hip.dll", pe.exports().dllName());
            assertEquals(48, pe.exports().symbols().stream().filter(s -> s.name() != null && s.name().startsWith("coli_cuda_")).count());
        }
        List<String> rsp;
        try (Stream<Path> walk = Files.walk(output.getParent())) {
            rsp = walk.map(p -> output.getParent().relativize(p).toString()).filter(n -> n.endsWith(".rsp")).sorted().toList();
        }
        // the link's response file went with the temporary directory
        assertEquals(commandLineLimit == 0 ? List.of("steps/backend_cuda.cu/fatbin.hipfb.rsp",
                "steps/backend_cuda.cu/gfx1151.co.rsp", "steps/backend_cuda.cu/host.obj.rsp",
                "steps/cuda_chain.cu/fatbin.hipfb.rsp", "steps/cuda_chain.cu/gfx1151.co.rsp",
                "steps/cuda_chain.cu/host.obj.rsp") : List.of(), rsp);
        String buildLog = Files.readString(output.resolveSibling("build.log"));
        assertEquals(commandLineLimit == 0 ? 7 : 0, buildLog.lines().filter(l -> l.contains("] # passed as: ")).count(), buildLog);

        Provenance provenance = new ProvenanceJson().read(r.provenance());
        assertEquals(7, provenance.compiler().steps().size());
        for (Provenance.Step step : provenance.compiler().steps()) {
            List<String> args = step.arguments();
            assertTrue(args.stream().noneMatch(a -> a.startsWith("@") || a.startsWith("-hip")), step + "");
            if (step.step().startsWith("device:backend_cuda.cu") || step.step().startsWith("host:backend_cuda.cu")) {
                assertTrue(args.contains(Path.of("./-hip/backend_cuda.cu").toString()), step + "");
                assertTrue(args.contains("-I./-hip/include"), step + "");
            }
            if (step.step().startsWith("device:")) {
                int o = args.indexOf("-o");
                assertTrue(args.get(o + 1).startsWith("./@out/hipdll/steps/"), step + "");
            }
        }
    }
}
