package dev.hipdll.standin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.host.Host;
import dev.hipdll.host.OsFamily;
import dev.hipdll.loadcheck.LoaderProgram;
import dev.hipdll.pe.PeFile;
import dev.hipdll.process.ProcessRunner;
import dev.hipdll.sdk.HipSdk;
import dev.hipdll.sdk.HipSdkResolver;
import dev.hipdll.sdk.SdkOverrides;
import dev.hipdll.testing.Exec;
import dev.hipdll.testing.StandinBuild;
import dev.hipdll.testing.Toolchain;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * CI once cloned the project into {@code /check/work/main} and llvm-rc read the path as its
 * {@code /C} (code page) option, so the stand-in SDK did not assemble. llvm-rc, lld-link and
 * llvm-lib take {@code /}-style options; a checkout whose absolute path starts like one of them
 * must still work. {@code /dev/shm} starts like llvm-rc's {@code /D} (define) and is writable by
 * every user on Linux, so this test copies the fixture there (under a directory with a space and
 * non-ASCII characters), assembles the stand-in SDK with {@code scripts/fixtures/standin-sdk}, builds the
 * example with it through the core build's step graph (every step, clang-offload-bundler included,
 * gets {@code /dev/shm/...} paths; lld-link gets {@code /dev/shm/...} libraries and objects) and compiles the
 * load-check loader program there. Skipped where {@code /dev/shm} is not a writable directory (a failure under CI=true).
 */
class StandinSdkUnderOptionLikePathTest {

    @Test
    void assemblesAndBuildsUnderDevShm() throws Exception {
        Toolchain.require("clang-19", "lld-link-19", "llvm-lib-19", "llvm-rc-19", "llvm-dlltool-19", "clang-offload-bundler-19");
        Path shm = Path.of("/dev/shm");
        if (!Files.isDirectory(shm) || !Files.isWritable(shm)) {
            Toolchain.missing("/dev/shm is not a writable directory here");
        }
        Path project = Toolchain.exampleDir().getParent().getParent();
        Path root = Files.createTempDirectory(shm, "hipdll-");
        try {
            Path checkout = root.resolve("a b ü");
            copy(project.resolve("scripts/fixtures/standin-sdk"), checkout.resolve("scripts/fixtures/standin-sdk"));
            copy(project.resolve("scripts/install/toolchain"), checkout.resolve("scripts/install/toolchain"));
            copy(project.resolve("src/test/standin-sdk"), checkout.resolve("src/test/standin-sdk"));
            Path sdkRoot = checkout.resolve("target/standin sdk");
            Exec.ok(checkout, List.of(checkout.resolve("scripts/fixtures/standin-sdk").toString(), sdkRoot.toString()));
            try (PeFile runtime = PeFile.open(sdkRoot.resolve("bin/amdhip64_7.dll"))) {
                assertEquals("7.1.25424.0", runtime.versionInfo().orElseThrow().fixedFileVersion());
            }

            HipSdk sdk = new HipSdkResolver(false, Map.of()).resolve(new SdkOverrides(sdkRoot, null, null, null, null, null, null));
            Path app = checkout.resolve("app");
            StandinBuild.copyExample(app);
            Path hip = app.resolve("src/main/hip");
            Path output = app.resolve("target/hipdll/coli_hip.dll");
            Map<String, String> env = Map.of("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
            // every step (device compiles, clang-offload-bundler, host compiles, the link) runs with /dev/shm/... paths
            StandinBuild.build(StandinBuild.request(app, hip, List.of(hip.resolve("backend_cuda.cu"), hip.resolve("cuda_chain.cu")),
                    List.of(hip.resolve("include")), "gfx1151", List.of(), output, StandinBuild.options(Duration.ofMinutes(5)),
                    Host.of(OsFamily.UNIX, env), sdkRoot), StandinBuild.quiet());
            try (PeFile dll = PeFile.open(output)) {
                assertEquals(48, dll.exports().symbols().stream().filter(s -> s.name() != null && s.name().startsWith("coli_cuda_")).count());
            }

            Path exe = new LoaderProgram(new ProcessRunner(Duration.ofMinutes(2))).build(sdk.clangDir().path().resolve("clang"),
                    sdk.clangDir().path().resolve("lld-link"), List.of(sdkRoot.resolve("lib/msvc-standin")), env,
                    app.resolve("target/hipdll/loadcheck"));
            try (PeFile pe = PeFile.open(exe)) {
                assertTrue(pe.optionalHeader().isPe32Plus());
                assertFalse(pe.coffHeader().isDll());
            }
        } finally {
            try (Stream<Path> walk = Files.walk(root)) {
                for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }

    private static void copy(Path from, Path to) throws Exception {
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path p : walk.toList()) {
                Path t = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(t);
                } else {
                    Files.createDirectories(t.getParent());
                    Files.copy(p, t, StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
    }
}
