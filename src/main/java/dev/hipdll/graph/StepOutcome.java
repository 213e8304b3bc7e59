package dev.hipdll.graph;

/**
 * How one step of a {@link StepGraph} ended, as its {@link StepAction} reports it.
 */
public sealed interface StepOutcome permits StepOutcome.Ran, StepOutcome.Reused, StepOutcome.Failed {

    /** The step ran and succeeded. @param detail what it did, e.g. the reason it ran ("header include/ops.h changed") */
    record Ran(String detail) implements StepOutcome {
    }

    /** The step's inputs were unchanged: its kept output was reused, nothing ran. @param detail why it counts as unchanged */
    record Reused(String detail) implements StepOutcome {
    }

    /**
     * The step failed; the graph starts no further step.
     *
     * @param message the failure, naming the step (shown to the user)
     * @param cause   the exception behind it, or {@code null}
     */
    record Failed(String message, Throwable cause) implements StepOutcome {
    }

    /** Whether the step failed. */
    default boolean failed() {
        return this instanceof Failed;
    }
}
