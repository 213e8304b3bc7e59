package dev.hipdll.pipeline;

import dev.hipdll.compile.BuildStep;
import dev.hipdll.graph.GraphListener;
import dev.hipdll.graph.StepOutcome;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * The progress lines of a step-graph run, each step numbered when the log first names it:
 * "step 7 of 12: device compile backend_cuda.cu [gfx1100]
 * (new target)" when a step really runs, "... finished in 4.2 s", "... reused (inputs unchanged)",
 * "... failed after 3.1 s" (an error), "... stopped". While steps run and nothing is printed, a heartbeat
 * names every running step and how long it has run: silence is checked every tenth of the
 * interval, and a heartbeat is due once it reaches nine tenths of it. Thread-safe.
 */
public final class StepProgress implements GraphListener<BuildStep>, AutoCloseable {
    private final BuildListener log;
    private final Duration heartbeat;
    private final LongSupplier nanoTime;
    private final Map<String, Integer> ordinals = new LinkedHashMap<>();
    private final Map<String, Long> runningSince = new LinkedHashMap<>();
    private final Map<String, BuildStep> running = new LinkedHashMap<>();
    private int total;
    private long lastSignal;
    private ScheduledExecutorService ticker;

    /**
     * @param log       receives the lines
     * @param heartbeat the longest silence before a heartbeat line
     * @param nanoTime  the monotonic clock, in nanoseconds
     * @throws IllegalArgumentException when {@code heartbeat} is not positive
     */
    public StepProgress(BuildListener log, Duration heartbeat, LongSupplier nanoTime) {
        if (heartbeat.isNegative() || heartbeat.isZero()) {
            throw new IllegalArgumentException("heartbeat interval must be positive, was " + heartbeat);
        }
        this.log = log;
        this.heartbeat = heartbeat;
        this.nanoTime = nanoTime;
        this.lastSignal = nanoTime.getAsLong();
    }

    /** Starts the heartbeat thread (a daemon, ended by {@link #close}). */
    public synchronized StepProgress start() {
        long tick = Math.max(1, heartbeat.toMillis() / 10);
        ticker = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "hipdll-heartbeat");
            t.setDaemon(true);
            return t;
        });
        ticker.scheduleAtFixedRate(this::tick, tick, tick, TimeUnit.MILLISECONDS);
        return this;
    }

    @Override
    public synchronized void started(BuildStep node, int ordinal, int total) {
        this.total = total;
    }

    /** The step really runs (it was not reused), for this reason. */
    public synchronized void running(BuildStep step, String reason) {
        running.put(step.id(), step);
        runningSince.put(step.id(), nanoTime.getAsLong());
        say(prefix(step) + " (" + reason + ")");
    }

    /** Some output arrived (resets the heartbeat's silence). */
    public synchronized void signal() {
        lastSignal = nanoTime.getAsLong();
    }

    @Override
    public synchronized void finished(BuildStep node, int ordinal, int total, StepOutcome outcome, Duration elapsed) {
        Long since = runningSince.remove(node.id());
        running.remove(node.id());
        double s = (since == null ? elapsed.toNanos() : nanoTime.getAsLong() - since) / 1e9;
        if (outcome instanceof StepOutcome.Reused r) {
            say(prefix(node) + " reused (" + r.detail() + ")");
        } else if (outcome instanceof StepOutcome.Ran) {
            say(prefix(node) + " finished in " + seconds(s));
        } else {
            lastSignal = nanoTime.getAsLong();
            log.error(prefix(node) + " failed after " + seconds(s));  // at error, never "finished"
        }
    }

    @Override
    public synchronized void stopped(BuildStep node) {
        runningSince.remove(node.id());
        running.remove(node.id());
        say(prefix(node) + " stopped (another step failed or the build was stopped)");
    }

    /** "step N of M: ...", N numbering the steps in the order the log first names them (so it only grows). */
    private String prefix(BuildStep step) {
        int n = ordinals.computeIfAbsent(step.id(), id -> ordinals.size() + 1);
        return "step " + n + " of " + total + ": " + step.describe();
    }

    private void say(String line) {
        lastSignal = nanoTime.getAsLong();
        log.info(line);
    }

    private synchronized void tick() {
        long now = nanoTime.getAsLong();
        if (running.isEmpty() || now - lastSignal < heartbeat.toNanos() * 9 / 10) {
            return;
        }
        StringBuilder sb = new StringBuilder("still running:");
        String sep = " ";
        for (BuildStep step : running.values()) {
            long since = runningSince.get(step.id());
            sb.append(sep).append("step ").append(ordinals.get(step.id())).append(" of ").append(total).append(' ')
                    .append(step.describe()).append(" (").append(seconds((now - since) / 1e9)).append(')');
            sep = ", ";
        }
        say(sb.toString());
    }

    private static String seconds(double s) {
        return s < 10 ? String.format(java.util.Locale.ROOT, "%.1f s", s) : Math.round(s) + " s";
    }

    /** Stops the heartbeat. */
    @Override
    public synchronized void close() {
        if (ticker != null) {
            ticker.shutdownNow();
            ticker = null;
        }
    }
}
