package dev.hipdll.compile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The CUID is a fixed function of the unit's relative name and its code options. */
class CuidTest {
    @Test
    void sixteenHexDigitsOfTheSha256OfNameAndOptions() {
        // printf 'backend_cuda.cu\0-O3\0' | sha256sum | cut -c1-16
        assertEquals("17763f70eb35e183", Cuid.of("backend_cuda.cu", List.of("-O3")).value());
        assertEquals("-cuid=17763f70eb35e183", Cuid.of("backend_cuda.cu", List.of("-O3")).driverArgument());
    }

    @Test
    void nameAndEveryOptionCount() {
        Cuid a = Cuid.of("a.cu", List.of("-O3"));
        assertNotEquals(a, Cuid.of("b.cu", List.of("-O3")));
        assertNotEquals(a, Cuid.of("a.cu", List.of("-O2")));
        assertNotEquals(Cuid.of("a.cu", List.of("-Dx", "y")), Cuid.of("a.cu", List.of("-Dxy")), "arguments are delimited");
    }

    @Test
    void theFormIsChecked() {
        assertThrows(IllegalArgumentException.class, () -> new Cuid("xyz"));
    }
}
