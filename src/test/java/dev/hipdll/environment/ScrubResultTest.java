package dev.hipdll.environment;

import dev.hipdll.host.Environment;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.hipdll.host.OsFamily;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The "hipcc environment: ..." line of hipdll:build. */
class ScrubResultTest {
    private static EnvironmentChange change(EnvironmentChange.Kind kind, String name) {
        return new EnvironmentChange(kind, name, "before", "after", "why");
    }

    @Test
    void nothingRemovedNothingSet() {
        ScrubResult r = new ScrubResult(Environment.of(OsFamily.UNIX, Map.of()), List.of());
        assertEquals("removed nothing; set []", r.summary());
    }

    @Test
    void removedAndSetNamesInOrderOtherKindsLeftOut() {
        ScrubResult r = new ScrubResult(Environment.of(OsFamily.WINDOWS, Map.of()), List.of(
                change(EnvironmentChange.Kind.REMOVED, "CUDA_PATH"),
                change(EnvironmentChange.Kind.SET, "VCToolsVersion"),
                change(EnvironmentChange.Kind.PATH_ENTRY_REMOVED, "PATH"),
                change(EnvironmentChange.Kind.REMOVED, "HIPCC_COMPILE_FLAGS_APPEND"),
                change(EnvironmentChange.Kind.KEPT, "CUDA_HOME"),
                change(EnvironmentChange.Kind.SET, "INCLUDE")));
        assertEquals(List.of("VCToolsVersion", "INCLUDE"), r.setNames());
        assertEquals("removed [CUDA_PATH, HIPCC_COMPILE_FLAGS_APPEND]; set [VCToolsVersion, INCLUDE]", r.summary());
    }
}
