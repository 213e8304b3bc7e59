package dev.hipdll.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * The GitHub Action's run step (scripts/ci/action-verify) passes the input path to the command line as the path, never
 * as an option: a file named {@code -Dhip.skip=true} or {@code --help} (a name a pull request can choose) would
 * otherwise make {@code verify} skip or print its help and exit 0, and the action report the path verified. The
 * command line here is a stand-in {@code java} (JAVA_HOME) that writes the arguments it got, one a line.
 */
class ActionVerifyScriptArgumentsTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"-Dhip.skip=true", "--help", "-h", "-X"})
    void aPathThatLooksLikeAnOptionReachesTheCommandLineAsThePath(String name) throws Exception {
        Files.writeString(work().resolve(name), "not a DLL");
        Run r = run(Map.of("HIPDLL_PATH", name));
        assertEquals(1, r.status(), r.out());
        assertEquals(List.of("-jar", jar().toString(), "verify", "./" + name, "-Dhip.reportDirectory=target/hipdll"),
                Files.readAllLines(dir.resolve("args.txt")), r.out());
    }

    /**
     * A line break in the path or the report directory would start a new line of GITHUB_OUTPUT ({@code exit-code=0}
     * after the real one) or a workflow command in an annotation; a {@code -Dhip.reportDirectory} in {@code args} would
     * leave the outputs naming the reports of another run. Each is refused, exit 2, before the command line runs.
     */
    @Test
    void aLineBreakOrASecondReportDirectoryIsRefused() throws Exception {
        Files.writeString(work().resolve("coli_hip.dll"), "not a DLL");
        List<Map<String, String>> refused = List.of(
                Map.of("HIPDLL_PATH", "coli_hip.dll", "HIPDLL_REPORT_DIRECTORY", "r\nexit-code=0"),
                Map.of("HIPDLL_PATH", "coli_hip.dll\n::stop-commands::x"),
                Map.of("HIPDLL_PATH", "coli_hip.dll", "HIPDLL_ARGS", "-Dhip.arch=gfx1151 -Dhip.reportDirectory=/tmp/elsewhere"));
        for (Map<String, String> inputs : refused) {
            Run r = run(inputs);
            assertEquals(2, r.status(), inputs + ": " + r.out());
            assertFalse(Files.exists(dir.resolve("args.txt")), inputs + ": the command line ran");
            assertEquals(List.of("exit-code=2", "verdict=error"), Files.readAllLines(dir.resolve("output.txt")), r.out());
            Files.delete(dir.resolve("output.txt"));
        }
    }

    private record Run(int status, String out) {
    }

    private Path work() throws Exception {
        return Files.createDirectories(dir.resolve("work"));
    }

    private Path jar() throws Exception {
        Path jar = dir.resolve("cli.jar");
        if (!Files.exists(jar)) {
            Files.writeString(jar, "stand-in");
        }
        return jar;
    }

    /** The script in {@code work/} with {@code inputs}, a stand-in java that writes its arguments and exits 1. */
    private Run run(Map<String, String> inputs) throws Exception {
        Path bin = Files.createDirectories(dir.resolve("jdk/bin"));
        Path java = bin.resolve("java");
        Files.writeString(java, "#!/bin/bash\nprintf '%s\\n' \"$@\" > '" + dir.resolve("args.txt") + "'\nexit 1\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        ProcessBuilder pb = new ProcessBuilder("bash", Path.of("scripts/ci/action-verify").toAbsolutePath().toString())
                .directory(work().toFile()).redirectErrorStream(true);
        Map<String, String> env = pb.environment();
        env.keySet().removeIf(k -> k.startsWith("HIPDLL_") || k.startsWith("GITHUB_"));
        env.putAll(Map.of("HIPDLL_JAR", jar().toString(), "JAVA_HOME", dir.resolve("jdk").toString(),
                "GITHUB_OUTPUT", dir.resolve("output.txt").toString()));
        env.putAll(inputs);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), out);
        return new Run(p.exitValue(), out);
    }
}
