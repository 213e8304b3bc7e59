package dev.hipdll.compile;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** compilerArgs the step graph cannot honour are refused, saying what to do; ordinary flags pass. */
class CompilerArgsPolicyTest {
    private static String refused(String arg) {
        return assertThrows(IllegalArgumentException.class, () -> CompilerArgsPolicy.check(List.of("-ffast-math", arg)))
                .getMessage();
    }

    @Test
    void targetsBelongInHipArch() {
        assertTrue(refused("--offload-arch=gfx1030").startsWith("compilerArgs: '--offload-arch=gfx1030' is not allowed:"
                + " name the gfx targets with hip.arch"));
        assertTrue(refused("--cuda-gpu-arch=gfx1030").contains("hip.arch"));
    }

    @Test
    void relocatableDeviceCodeModesOutputsAndSaveTempsAreRefused() {
        assertTrue(refused("-fgpu-rdc").contains("device link"));
        assertTrue(refused("--offload-device-only").contains("own mode and output"));
        assertTrue(refused("-o").contains("own mode and output"));
        assertTrue(refused("-save-temps=obj").contains("parallel steps"));
    }

    @Test
    void ordinaryFlagsPass() {
        assertDoesNotThrow(() -> CompilerArgsPolicy.check(List.of("-ffast-math", "-Wall", "-Wl,/debug", "-mcode-object-version=6",
                "-O2", "-objcmt-migrate-literals")));
    }
}
