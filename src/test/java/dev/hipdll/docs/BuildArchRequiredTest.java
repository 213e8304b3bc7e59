package dev.hipdll.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * hipdll:build's {@code arch} is required in the descriptor, so the goal page (and help) list it
 * under the required parameters, and Maven names {@code -Dhip.arch} when it is missing.
 */
class BuildArchRequiredTest {
    @Test
    void archIsRequiredForBuild() throws Exception {
        PluginDescriptor.Mojo build = PluginDescriptor.load().mojos().stream().filter(m -> m.goal().equals("build"))
                .findFirst().orElseThrow();
        PluginDescriptor.Parameter arch = build.parameters().stream().filter(p -> p.name().equals("arch")).findFirst()
                .orElseThrow();
        assertTrue(arch.required(), "build.arch is not required");
        assertEquals("hip.arch", arch.property());
    }
}
