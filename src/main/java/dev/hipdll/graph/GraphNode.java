package dev.hipdll.graph;

import java.util.List;

/**
 * A node of a {@link StepGraph}: a unique id and the ids of the nodes that must have finished
 * before it starts.
 */
public interface GraphNode {
    /** The node's id, unique in its graph. */
    String id();

    /** The ids of the nodes this one depends on (each must be in the same graph). */
    List<String> dependsOn();
}
