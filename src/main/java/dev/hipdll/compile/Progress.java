package dev.hipdll.compile;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * Progress of one hipcc run, derived from its output: hipcc gets {@code -v}, so clang's driver
 * prints a job line before each job (see {@link ClangJobLine}); each device compile (one per
 * translation unit and gfx target), host compile (one per translation unit) and the link becomes a
 * "started" line and, when the next step starts or hipcc ends, a "finished ... in N s" line. While
 * hipcc prints nothing, a heartbeat line names the running step: silence is checked every tenth of
 * the interval and a heartbeat is due once the silence reaches nine tenths of it, so no more than
 * {@code heartbeat} passes between two signs of life (output or heartbeat), and no less than 0.9 of it.
 *
 * <p>Why derived rather than one hipcc per translation unit: one hipcc run is exactly upstream's
 * command (one CUID scheme, one link, one log), and clang already announces every job it starts;
 * the announcements are exact per unit and target, at no cost.
 *
 * <p>{@link #accept} also tells the caller whether a line is {@code -v} chatter (job lines,
 * version banner, include search list) that belongs in the debug log rather than the build log.
 * Thread-safe: hipcc's lines arrive on a pump thread, heartbeats on the progress thread.
 */
public final class Progress implements AutoCloseable {
    private static final List<String> CHATTER_PREFIXES = List.of("Target: ", "Thread model: ", "InstalledDir: ",
            "Build config: ", "Found HIP installation", "Found CUDA installation", "Configuration file: ",
            "System configuration file directory: ", "User configuration file directory: ", "clang -cc1 version ",
            "clang -cc1as version ", "ignoring duplicate directory ", "  as it is a non-system directory",
            "ignoring nonexistent directory ", "Selected GCC installation", "Candidate multilib", "Selected multilib",
            "Found candidate GCC installation", "#include \"...\" search starts here:");
    private static final String INCLUDE_LIST_START = "#include <...> search starts here:";
    private static final String INCLUDE_LIST_END = "End of search list.";

    private final Consumer<String> log;
    private final Duration heartbeat;
    private final LongSupplier nanoTime;
    private final long startNanos;
    private ScheduledExecutorService ticker;
    private CompileStep step;
    private long stepStartNanos;
    private long lastSignalNanos;
    private boolean inIncludeList;
    private int steps;

    /**
     * @param log       receives the progress lines
     * @param heartbeat the longest silence before a heartbeat line (the default is 30 s)
     * @param nanoTime  the monotonic clock, in nanoseconds ({@code System::nanoTime})
     */
    public Progress(Consumer<String> log, Duration heartbeat, LongSupplier nanoTime) {
        if (heartbeat.isNegative() || heartbeat.isZero()) {
            throw new IllegalArgumentException("heartbeat interval must be positive, was " + heartbeat);
        }
        this.log = log;
        this.heartbeat = heartbeat;
        this.nanoTime = nanoTime;
        this.startNanos = nanoTime.getAsLong();
        this.lastSignalNanos = startNanos;
    }

    /** The hipcc argument that makes clang announce its jobs. */
    public static String hipccArgument() {
        return "-v";
    }

    /**
     * Starts the heartbeat thread (a daemon), which checks for silence ten times per interval.
     *
     * @return this
     */
    public synchronized Progress start() {
        if (ticker == null) {
            ticker = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "hipdll-progress");
                t.setDaemon(true);
                return t;
            });
            long period = checkPeriod().toMillis();
            ticker.scheduleAtFixedRate(this::tick, period, period, TimeUnit.MILLISECONDS);
        }
        return this;
    }

    /**
     * Takes one hipcc output line.
     *
     * @return whether the line is {@code -v} chatter (for the debug log only)
     */
    public synchronized boolean accept(String line) {
        long now = nanoTime.getAsLong();
        lastSignalNanos = now;
        if (inIncludeList) {
            if (line.equals(INCLUDE_LIST_END)) {
                inIncludeList = false;
            }
            return true;
        }
        if (line.equals(INCLUDE_LIST_START)) {
            inIncludeList = true;
            return true;
        }
        if (ClangJobLine.isJobLine(line)) {
            Optional<CompileStep> next = ClangJobLine.stepOf(line);
            if (next.isPresent() && !next.get().equals(step)) {
                finishStep(now);
                step = next.get();
                stepStartNanos = now;
                steps++;
                log.accept("started  " + step.describe());
            }
            return true;
        }
        return line.contains("clang version ") || CHATTER_PREFIXES.stream().anyMatch(line::startsWith);
    }

    /** How often the heartbeat thread checks for silence: a tenth of the interval, at least 10 ms. */
    Duration checkPeriod() {
        return Duration.ofMillis(Math.max(10, heartbeat.toMillis() / 10));
    }

    /**
     * Checks for silence and logs a heartbeat once hipcc (or the last heartbeat) has been silent
     * for the interval less one check period, so the next check never comes too late.
     */
    synchronized void tick() {
        long now = nanoTime.getAsLong();
        long silent = now - lastSignalNanos;
        if (silent < heartbeat.toNanos() - checkPeriod().toNanos()) {
            return;
        }
        lastSignalNanos = now;
        String what = step == null ? "hipcc" : step.describe();
        String since = step == null ? "" : ", this step " + seconds(now - stepStartNanos);
        log.accept("still running: " + what + " (hipcc " + seconds(now - startNanos) + since + ", no output for "
                + seconds(silent) + ")");
    }

    /** How many steps have started. */
    public synchronized int steps() {
        return steps;
    }

    /** Finishes the running step and stops the heartbeat. */
    @Override
    public synchronized void close() {
        if (ticker != null) {
            ticker.shutdownNow();
            ticker = null;
        }
        finishStep(nanoTime.getAsLong());
        step = null;
    }

    private void finishStep(long now) {
        if (step != null) {
            log.accept("finished " + step.describe() + " in " + seconds(now - stepStartNanos));
        }
    }

    private static String seconds(long nanos) {
        return String.format(java.util.Locale.ROOT, "%.1f s", nanos / 1e9);
    }
}
