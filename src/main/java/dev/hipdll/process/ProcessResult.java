package dev.hipdll.process;

import java.time.Duration;
import java.util.List;

/**
 * How a child process ended.
 *
 * @param exitCode the exit code, or -1 when it was killed or could not start
 * @param timedOut whether it was killed because it ran past its timeout
 * @param elapsed  wall time from start to end
 * @param output   every line it wrote to stdout and stderr, interleaved in arrival order
 * @param launchError the reason it could not start, or {@code null}
 */
public record ProcessResult(int exitCode, boolean timedOut, Duration elapsed, List<String> output, String launchError) {
    /** Creates a result; the output list is copied. */
    public ProcessResult {
        output = List.copyOf(output);
    }

    /** Whether the process started, finished in time and exited 0. */
    public boolean succeeded() {
        return launchError == null && !timedOut && exitCode == 0;
    }
}
