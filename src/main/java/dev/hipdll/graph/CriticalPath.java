package dev.hipdll.graph;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToLongFunction;

/**
 * The longest remaining path of every node of a {@link StepGraph}: the node's expected duration plus the longest
 * remaining path among the nodes that depend on it, in milliseconds. Starting the ready node with the longest
 * remaining path first is critical-path scheduling (Ninja 1.12 does it with the durations of its {@code .ninja_log});
 * it keeps the long chains (a large translation unit's device compiles, then its bundle, host compile and the link)
 * from starting last while short steps fill the workers.
 */
public final class CriticalPath {
    private CriticalPath() {
    }

    /**
     * Computes the remaining path of every node.
     *
     * @param graph          the graph
     * @param expectedMillis each node's expected duration in milliseconds (negative values count as 0)
     * @param <N>            the node type
     * @return node id to its longest remaining path in milliseconds, itself included
     */
    public static <N extends GraphNode> Map<String, Long> remaining(StepGraph<N> graph, ToLongFunction<N> expectedMillis) {
        Map<String, Long> remaining = new HashMap<>();
        List<N> nodes = graph.nodes(); // topological: every dependent comes after what it depends on
        for (int i = nodes.size() - 1; i >= 0; i--) {
            N n = nodes.get(i);
            long after = 0;
            for (String dependent : graph.dependents(n.id())) {
                after = Math.max(after, remaining.get(dependent));
            }
            remaining.put(n.id(), Math.max(0, expectedMillis.applyAsLong(n)) + after);
        }
        return remaining;
    }
}
