package dev.hipdll.doctor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.hipdll.loadcheck.Launcher;
import dev.hipdll.loadcheck.LoaderOutput;
import dev.hipdll.loadcheck.LoaderOutputParser;
import dev.hipdll.loadcheck.LoaderProgram;
import dev.hipdll.loadcheck.LoaderRequest;
import dev.hipdll.loadcheck.WinePrefix;
import dev.hipdll.loadcheck.WineTesting;
import dev.hipdll.process.ProcessResult;
import dev.hipdll.process.ProcessRunner;
import dev.hipdll.testing.Toolchain;
import dev.hipdll.findings.Verdict;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Differential test of doctor's DLL search order against a real Windows loader (Wine 8): with a
 * different {@code amdhip64_7.dll} earlier on PATH than the runtime directory, doctor names the
 * file Wine's loader binds, and with the order reversed it names the configured one.
 */
class DoctorAgreesWithWineTest {
    @TempDir
    Path dir;

    /** Wine's view: {@code Z:} is the Unix root, {@code C:} the prefix's {@code drive_c} (lower-case names). */
    record WineProbe(Path driveC) implements FileProbe {
        Path map(String d) {
            String s = d.replace('\\', '/');
            if (s.regionMatches(true, 0, "Z:", 0, 2)) {
                return Path.of(s.substring(2).isEmpty() ? "/" : s.substring(2));
            }
            return driveC.resolve(s.substring(2).replaceAll("^/+", "").toLowerCase(Locale.ROOT));
        }

        @Override
        public Optional<Path> file(String d, String name) {
            return new LocalFileProbe().file(map(d).toString(), name);
        }

        @Override
        public List<String> fileNames(String d) {
            return new LocalFileProbe().fileNames(map(d).toString());
        }

        @Override
        public List<String> subdirectories(String d) {
            return new LocalFileProbe().subdirectories(map(d).toString());
        }
    }

    @Test
    void doctorNamesTheRuntimeWineBinds() throws Exception {
        Launcher.Wine wine = WineTesting.launcher();
        Path sdk = Toolchain.standinSdk();
        Path app = dir.resolve("app");
        Path dll = WineTesting.exampleDll(app, "coli_hip.dll", List.of("gfx1151"), sdk.resolve("lib"), List.of());
        Path stray = dir.resolve("stray");
        Files.createDirectories(stray);
        Files.copy(RuntimeFixtures.runtime(dir.resolve("build-stray"), "7,0,1,0"), stray.resolve("amdhip64_7.dll"));
        Path runtimeDir = dir.resolve("runtime");
        Files.createDirectories(runtimeDir);
        Files.copy(sdk.resolve("bin/amdhip64_7.dll"), runtimeDir.resolve("amdhip64_7.dll"));

        ProcessRunner runner = new ProcessRunner(Duration.ofSeconds(120));
        Map<String, String> base = System.getenv();
        WinePrefix prefix = new WinePrefix(wine, runner);
        Path exe = new LoaderProgram(runner).build(WineTesting.clangDir().resolve("clang"),
                WineTesting.clangDir().resolve("lld-link"), List.of(WineTesting.msvcStandin()), base, dir.resolve("work"));
        Path request = dir.resolve("request.txt");
        // no runtime directory in the request: the loader searches the standard order, as a host that does not choose one
        Files.writeString(request, new LoaderRequest(null, null, wine.windowsPath(dll), List.of("coli_cuda_init")).render());
        WineProbe probe = new WineProbe(wine.prefix().resolve("drive_c"));

        for (List<Path> path : List.of(List.of(stray, runtimeDir), List.of(runtimeDir, stray))) {
            String winePath = String.join(";", path.stream().map(wine::windowsPath).toList());
            DoctorHost host = new DoctorHost(true, Map.of("SystemRoot", "C:\\windows", "PATH", winePath));
            DoctorReport report = new Doctor(probe, null).examine(new DoctorRequest(host, null,
                    wine.windowsPath(runtimeDir), wine.windowsPath(app), null));

            Map<String, String> env = new HashMap<>(wine.environment(base));
            env.put("WINEPATH", winePath);
            List<String> cmd = wine.command(exe, List.of(wine.windowsPath(request)));
            ProcessResult r;
            try (WinePrefix.Use held = prefix.use(base, "DoctorAgreesWithWineTest", line -> { })) {
                r = runner.run(Path.of(cmd.get(0)), cmd.subList(1, cmd.size()), env, dir, line -> { });
            }
            LoaderOutput out = new LoaderOutputParser().parse(r.output(), r.exitCode());
            String bound = out.modules().stream().filter(m -> m.toLowerCase(Locale.ROOT).endsWith("\\amdhip64_7.dll"))
                    .findFirst().orElseThrow(() -> new AssertionError("no runtime bound: " + r.output()));

            assertEquals(bound.toLowerCase(Locale.ROOT), report.firstLoaded().orElseThrow().toLowerCase(Locale.ROOT),
                    "PATH " + winePath);
            boolean configuredFirst = path.get(0).equals(runtimeDir);
            assertEquals(configuredFirst ? Verdict.PASS : Verdict.FAIL,
                    report.check("runtime.search-order").orElseThrow().verdict());
        }
    }
}
