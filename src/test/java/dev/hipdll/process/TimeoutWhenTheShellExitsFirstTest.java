package dev.hipdll.process;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A compiler driver that ends by itself as soon as one of its children is killed (a shell waiting
 * for "any" job, as wrapper scripts do) must still be reported as killed at the timeout, not as an
 * ordinary failure with exit status 137: the watchdog kills the children first, so by the time it
 * looks at the driver, the driver may already be gone. Two hundred children widen that window so the
 * old check (commons-exec's {@code killedProcess()}) lost every time.
 */
class TimeoutWhenTheShellExitsFirstTest {
    @TempDir
    Path dir;

    @Test
    void aDriverThatExitsWhenItsChildIsKilledStillCountsAsTimedOut() throws Exception {
        Path script = Files.writeString(dir.resolve("driver"), "#!/bin/bash\nfor i in $(seq 200); do sleep 600 & done\nwait -n\n");
        script.toFile().setExecutable(true);
        for (int round = 0; round < 3; round++) {
            long t0 = System.nanoTime();
            ProcessResult r = new ProcessRunner(Duration.ofMillis(1500)).run(script, List.of(),
                    Map.of("PATH", "/usr/bin:/bin"), dir, l -> { });
            assertTrue(System.nanoTime() - t0 < 300_000_000_000L, "the tree was not killed at the timeout");  // a hang guard
            assertTrue(r.timedOut(), "round " + round + ": exit " + r.exitCode() + " not reported as a timeout");
        }
    }
}
