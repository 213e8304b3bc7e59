package dev.hipdll.windowstier;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.hipdll.compile.BuildFailedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * On a Windows API: a project of six HIP units (the example's two and four small ones) built with
 * {@code hip.jobs=6}, clean, three times: every build succeeds and links the same DLL, byte for byte. Every bundle
 * step once rewrote one shared empty host entry (a temporary file renamed onto {@code target\hipdll\
 * bundle-host-entry.empty}); on Windows a rename onto a file another step's clang-offload-bundler has open fails
 * with {@code AccessDeniedException}, so parallel bundle steps of several units failed now and then. Each bundle step
 * now owns its inputs ({@code steps\<unit>\bundle-host-entry.empty}).
 */
@Tag(WindowsTier.TAG)
class ManyUnitsManyJobsTest {
    /** The extra units: one kernel and one host function each, nothing exported (the contract stays the example's). */
    private static final int EXTRA_UNITS = 4;
    private static final int BUILDS = 3;

    @Test
    void sixUnitsWithSixJobsBuildCleanThreeTimesIntoTheSameDll() throws Exception {
        Path root = WindowsTier.work("many-units");
        TierBuild b = new TierBuild(root.resolve("project")).withExample();
        for (int i = 0; i < EXTRA_UNITS; i++) {
            Files.writeString(b.sources().resolve("extra_" + i + ".cu"), """
                    /* extra_%1$d.cu - a small unit of its own: one kernel, one host function, no export. */
                    #include <hip/hip_runtime.h>

                    __global__ void k_extra_%1$d(float *x, unsigned int n) {
                        unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
                        if (i < n) x[i] = x[i] * %1$d.0f + 1.0f;
                    }

                    int coli_extra_%1$d_launch(float *x, unsigned int n) {
                        k_extra_%1$d<<<(n + 255) / 256, 256>>>(x, n);
                        return (int) hipGetLastError();
                    }
                    """.formatted(i));
        }
        b.jobs = 6;
        byte[] first = null;
        for (int run = 1; run <= BUILDS; run++) {
            WindowsTier.delete(b.project.resolve("target"));
            try {
                b.build();
            } catch (BuildFailedException e) {
                throw new AssertionError("clean build " + run + " of " + BUILDS + " failed: " + e.getMessage() + "\n"
                        + String.join("\n", b.log), e);
            }
            List<String> bundles = b.ran().stream().filter(s -> s.startsWith("bundle ")).toList();
            assertEquals(2 + EXTRA_UNITS, bundles.size(), "build " + run + ": " + String.join("\n", b.log));
            byte[] dll = Files.readAllBytes(b.dll());
            if (first == null) {
                first = dll;
                EndToEndBuildTest.assertVerified(b.dll());
            } else {
                assertArrayEquals(first, dll, "clean build " + run + " linked another DLL than build 1");
            }
        }
    }
}
