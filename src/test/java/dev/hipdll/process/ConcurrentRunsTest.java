package dev.hipdll.process;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.hipdll.testing.Toolchain;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs of one JVM at the same time, as the step graph's workers make them: one run's search for the
 * orphans it left must never take another run's compiler for one. A child being launched by the JDK is in
 * the middle of {@code execve} for a moment, with no command line and an environment that reads as empty,
 * and it was killed as an {@code env -i} orphan: 2 of 450 runs exited 137 before the fix, under the same
 * load as here (3 workers of 150 runs, each a shell that sleeps briefly and exits).
 */
class ConcurrentRunsTest {
    @TempDir
    Path dir;

    @Test
    void concurrentRunsNeverEndEachOther() throws Exception {
        Toolchain.require("sh", "sleep");
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            List<Future<List<String>>> workers = new ArrayList<>();
            for (int w = 0; w < 3; w++) {
                workers.add(pool.submit(() -> {
                    List<String> bad = new ArrayList<>();
                    for (int i = 0; i < 150; i++) {
                        ProcessResult r = new ProcessRunner(Duration.ofMinutes(1)).run(Path.of("/bin/sh"),
                                List.of("-c", "sleep 0.0$((RANDOM % 5)); exit 0"), Map.of("PATH", "/usr/bin:/bin"), dir,
                                l -> { });
                        if (r.exitCode() != 0 || !r.leftovers().isEmpty()) {
                            bad.add("run " + i + ": exit " + r.exitCode() + ", leftovers " + r.leftovers());
                        }
                    }
                    return bad;
                }));
            }
            List<String> bad = new ArrayList<>();
            for (Future<List<String>> f : workers) {
                bad.addAll(f.get());
            }
            assertEquals(List.of(), bad, "runs ended by another run's leftover search");
        } finally {
            pool.shutdownNow();
        }
    }
}
