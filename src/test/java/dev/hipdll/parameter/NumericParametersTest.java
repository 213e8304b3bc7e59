package dev.hipdll.parameter;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** Every bad value is named with its property and range, all in one message. */
class NumericParametersTest {
    @Test
    void everyBadValueIsNamed() {
        ParameterException e = assertThrows(ParameterException.class, () -> new NumericParameters()
                .atLeast("hip.timeout", 0, 1, "seconds").atLeast("hip.heartbeatSeconds", -1, 1, "seconds")
                .range("hip.maxBundleMiB", 4096, 1, 2047, "MiB").optionalRange("hip.runtimeMajor", null, 0, 99, null)
                .check());
        assertEquals("hip.timeout: 0 is outside 1..2147483647 (seconds); hip.heartbeatSeconds: -1 is outside"
                + " 1..2147483647 (seconds); hip.maxBundleMiB: 4096 is outside 1..2047 (MiB)", e.getMessage());
    }

    @Test
    void goodValuesPass() {
        assertDoesNotThrow(() -> new NumericParameters().atLeast("hip.timeout", 1, 1, "seconds")
                .optionalRange("hip.runtimeMajor", 7, 0, 99, null).check());
    }
}
