package dev.hipdll.diagnosis;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A compiler, linker or wrapper that died of a signal rather than exiting with an error, told from
 * the run: the exit code (POSIX shells and the JVM report a child killed by signal N as 128 + N,
 * {@code java.lang.Process} on Linux and bash(1) "EXIT STATUS") or, when the compiler driver survived
 * its child, the driver's own lines, {@code clang: error: unable to execute command: Bus error} and
 * {@code clang: error: linker command failed due to signal} (clang's Driver, {@code Compilation::ExecuteCommand}
 * and {@code Driver::generateCompilationDiagnostics}); lld-link and clang abort their work in a
 * memory-mapped output with SIGBUS when the file store cannot back the pages (mmap(2), "SIGBUS"),
 * which is how a full disk shows.
 *
 * @param signal the signal's name, e.g. {@code SIGBUS}, or {@code a signal} when only the driver's line tells
 * @param number the signal's number, or 0 when unknown
 * @param who    what died: {@code the linker}, {@code the compiler (clang frontend)}, or the program the step
 *               ran ({@code the compiler (hipcc)}, {@code the link (hipcc)}, {@code the bundler
 *               (clang-offload-bundler)})
 * @param stage  the stage that died, within the run's step ({@link Stage#within})
 */
public record SignalDeath(String signal, int number, String who, Stage stage) {
    private static final Map<Integer, String> NAMES = Map.ofEntries(Map.entry(1, "SIGHUP"), Map.entry(2, "SIGINT"),
            Map.entry(3, "SIGQUIT"), Map.entry(4, "SIGILL"), Map.entry(6, "SIGABRT"), Map.entry(7, "SIGBUS"),
            Map.entry(8, "SIGFPE"), Map.entry(9, "SIGKILL"), Map.entry(11, "SIGSEGV"), Map.entry(13, "SIGPIPE"),
            Map.entry(15, "SIGTERM"), Map.entry(24, "SIGXCPU"), Map.entry(25, "SIGXFSZ"));
    /** strsignal(3) texts clang prints after "unable to execute command: ". */
    private static final Map<String, Integer> TEXTS = Map.of("bus error", 7, "segmentation fault", 11, "killed", 9,
            "aborted", 6, "illegal instruction", 4, "floating point exception", 8, "file size limit exceeded", 25,
            "terminated", 15);
    private static final Pattern UNABLE = Pattern.compile("unable to execute command: ([A-Za-z ]+)");
    private static final Pattern DUE_TO_SIGNAL = Pattern.compile("(linker|clang frontend|[\\w-]+) command failed due to signal");

    /**
     * The signal death of {@code run}, if it was one: the driver's lines first (they name the step that
     * died), else an exit code 129..192 on a non-Windows host.
     *
     * @param run     the failed run
     * @param windows whether the host is Windows (exit codes there are NTSTATUS values, not 128 + N)
     */
    public static Optional<SignalDeath> of(FailedRun run, boolean windows) {
        if (run.timedOut() || run.launchError() != null) {
            return Optional.empty();
        }
        List<String> out = run.output();
        for (String line : out) {
            Matcher d = DUE_TO_SIGNAL.matcher(line);
            if (d.find()) {
                String step = d.group(1);
                int n = 0;
                for (String l : out) {
                    Matcher u = UNABLE.matcher(l);
                    if (u.find()) {
                        n = TEXTS.getOrDefault(u.group(1).strip().replace(" (core dumped)", "").toLowerCase(java.util.Locale.ROOT), 0);
                        if (n == 0) {
                            String t = u.group(1).strip().toLowerCase(java.util.Locale.ROOT);
                            for (Map.Entry<String, Integer> e : TEXTS.entrySet()) {
                                if (t.startsWith(e.getKey())) {
                                    n = e.getValue();
                                }
                            }
                        }
                        break;
                    }
                }
                boolean linker = step.equals("linker");
                return Optional.of(new SignalDeath(n == 0 ? "a signal" : NAMES.getOrDefault(n, "signal " + n), n,
                        linker ? "the linker" : "the compiler (" + step + ")",
                        Stage.within(run.step(), linker ? Stage.HOST_LINK : Stage.COMPILE)));
            }
        }
        int code = run.exitCode();
        if (!windows && code > 128 && code <= 128 + 64) {
            int n = code - 128;
            return Optional.of(new SignalDeath(NAMES.getOrDefault(n, "signal " + n), n, ranBy(run),
                    Stage.within(run.step(), Stage.COMPILE)));
        }
        return Optional.empty();
    }

    /**
     * What the program of a run is, by its step: {@code the link (hipcc)}, {@code the bundler
     * (clang-offload-bundler)}, else {@code the compiler (hipcc)}.
     */
    static String ranBy(FailedRun run) {
        String what = run.step() == Stage.HOST_LINK ? "the link" : run.step() == Stage.BUNDLE ? "the bundler"
                : "the compiler";
        return what + " (" + run.program() + ")";
    }

    /** E.g. {@code SIGBUS (signal 7)}. */
    public String describe() {
        return number == 0 ? signal : signal + " (signal " + number + ")";
    }
}
