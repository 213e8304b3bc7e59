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
 * @param step        the stage of the build step that ran ({@link Stage#COMPILE} for a device or host compile,
 *                    {@link Stage#BUNDLE}, {@link Stage#HOST_LINK} for the link), or {@code null} when not known
 *                    (a command outside the step graph): the diagnosis names the step's stage, not one guessed
 *                    from the log's lines ({@link Stage#within})
 */
public record FailedRun(List<String> command, List<String> output, int exitCode, boolean timedOut, String launchError,
                        Duration timeout, DiskSpace disk, boolean windows, Stage step) {
    /** Creates a run; lists are copied. */
    public FailedRun {
        command = List.copyOf(command);
        output = List.copyOf(output);
        disk = disk == null ? DiskSpace.unknown() : disk;
    }

    /** A run on a non-Windows host whose free space was not measured, of no known step. */
    public FailedRun(List<String> command, List<String> output, int exitCode, boolean timedOut, String launchError,
                     Duration timeout) {
        this(command, output, exitCode, timedOut, launchError, timeout, DiskSpace.unknown(), false, null);
    }

    /** This run with the free space measured after it failed, on a host that is Windows or not. */
    public FailedRun withDisk(DiskSpace measured, boolean onWindows) {
        return new FailedRun(command, output, exitCode, timedOut, launchError, timeout, measured, onWindows, step);
    }

    /** This run as the run of a build step of stage {@code stage} (see {@link #step()}). */
    public FailedRun inStep(Stage stage) {
        return new FailedRun(command, output, exitCode, timedOut, launchError, timeout, disk, windows, stage);
    }

    /** The file name of the program that ran ({@code hipcc}, {@code clang-offload-bundler.exe}), from either separator. */
    public String program() {
        if (command.isEmpty()) {
            return "the compiler";
        }
        String p = command.get(0);
        return p.substring(Math.max(p.lastIndexOf('/'), p.lastIndexOf('\\')) + 1);
    }

    /** A run whose time limit is unknown. */
    public FailedRun(List<String> command, List<String> output, int exitCode, boolean timedOut, String launchError) {
        this(command, output, exitCode, timedOut, launchError, null);
    }
}
