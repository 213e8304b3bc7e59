package dev.hipdll.graph;

/**
 * How one step of a {@link StepGraph} ended, as its {@link StepAction} reports it.
 */
public sealed interface StepOutcome permits StepOutcome.Ran, StepOutcome.Reused, StepOutcome.Failed {

    /** The step ran and succeeded. @param detail what it did, e.g. the reason it ran ("header include/ops.h changed") */
    record Ran(String detail) implements StepOutcome {
    }

    /**
     * The step's inputs were unchanged: an output made before was taken, nothing ran.
     *
     * @param detail why it counts as unchanged, or where it came from ("inputs unchanged", "from shard gfx1100")
     * @param source where the output came from: the step's own record or a shard
     */
    record Reused(String detail, ReuseSource source) implements StepOutcome {
        /** Reused from the step's own record. */
        public Reused(String detail) {
            this(detail, ReuseSource.OWN_RECORD);
        }
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
