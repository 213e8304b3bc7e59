package dev.hipdll.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.compile.BuildFailedException;
import dev.hipdll.testing.Toolchain;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * After a failed first build (real clang-19 through the stand-in SDK), the next build reuses what
 * succeeded and names why each other step that ran before runs again: never "not built before" for a step that ran.
 */
class FailedBuildRecordsTest {
    @TempDir
    Path dir;
    private CoreBuild b;
    private Path chain;
    private String good;

    @BeforeEach
    void setUp() throws Exception {
        Toolchain.require("clang-19", "lld-link-19", "clang-offload-bundler-19");
        b = new CoreBuild(dir.resolve("proj")).withExample();
        chain = b.sources().resolve("cuda_chain.cu");
        good = Files.readString(chain);
    }

    private void failThenFix(String broken) throws Exception {
        Files.writeString(chain, good + broken);
        assertThrows(BuildFailedException.class, b::build);
        Files.writeString(chain, good);
        b.build();
    }

    /** The reason a step ran in the last build, or "reused". */
    private String outcome(String step) {
        return b.log.stream().anyMatch(l -> l.contains(": " + step + " reused (")) ? "reused" : b.reason(step);
    }

    @Test
    void aUnitWhoseDeviceCompileSucceededIsReusedAndTheFailedStepSaysItFailed() throws Exception {
        b.jobs = 1;  // backend_cuda.cu's device compile runs (and succeeds) before cuda_chain.cu's fails
        failThenFix("\n#ifdef __HIP_DEVICE_COMPILE__\n#error device side broken\n#endif\n");
        assertEquals("reused", outcome("device compile backend_cuda.cu [gfx1151]"), b.log.toString());
        assertEquals("failed in the last build", outcome("device compile cuda_chain.cu [gfx1151]"), b.log.toString());
    }

    @Test
    void aFailedHostCompileSaysItFailed() throws Exception {
        b.jobs = 1;
        failThenFix("\n#ifndef __HIP_DEVICE_COMPILE__\n#error host side broken\n#endif\n");
        assertEquals("failed in the last build", outcome("host compile cuda_chain.cu"), b.log.toString());
        assertEquals("reused", outcome("host compile backend_cuda.cu"), b.log.toString());
    }

    @Test
    void aDeviceCompileStoppedWithTheFailureSaysSo() throws Exception {
        b.jobs = 2;  // backend_cuda.cu's device compile finishes or is stopped: either way the next build says which
        failThenFix("\n#ifdef __HIP_DEVICE_COMPILE__\n#error device side broken\n#endif\n");
        assertTrue(Set.of("reused", "stopped in the last build when another step failed or the build was stopped")
                .contains(outcome("device compile backend_cuda.cu [gfx1151]")), b.log.toString());
        for (String step : List.of("device compile backend_cuda.cu [gfx1151]", "device compile cuda_chain.cu [gfx1151]")) {
            assertTrue(!outcome(step).equals("not built before"), step + ": " + b.log);
        }
    }
}
