package dev.hipdll.diagnosis;

import java.time.Duration;
import java.util.List;

/**
 * A compiler run that failed, as the classifier sees it.
 *
 * @param command     the executable and its arguments, one element each
 * @param output      every line it printed (stdout and stderr interleaved), in order
 * @param exitCode    its exit code (-1 when killed or not started)
 * @param timedOut    whether it was killed by the timeout
 * @param launchError why it could not start, or {@code null}
 * @param timeout     the time limit it ran under, or {@code null} when unknown
 */
public record FailedRun(List<String> command, List<String> output, int exitCode, boolean timedOut, String launchError,
                        Duration timeout) {
    /** Creates a run; lists are copied. */
    public FailedRun {
        command = List.copyOf(command);
        output = List.copyOf(output);
    }

    /** A run whose time limit is unknown. */
    public FailedRun(List<String> command, List<String> output, int exitCode, boolean timedOut, String launchError) {
        this(command, output, exitCode, timedOut, launchError, null);
    }
}
