package dev.hipdll.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The graph is validated when made and lists its nodes in a stable topological order. */
class StepGraphTest {
    private static List<String> order(StepGraph<FakeStep> g) {
        return g.nodes().stream().map(FakeStep::id).toList();
    }

    @Test
    void keepsTheGivenOrderWhereDependenciesAllow() {
        StepGraph<FakeStep> g = StepGraph.of(List.of(FakeStep.of("link", "host:a", "host:b"), FakeStep.of("dev:a"),
                FakeStep.of("host:a", "bundle:a"), FakeStep.of("bundle:a", "dev:a"), FakeStep.of("dev:b"),
                FakeStep.of("bundle:b", "dev:b"), FakeStep.of("host:b", "bundle:b")));
        assertEquals(List.of("dev:a", "bundle:a", "host:a", "dev:b", "bundle:b", "host:b", "link"), order(g));
        assertEquals(List.of("host:a"), g.dependents("bundle:a"));
        assertEquals(7, g.size());
    }

    @Test
    void aCycleIsRefusedNamingItsSteps() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> StepGraph.of(List.of(
                FakeStep.of("a"), FakeStep.of("b", "c"), FakeStep.of("c", "b"), FakeStep.of("d", "c"))));
        assertTrue(e.getMessage().contains("[b, c, d]") && e.getMessage().contains("cycle"), e.getMessage());
    }

    @Test
    void anUnknownDependencyAndADuplicateIdAreRefused() {
        assertEquals("step 'b' depends on 'x', which is not in the graph", assertThrows(IllegalArgumentException.class,
                () -> StepGraph.of(List.of(FakeStep.of("a"), FakeStep.of("b", "x")))).getMessage());
        assertEquals("two steps have the id 'a'", assertThrows(IllegalArgumentException.class,
                () -> StepGraph.of(List.of(FakeStep.of("a"), FakeStep.of("a")))).getMessage());
    }

    @Test
    void aSelfDependencyIsACycle() {
        assertThrows(IllegalArgumentException.class, () -> StepGraph.of(List.of(FakeStep.of("a", "a"))));
    }
}
