package dev.hipdll.testing;

import dev.hipdll.compile.CompileRequest;
import dev.hipdll.sdk.HipSdk;
import dev.hipdll.sdk.HipSdkResolver;
import dev.hipdll.sdk.SdkOverrides;
import dev.hipdll.target.GfxTargetList;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/** A copy of the example backend in a project directory, and compile requests for it with the stand-in SDK. */
public final class StandinBuild {
    private StandinBuild() {
    }

    /** The stand-in SDK, resolved as hipdll:build resolves -Dhip.sdkRoot. */
    public static HipSdk sdk() throws Exception {
        Path root = Toolchain.standinSdk();
        return new HipSdkResolver(false, Map.of()).resolve(new SdkOverrides(root, null, null, null, null, null, null));
    }

    /** Copies the example's {@code src/main/hip} into {@code project/src/main/hip}. */
    public static void copyExample(Path project) throws IOException {
        Path src = Toolchain.exampleDir().resolve("src/main/hip");
        Path dst = project.resolve("src/main/hip");
        try (Stream<Path> walk = Files.walk(src)) {
            for (Path p : walk.toList()) {
                Path t = dst.resolve(src.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(t);
                } else {
                    Files.copy(p, t, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }

    /** A request for the copied example in {@code project}, output {@code target/hipdll/coli_hip.dll}. */
    public static CompileRequest request(Path project, String arch, List<String> extraArgs) throws Exception {
        Path hip = project.resolve("src/main/hip");
        return new CompileRequest(sdk(), GfxTargetList.parse(arch),
                List.of(hip.resolve("backend_cuda.cu"), hip.resolve("cuda_chain.cu")), List.of(hip.resolve("include")),
                List.of(), extraArgs, true, project.resolve("target/hipdll/coli_hip.dll"));
    }
}
