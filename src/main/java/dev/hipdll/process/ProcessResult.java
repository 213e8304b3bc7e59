package dev.hipdll.process;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * How a child process ended.
 *
 * @param exitCode        the exit code, or -1 when it was killed (timeout, interruption) or could not start
 * @param timedOut        whether it was killed because it ran past its timeout
 * @param elapsed         wall time from start to end
 * @param output          its output lines (stdout and stderr, interleaved in arrival order), bounded as
 *                        {@link BoundedLines} describes
 * @param launchError     the reason it could not start, or {@code null}
 * @param interrupted     whether the calling thread was interrupted while it ran (its tree was killed;
 *                        the thread's interrupt status is set again when {@code run} returns)
 * @param leftovers       the processes it left running that were ended after it exited (or killed with
 *                        it), each as {@code pid N (command line)}; empty normally
 * @param outputAbandoned whether the wait for the end of its output was given up after it exited: a
 *                        process that could not be found still held stdout or stderr open
 * @param charsCut        characters cut from over-long output lines, in total (0: every line whole)
 */
public record ProcessResult(int exitCode, boolean timedOut, Duration elapsed, List<String> output, String launchError,
                            boolean interrupted, List<String> leftovers, boolean outputAbandoned, long charsCut) {
    /** Creates a result; the lists are copied. */
    public ProcessResult {
        output = List.copyOf(output);
        leftovers = List.copyOf(leftovers);
    }

    /** A result without interruption, leftovers, abandoned output or cut lines. */
    public ProcessResult(int exitCode, boolean timedOut, Duration elapsed, List<String> output, String launchError) {
        this(exitCode, timedOut, elapsed, output, launchError, false, List.of(), false, 0);
    }

    /** Whether the process started, finished in time, was not interrupted and exited 0. */
    public boolean succeeded() {
        return launchError == null && !timedOut && !interrupted && exitCode == 0;
    }

    /**
     * One sentence for each unusual thing about the run's end (interruption, processes left running,
     * abandoned output, cut lines), for the build log; empty for an ordinary run.
     */
    public List<String> notes() {
        List<String> notes = new ArrayList<>();
        if (interrupted) {
            notes.add("the run was interrupted; the process and everything it started were killed");
        }
        if (!leftovers.isEmpty()) {
            notes.add((timedOut || interrupted ? "killed with it: " : "still running after it exited, ended: ")
                    + String.join(", ", leftovers));
        }
        if (outputAbandoned) {
            notes.add("stopped reading its output after it exited: a process that escaped tracking still holds its"
                    + " stdout or stderr open; what it writes later is dropped");
        }
        if (charsCut > 0) {
            notes.add(charsCut + " characters of over-long output lines were not kept (each line is cut to "
                    + BoundedLines.MAX_CHARS + " characters)");
        }
        return notes;
    }
}
