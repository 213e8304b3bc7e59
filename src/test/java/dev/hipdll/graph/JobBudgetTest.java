package dev.hipdll.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.testing.Await;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Two graphs run at once (two modules under {@code mvn -T 2}), each on two workers, with one
 * budget of two permits: never more than two steps at once; with a budget each, four.
 */
class JobBudgetTest {
    private record Node(String id, List<String> dependsOn) implements GraphNode {
    }

    private static StepGraph<Node> sixSteps(String module) {
        List<Node> nodes = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            nodes.add(new Node(module + i, List.of()));
        }
        return StepGraph.of(nodes);
    }

    /**
     * The most steps of the two graphs that ran at once. Each step waits until {@code expected} ran at once (a
     * hang guard ends the wait), then a little longer: on a loaded machine one graph can finish before the other
     * starts, and a fixed sleep alone then saw fewer steps at once than the budgets allow.
     */
    private static int mostAtOnce(JobBudget a, JobBudget b, int expected) throws Exception {
        AtomicInteger now = new AtomicInteger();
        AtomicInteger most = new AtomicInteger();
        StepAction<Node> step = n -> {
            most.accumulateAndGet(now.incrementAndGet(), Math::max);
            long guard = System.nanoTime() + Await.GUARD.toNanos();
            while (most.get() < expected && System.nanoTime() - guard < 0) {
                Thread.sleep(5);
            }
            Thread.sleep(60);
            now.decrementAndGet();
            return new StepOutcome.Ran("ok");
        };
        CompletableFuture<GraphResult> first = CompletableFuture.supplyAsync(
                () -> new GraphRunner<Node>(2, Map.of(), a).run(sixSteps("a"), step, new GraphListener<>() { }));
        CompletableFuture<GraphResult> second = CompletableFuture.supplyAsync(
                () -> new GraphRunner<Node>(2, Map.of(), b).run(sixSteps("b"), step, new GraphListener<>() { }));
        assertTrue(first.get().succeeded() && second.get().succeeded());
        return most.get();
    }

    @Test
    void oneSharedBudgetCapsBothGraphs() throws Exception {
        JobBudget session = new JobBudget(2);
        assertEquals(2, mostAtOnce(session, session, 2));
        assertEquals(2, session.available(), "every permit was given back");
    }

    @Test
    void separateBudgetsDoNot() throws Exception {
        assertEquals(4, mostAtOnce(JobBudget.unlimited(), JobBudget.unlimited(), 4));
    }

    @Test
    void aStepWaitingForAPermitIsStoppedWhenTheGraphFails() {
        JobBudget empty = new JobBudget(1);
        StepAction<Node> fail = n -> new StepOutcome.Failed("broken", null);
        GraphResult r = new GraphRunner<Node>(2, Map.of(), empty).run(sixSteps("c"), fail, new GraphListener<>() { });
        assertTrue(!r.succeeded());
        assertEquals(1, empty.available(), "no permit was kept by a stopped step");
    }
}
