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
 * @param disk        free space where the build wrote, measured right after the failure ({@link DiskSpace#unknown()}
 *                    when not measured)
 * @param windows     whether it ran on Windows (exit codes are NTSTATUS values there, not 128 + signal)
 */
public record FailedRun(List<String> command, List<String> output, int exitCode, boolean timedOut, String launchError,
                        Duration timeout, DiskSpace disk, boolean windows) {
    /** Creates a run; lists are copied. */
    public FailedRun {
        command = List.copyOf(command);
        output = List.copyOf(output);
        disk = disk == null ? DiskSpace.unknown() : disk;
    }

    /** A run on a non-Windows host whose free space was not measured. */
    public FailedRun(List<String> command, List<String> output, int exitCode, boolean timedOut, String launchError,
                     Duration timeout) {
        this(command, output, exitCode, timedOut, launchError, timeout, DiskSpace.unknown(), false);
    }

    /** This run with the free space measured after it failed, on a host that is Windows or not. */
    public FailedRun withDisk(DiskSpace measured, boolean onWindows) {
        return new FailedRun(command, output, exitCode, timedOut, launchError, timeout, measured, onWindows);
    }

    /** A run whose time limit is unknown. */
    public FailedRun(List<String> command, List<String> output, int exitCode, boolean timedOut, String launchError) {
        this(command, output, exitCode, timedOut, launchError, null);
    }
}
