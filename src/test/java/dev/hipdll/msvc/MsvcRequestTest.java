package dev.hipdll.msvc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.hipdll.doctor.DoctorHost;
import dev.hipdll.doctor.DoctorRequest;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code -Dhip.vcToolsVersion=} (Maven passes an empty string) is no pin, as when the property is absent
 * (a newcomer's test: a blank value was stamped as a new input and the DLL was relinked).
 */
class MsvcRequestTest {
    @Test
    void aBlankVersionIsNotSet() {
        MsvcRequest r = new MsvcRequest(null, "", "  ", null);
        assertNull(r.vcToolsVersion());
        assertNull(r.windowsSdkVersion());
        assertEquals(MsvcRequest.none(), r);
        assertEquals("14.44", new MsvcRequest(null, " 14.44 ", null, null).vcToolsVersion());
    }

    @Test
    void doctorReadsABlankPinAsNone() {
        DoctorRequest d = new DoctorRequest(new DoctorHost(false, Map.of()), null, null, null, "");
        assertNull(d.vcToolsVersion());
    }
}
