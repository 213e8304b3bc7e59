package dev.hipdll.gate;

/**
 * What the verdict did to the build stamp beside a DLL ({@code dev.hipdll.incremental.StampStore}): the pending stamp
 * hipdll:build wrote waits for verify, and only a passing verdict on exactly the stamped bytes commits it.
 */
public enum StampOutcome {
    /** The DLL passed and its pending stamp, for exactly these bytes, is now the committed one. */
    PROMOTED,
    /** The DLL passed; there was no pending stamp for these bytes (none, or one of other bytes, now deleted). */
    NOT_PROMOTED,
    /** The DLL failed: a pending stamp, if any, is deleted (the next build rebuilds). */
    DISCARDED,
    /** The stamp could not be updated (a {@link GateEvent.Level#WARN} event says why). */
    ERROR,
    /** No stamp is involved: a release package. */
    NONE
}
