package dev.hipdll.graph;

import java.time.Duration;

/**
 * Receives the events of a {@link GraphRunner} run. Calls come from several threads but never at
 * the same time (the runner serializes them).
 *
 * @param <N> the node type
 */
public interface GraphListener<N extends GraphNode> {
    /**
     * A step is starting.
     *
     * @param node    the step
     * @param ordinal its number in start order, from 1
     * @param total   the number of steps in the graph
     */
    default void started(N node, int ordinal, int total) {
    }

    /**
     * A step ended.
     *
     * @param node    the step
     * @param ordinal its number in start order, from 1
     * @param total   the number of steps in the graph
     * @param outcome how it ended
     * @param elapsed how long it ran
     */
    default void finished(N node, int ordinal, int total, StepOutcome outcome, Duration elapsed) {
    }

    /**
     * A running step was stopped because another step failed or the run was interrupted.
     *
     * @param node the step
     */
    default void stopped(N node) {
    }

    /**
     * This listener, then {@code next}, for every event.
     *
     * @param next the second listener
     * @return a listener that tells both
     */
    default GraphListener<N> andThen(GraphListener<N> next) {
        GraphListener<N> first = this;
        return new GraphListener<>() {
            @Override
            public void started(N node, int ordinal, int total) {
                first.started(node, ordinal, total);
                next.started(node, ordinal, total);
            }

            @Override
            public void finished(N node, int ordinal, int total, StepOutcome outcome, Duration elapsed) {
                first.finished(node, ordinal, total, outcome, elapsed);
                next.finished(node, ordinal, total, outcome, elapsed);
            }

            @Override
            public void stopped(N node) {
                first.stopped(node);
                next.stopped(node);
            }
        };
    }
}
