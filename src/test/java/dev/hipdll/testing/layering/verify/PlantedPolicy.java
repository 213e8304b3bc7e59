package dev.hipdll.testing.layering.verify;

import dev.hipdll.testing.layering.pe.PlantedReader;

/** LayeringTest's planted policy, which uses the planted reader (the allowed direction). */
public final class PlantedPolicy {
    private PlantedPolicy() {
    }

    /** Whether {@code size} bytes are acceptable. */
    public static boolean accepts(int size) {
        return size > 0;
    }

    /** Verifies {@code bytes} through the reader. */
    public static boolean verify(byte[] bytes) {
        return PlantedReader.read(bytes);
    }
}
