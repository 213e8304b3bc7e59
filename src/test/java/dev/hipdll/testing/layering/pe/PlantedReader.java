package dev.hipdll.testing.layering.pe;

import dev.hipdll.testing.layering.verify.PlantedPolicy;

/** LayeringTest's planted offender: a format reader that asks a policy (and so closes a cycle with it). */
public final class PlantedReader {
    private PlantedReader() {
    }

    /** Reads, asking the policy: the forbidden edge. */
    public static boolean read(byte[] bytes) {
        return PlantedPolicy.accepts(bytes.length);
    }
}
