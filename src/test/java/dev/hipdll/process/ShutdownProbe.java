package dev.hipdll.process;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * A JVM of its own for {@link ShutdownHookTest}: {@code ShutdownProbe <script> <dir>} runs
 * {@code bash <script> <dir>} through {@link ProcessRunner} and waits for it; the test stops this
 * JVM while the script runs.
 */
public final class ShutdownProbe {
    private ShutdownProbe() {
    }

    public static void main(String[] args) {
        ProcessResult r = new ProcessRunner(Duration.ofMinutes(10)).run(Path.of("/bin/bash"), List.of(args[0], args[1]),
                Map.of("PATH", "/usr/bin:/bin"), Path.of(args[1]), System.out::println);
        System.out.println("run returned: " + r.exitCode());
    }
}
