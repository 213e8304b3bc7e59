package dev.hipdll.graph;

/**
 * Where the output of a step that did not run came from ({@link StepOutcome.Reused#source}).
 */
public sealed interface ReuseSource permits ReuseSource.OwnRecord, ReuseSource.Shard {

    /** The step's own record: its kept output, whose inputs are unchanged. */
    ReuseSource OWN_RECORD = new OwnRecord();

    /** The step's own record and kept output ({@link #OWN_RECORD}). */
    record OwnRecord() implements ReuseSource {
    }

    /**
     * A shard of a merge build, whose key for the step equals this build's.
     *
     * @param name the shard's name, as the build's log and messages give it
     */
    record Shard(String name) implements ReuseSource {
    }
}
