package dev.hipdll.windowstier;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Another Windows JVM of the tier (the same java.exe, the tests' class path from {@code -Dhipdll.tier.classpath})
 * running a main class, its output in {@code <dir>\jvm-output.txt}: the JVM a test kills.
 */
final class SecondJvm {
    private SecondJvm() {
    }

    static Process start(Path dir, Class<?> main, String... args) throws IOException {
        String java = ProcessHandle.current().info().command()
                .orElseThrow(() -> new AssertionError("this JVM's java.exe is unknown"));
        String cp = System.getProperty("hipdll.tier.classpath");
        if (cp == null) {
            throw new AssertionError("-Dhipdll.tier.classpath is not set: run the tier with scripts/windows-tier");
        }
        List<String> cmd = new ArrayList<>(List.of(java, "-Xmx256m", "-cp", cp, main.getName()));
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(dir.resolve("jvm-output.txt").toFile()).start();
    }

    static String output(Path dir) throws IOException {
        Path f = dir.resolve("jvm-output.txt");
        return Files.exists(f) ? Files.readString(f) : "(no output)";
    }
}
