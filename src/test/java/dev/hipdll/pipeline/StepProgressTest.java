package dev.hipdll.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.hipdll.compile.BuildStep;
import dev.hipdll.compile.StepKind;
import dev.hipdll.graph.StepOutcome;
import dev.hipdll.gfx.GfxTarget;
import dev.hipdll.testing.StandinBuild;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The progress lines of a step-graph run ({@link StepProgress}) on a hand-driven clock: a line when a
 * step really runs (with its reason), when it finishes, is reused, fails or is stopped; and the
 * heartbeat while steps run silently.
 *
 * <p>Was {@code compile.ProgressTest}, which parsed hipcc's {@code -v} job lines to find the steps of
 * one hipcc call; the build now knows its steps, so nothing is parsed any more (the chatter test is
 * gone). {@code StepProgress} has no public tick: its heartbeat thread ticks every tenth of the
 * interval in real time but reads the hand-driven clock, so the heartbeat tests use a 200 ms
 * interval (a tick every 20 ms), move the clock, and wait for the line, or for long enough that a
 * wrong line would have come.
 */
class StepProgressTest {
    private static final long MS = 1_000_000L;
    private final AtomicLong now = new AtomicLong();
    private final StandinBuild.Lines log = new StandinBuild.Lines();

    private static BuildStep step(StepKind kind, String unit, String target) {
        Path out = Path.of("target/hipdll").resolve(kind == StepKind.LINK ? "coli_hip.dll" : unit + "/" + kind);
        String id = kind + ":" + unit + (target == null ? "" : ":" + target);
        return new BuildStep(id, kind, unit, Optional.ofNullable(target).map(GfxTarget::parse), Path.of("/sdk/bin/hipcc"),
                List.of(), Map.of(), List.of(), out, Optional.empty(), List.of(), List.of());
    }

    private final BuildStep device = step(StepKind.DEVICE_COMPILE, "a.cu", "gfx1151");
    private final BuildStep device2 = step(StepKind.DEVICE_COMPILE, "a.cu", "gfx1100");
    private final BuildStep bundle = step(StepKind.BUNDLE, "a.cu", null);
    private final BuildStep host = step(StepKind.HOST_COMPILE, "a.cu", null);
    private final BuildStep link = step(StepKind.LINK, "", null);

    private void advance(double seconds) {
        now.addAndGet((long) (seconds * 1e9));
    }

    @Test
    void eachStepHasItsLines() {
        StepProgress p = new StepProgress(log, Duration.ofSeconds(30), now::get);
        p.started(device, 1, 4);
        p.running(device, "not built before");
        advance(2.5);
        p.finished(device, 1, 4, new StepOutcome.Ran("not built before"), Duration.ofSeconds(99));
        p.started(bundle, 2, 4);
        p.finished(bundle, 2, 4, new StepOutcome.Reused("inputs unchanged"), Duration.ofMillis(3));
        p.started(host, 3, 4);
        p.running(host, "header include/ops.h changed");
        advance(12.4);
        p.finished(host, 3, 4, new StepOutcome.Failed("host compile a.cu failed", null), Duration.ofSeconds(99));
        p.started(link, 4, 4);
        p.running(link, "the DLL is rebuilt");
        p.stopped(link);
        p.close();
        assertEquals(List.of("step 1 of 4: device compile a.cu [gfx1151] (not built before)",
                "step 1 of 4: device compile a.cu [gfx1151] finished in 2.5 s",
                "step 2 of 4: bundle a.cu reused (inputs unchanged)",
                "step 3 of 4: host compile a.cu (header include/ops.h changed)",
                "ERROR step 3 of 4: host compile a.cu failed after 12 s",
                "step 4 of 4: link coli_hip.dll (the DLL is rebuilt)",
                "step 4 of 4: link coli_hip.dll stopped (another step failed or the build was stopped)"), log.all());
    }

    /** A step that fails before it runs (its launch could not be prepared) is timed by the graph's elapsed time. */
    @Test
    void aStepThatNeverRanIsTimedByTheGraph() {
        StepProgress p = new StepProgress(log, Duration.ofSeconds(30), now::get);
        p.started(device, 1, 4);
        advance(5);
        p.finished(device, 1, 4, new StepOutcome.Failed("x", null), Duration.ofMillis(300));
        assertEquals(List.of("ERROR step 1 of 4: device compile a.cu [gfx1151] failed after 0.3 s"), log.all());
    }

    @Test
    void heartbeatNamesEveryRunningStepOnceNineTenthsOfTheIntervalAreSilent() throws Exception {
        try (StepProgress p = new StepProgress(log, Duration.ofMillis(200), now::get).start()) {
            p.started(device, 1, 4);
            p.running(device, "not built before");
            now.set(100 * MS);
            p.started(device2, 2, 4);
            p.running(device2, "new target");
            p.started(bundle, 3, 4);
            p.finished(bundle, 3, 4, new StepOutcome.Reused("inputs unchanged"), Duration.ZERO); // not running
            assertEquals(3, log.all().size(), log.all().toString());

            now.set(279 * MS); // 179 ms since the last line
            quietFor(log, 3);
            now.set(280 * MS);
            awaitLines(log, 4);
            assertEquals("still running: step 1 of 4 device compile a.cu [gfx1151] (0.3 s), step 2 of 4 device compile"
                    + " a.cu [gfx1100] (0.2 s)", log.all().get(3));
            quietFor(log, 4); // the heartbeat itself restarts the silence

            now.set(300 * MS);
            p.signal(); // compiler output arrived
            now.set(479 * MS);
            quietFor(log, 4);
            now.set(480 * MS);
            awaitLines(log, 5);
            assertEquals("still running: step 1 of 4 device compile a.cu [gfx1151] (0.5 s), step 2 of 4 device compile"
                    + " a.cu [gfx1100] (0.4 s)", log.all().get(4));

            p.finished(device, 1, 4, new StepOutcome.Ran("not built before"), Duration.ZERO);
            assertEquals("step 1 of 4: device compile a.cu [gfx1151] finished in 0.5 s", log.all().get(5));
            now.set(680 * MS);
            awaitLines(log, 7);
            assertEquals("still running: step 2 of 4 device compile a.cu [gfx1100] (0.6 s)", log.all().get(6));
            p.finished(device2, 2, 4, new StepOutcome.Ran("new target"), Duration.ZERO);
            advance(60);
            quietFor(log, 8); // nothing runs: no heartbeat, however long the silence
        }
    }

    @Test
    void noHeartbeatBeforeAnyStepRunsNorAfterClose() throws Exception {
        StepProgress p = new StepProgress(log, Duration.ofMillis(200), now::get).start();
        advance(10);
        quietFor(log, 0);
        p.started(device, 1, 1);
        p.running(device, "not built before");
        p.close();
        advance(10);
        quietFor(log, 1);
    }

    @Test
    void intervalMustBePositive() {
        assertThrows(IllegalArgumentException.class, () -> new StepProgress(log, Duration.ZERO, now::get));
        assertThrows(IllegalArgumentException.class, () -> new StepProgress(log, Duration.ofSeconds(-1), now::get));
    }

    /** Waits until the log has {@code n} lines (the ticker runs every 20 ms; the wait's limit is a hang guard). */
    private static void awaitLines(StandinBuild.Lines log, int n) throws InterruptedException {
        dev.hipdll.testing.Await.until(() -> log.all().size() >= n, n + " lines", () -> log.all().toString());
        assertEquals(n, log.all().size(), log.all().toString());
    }

    /** Waits 10 ticks and checks the log still has {@code n} lines. */
    private static void quietFor(StandinBuild.Lines log, int n) throws InterruptedException {
        Thread.sleep(200);
        assertEquals(n, log.all().size(), log.all().toString());
    }
}
