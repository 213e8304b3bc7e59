package dev.hipdll.graph;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How a {@link GraphRunner} run ended.
 *
 * @param outcomes    the outcome of every step that ended on its own, by id, in the order they ended
 * @param failedStep  the id of the first step that failed, if one did
 * @param stopped     the ids of the steps that were running when the graph stopped and were interrupted
 * @param notStarted  the ids of the steps that never started because the graph stopped
 * @param interrupted whether the run stopped because the calling thread was interrupted
 */
public record GraphResult(Map<String, StepOutcome> outcomes, Optional<String> failedStep, List<String> stopped,
                          List<String> notStarted, boolean interrupted) {
    /** Copies the collections. */
    public GraphResult {
        outcomes = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(outcomes));
        stopped = List.copyOf(stopped);
        notStarted = List.copyOf(notStarted);
    }

    /** Whether every step ended with {@link StepOutcome.Ran} or {@link StepOutcome.Reused}. */
    public boolean succeeded() {
        return failedStep.isEmpty() && !interrupted && stopped.isEmpty() && notStarted.isEmpty();
    }

    /** The failure of the first failed step, if one failed. */
    public Optional<StepOutcome.Failed> failure() {
        return failedStep.map(id -> (StepOutcome.Failed) outcomes.get(id));
    }

    /** How many steps ended with the given outcome type. */
    public long count(Class<? extends StepOutcome> kind) {
        return outcomes.values().stream().filter(kind::isInstance).count();
    }
}
