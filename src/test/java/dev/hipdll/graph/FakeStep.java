package dev.hipdll.graph;

import java.util.List;

/** A node for the graph tests: an id and its dependencies. */
record FakeStep(String id, List<String> dependsOn) implements GraphNode {
    static FakeStep of(String id, String... deps) {
        return new FakeStep(id, List.of(deps));
    }
}
