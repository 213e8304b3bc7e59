package dev.hipdll.testing;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Runs a test-side command (an oracle such as llvm-readobj-19, or clang-19 making a fixture). */
public final class Exec {
    private Exec() {
    }

    /** Runs {@code command} in {@code dir}, fails the test unless it exits 0, returns stdout+stderr. */
    public static String ok(Path dir, List<String> command) {
        Result r = run(dir, command);
        if (r.exit() != 0) {
            fail("command failed (exit " + r.exit() + "): " + String.join(" ", command) + "\n" + r.output());
        }
        return r.output();
    }

    /** Runs {@code command} in {@code dir} (120 s limit) and returns its exit code and output. */
    public static Result run(Path dir, List<String> command) {
        return run(dir, command, Map.of());
    }

    /** As {@link #run(Path, List)}, with {@code env} added to (or replacing in) the inherited environment. */
    public static Result run(Path dir, List<String> command, Map<String, String> env) {
        ProcessBuilder pb = new ProcessBuilder(new ArrayList<>(command)).directory(dir.toFile()).redirectErrorStream(true);
        pb.environment().putAll(env);
        try {
            Process p = pb.start();
            p.getOutputStream().close();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                fail("timed out: " + String.join(" ", command));
            }
            return new Result(p.exitValue(), new String(out, StandardCharsets.UTF_8));
        } catch (IOException e) {
            fail("cannot run " + command + ": " + e.getMessage());
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            fail("interrupted: " + command);
            return null;
        }
    }

    /** Exit code and combined output. */
    public record Result(int exit, String output) {
    }
}
