package dev.hipdll.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
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
        Path work = Files.createDirectories(dir.resolve("work"));
        Files.writeString(work.resolve(name), "not a DLL");
        Path jar = Files.writeString(dir.resolve("cli.jar"), "stand-in");
        Path bin = Files.createDirectories(dir.resolve("jdk/bin"));
        Path args = dir.resolve("args.txt");
        Path java = bin.resolve("java");
        Files.writeString(java, "#!/bin/bash\nprintf '%s\\n' \"$@\" > '" + args + "'\nexit 1\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));

        ProcessBuilder pb = new ProcessBuilder("bash", Path.of("scripts/ci/action-verify").toAbsolutePath().toString())
                .directory(work.toFile()).redirectErrorStream(true);
        Map<String, String> env = pb.environment();
        env.keySet().removeIf(k -> k.startsWith("HIPDLL_") || k.startsWith("GITHUB_"));
        env.putAll(Map.of("HIPDLL_PATH", name, "HIPDLL_JAR", jar.toString(), "JAVA_HOME", dir.resolve("jdk").toString()));
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), out);
        assertEquals(1, p.exitValue(), out);
        List<String> got = Files.readAllLines(args);
        assertEquals(List.of("-jar", jar.toString(), "verify", "./" + name, "-Dhip.reportDirectory=target/hipdll"), got, out);
    }
}
