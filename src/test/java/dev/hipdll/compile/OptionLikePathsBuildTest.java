package dev.hipdll.compile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.host.OsFamily;
import dev.hipdll.pe.PeFile;
import dev.hipdll.process.ProcessRunner;
import dev.hipdll.target.GfxTargetList;
import dev.hipdll.testing.StandinBuild;
import dev.hipdll.testing.Toolchain;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * hipcc gets project paths relative to its working directory (reproducible CUIDs, see
 * {@link WorkingDirectoryPaths}). A relative path that starts with {@code -} is an option to clang
 * ("unknown argument: '-hip/backend_cuda.cu'") and one that starts with {@code @} is a response
 * file: a source directory {@code -hip} and an output directory {@code @out}, in a project whose
 * own directory has spaces and non-ASCII characters, must still build the example's 48-export DLL
 * with the real compiler (stand-in SDK), on the command line and through a response file.
 */
class OptionLikePathsBuildTest {
    @TempDir
    Path tmp;

    @ParameterizedTest(name = "commandLineLimit={0}")
    @ValueSource(ints = {8000, 0})
    void sourcesAndOutputNamedLikeOptionsAndResponseFiles(int commandLineLimit) throws Exception {
        Toolchain.require("clang-19", "lld-link-19");
        Path project = Files.createDirectories(tmp.resolve("out def libpath ü/a b"));
        StandinBuild.copyExample(project);
        Path hip = Files.move(project.resolve("src/main/hip"), project.resolve("-hip"));
        Path output = project.resolve("@out/hipdll/coli_hip.dll");
        CompileRequest request = new CompileRequest(StandinBuild.sdk(), GfxTargetList.parse("gfx1151"),
                List.of(hip.resolve("backend_cuda.cu"), hip.resolve("cuda_chain.cu")), List.of(hip.resolve("include")),
                List.of(), List.of(), true, output);

        List<String> args = HipDllBuilder.arguments(request, project);
        new HipDllBuilder(new ProcessRunner(Duration.ofMinutes(5)), new LaunchOptions(OsFamily.UNIX, commandLineLimit))
                .build(request, Map.of("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin")), project, l -> { });
        try (PeFile pe = PeFile.open(output)) {
            assertEquals("coli_hip.dll", pe.exports().dllName());
            assertEquals(48, pe.exports().symbols().stream().filter(s -> s.name() != null && s.name().startsWith("coli_cuda_")).count());
        }
        assertEquals(commandLineLimit == 0, Files.isRegularFile(output.resolveSibling("hipcc.rsp")));
        assertTrue(args.contains(Path.of("./-hip/backend_cuda.cu").toString()), args.toString());
        assertTrue(args.stream().noneMatch(a -> a.startsWith("@") || a.startsWith("-hip")), args.toString());
    }
}
