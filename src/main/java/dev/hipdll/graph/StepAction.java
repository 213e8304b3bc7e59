package dev.hipdll.graph;

/**
 * Runs one node of a {@link StepGraph}. Called on a worker thread of {@link GraphRunner}, at most
 * once per node, only after every node it depends on succeeded. It must end promptly when its
 * thread is interrupted (the graph is stopping), killing what it started.
 *
 * @param <N> the node type
 */
@FunctionalInterface
public interface StepAction<N extends GraphNode> {
    /**
     * @param node the node to run
     * @return how it ended; an exception thrown is taken as {@link StepOutcome.Failed}
     * @throws InterruptedException when interrupted (the graph is stopping)
     */
    StepOutcome run(N node) throws Exception;
}
