package dev.hipdll.graph;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An immutable directed acyclic graph of nodes, validated when made: ids are unique, every
 * dependency names a node of the graph, and there is no cycle. {@link #nodes()} lists them in a
 * topological order that keeps the given order wherever the dependencies allow it (Kahn's
 * algorithm, taking the earliest ready node first), so a graph built in the same order always
 * runs in the same order on one worker.
 *
 * @param <N> the node type
 */
public final class StepGraph<N extends GraphNode> {
    private final List<N> ordered;
    private final Map<String, N> byId;
    private final Map<String, List<String>> dependents;

    private StepGraph(List<N> ordered, Map<String, N> byId, Map<String, List<String>> dependents) {
        this.ordered = ordered;
        this.byId = byId;
        this.dependents = dependents;
    }

    /**
     * Makes a graph.
     *
     * @param nodes the nodes, in their preferred order
     * @return the graph
     * @throws IllegalArgumentException for a duplicate id, a dependency on an unknown node, or a cycle
     *                                  (the message names the nodes)
     */
    public static <N extends GraphNode> StepGraph<N> of(List<N> nodes) {
        Map<String, N> byId = new LinkedHashMap<>();
        Map<String, Integer> position = new HashMap<>();
        for (N n : nodes) {
            if (byId.putIfAbsent(n.id(), n) != null) {
                throw new IllegalArgumentException("two steps have the id '" + n.id() + "'");
            }
            position.put(n.id(), position.size());
        }
        Map<String, List<String>> dependents = new HashMap<>();
        Map<String, Integer> missing = new HashMap<>();
        for (N n : nodes) {
            for (String d : n.dependsOn()) {
                if (!byId.containsKey(d)) {
                    throw new IllegalArgumentException("step '" + n.id() + "' depends on '" + d + "', which is not in the graph");
                }
                dependents.computeIfAbsent(d, k -> new ArrayList<>()).add(n.id());
            }
            missing.put(n.id(), (int) n.dependsOn().stream().distinct().count());
        }
        java.util.TreeMap<Integer, N> ready = new java.util.TreeMap<>();
        for (N n : nodes) {
            if (missing.get(n.id()) == 0) {
                ready.put(position.get(n.id()), n);
            }
        }
        List<N> ordered = new ArrayList<>(nodes.size());
        while (!ready.isEmpty()) {
            N n = ready.pollFirstEntry().getValue();
            ordered.add(n);
            for (String d : dependents.getOrDefault(n.id(), List.of())) {
                if (missing.merge(d, -1, Integer::sum) == 0) {
                    ready.put(position.get(d), byId.get(d));
                }
            }
        }
        if (ordered.size() != nodes.size()) {
            List<String> cyclic = nodes.stream().map(GraphNode::id).filter(id -> missing.get(id) > 0).toList();
            throw new IllegalArgumentException("the steps " + cyclic + " depend on each other in a cycle");
        }
        Map<String, List<String>> frozen = new HashMap<>();
        dependents.forEach((k, v) -> frozen.put(k, List.copyOf(v)));
        return new StepGraph<>(List.copyOf(ordered), Collections.unmodifiableMap(byId), Collections.unmodifiableMap(frozen));
    }

    /** Every node, in topological order (see the class comment). */
    public List<N> nodes() {
        return ordered;
    }

    /** The number of nodes. */
    public int size() {
        return ordered.size();
    }

    /** The node with this id. @throws IllegalArgumentException when there is none */
    public N node(String id) {
        N n = byId.get(id);
        if (n == null) {
            throw new IllegalArgumentException("no step '" + id + "' in the graph");
        }
        return n;
    }

    /** The ids of the nodes that depend directly on {@code id}. */
    public List<String> dependents(String id) {
        return dependents.getOrDefault(id, List.of());
    }
}
