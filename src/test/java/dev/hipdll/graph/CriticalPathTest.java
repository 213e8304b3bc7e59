package dev.hipdll.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The ready step on the longest remaining path starts first, from recorded durations; without
 * priorities the graph's order is kept.
 */
class CriticalPathTest {
    private record Node(String id, List<String> dependsOn) implements GraphNode {
    }

    /** Two small units (a, b) before one heavy unit (h) in source order; each unit: device → host; then a link. */
    private static StepGraph<Node> mixed() {
        return StepGraph.of(List.of(
                new Node("device:a", List.of()), new Node("host:a", List.of("device:a")),
                new Node("device:b", List.of()), new Node("host:b", List.of("device:b")),
                new Node("device:h1", List.of()), new Node("device:h2", List.of()),
                new Node("host:h", List.of("device:h1", "device:h2")),
                new Node("link", List.of("host:a", "host:b", "host:h"))));
    }

    private static final Map<String, Long> RECORDED = Map.of("device:a", 100L, "host:a", 50L, "device:b", 100L,
            "host:b", 50L, "device:h1", 3000L, "device:h2", 3000L, "host:h", 200L, "link", 300L);

    @Test
    void theRemainingPathIsTheLongestChainToTheEnd() {
        Map<String, Long> r = CriticalPath.remaining(mixed(), n -> RECORDED.get(n.id()));
        assertEquals(3500L, r.get("device:h1"));
        assertEquals(450L, r.get("device:a"));
        assertEquals(300L, r.get("link"));
        assertEquals(500L, r.get("host:h"));
    }

    private static List<String> startOrder(GraphRunner<Node> runner) {
        List<String> started = Collections.synchronizedList(new ArrayList<>());
        runner.run(mixed(), n -> new StepOutcome.Ran("ok"), new GraphListener<>() {
            @Override
            public void started(Node node, int ordinal, int total) {
                started.add(node.id());
            }
        });
        return started;
    }

    @Test
    void oneWorkerStartsTheHeavyUnitFirst() {
        // then the two small units by remaining path (device:b's 450 ms before host:a's 350 ms)
        assertEquals(List.of("device:h1", "device:h2", "host:h", "device:a", "device:b", "host:a", "host:b", "link"),
                startOrder(new GraphRunner<>(1, CriticalPath.remaining(mixed(), n -> RECORDED.get(n.id())))));
    }

    @Test
    void withoutPrioritiesTheGraphsOrderIsKept() {
        // the earliest ready step in the graph's order: the heavy unit's compiles start fifth and sixth
        assertEquals(List.of("device:a", "host:a", "device:b", "host:b", "device:h1", "device:h2", "host:h", "link"),
                startOrder(new GraphRunner<>(1)));
    }
}
