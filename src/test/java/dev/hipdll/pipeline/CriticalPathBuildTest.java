package dev.hipdll.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.incremental.StepDurations;
import dev.hipdll.testing.Toolchain;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The core build: the durations the steps took are kept in
 * {@code steps/step-durations.json}, and the next build starts the step on the longest remaining path first.
 */
class CriticalPathBuildTest {
    @TempDir
    Path dir;

    private static String firstStarted(List<String> log) {
        return log.stream().filter(l -> l.startsWith("step 1 of ")).findFirst()
                .map(l -> l.substring(l.indexOf(": ") + 2, l.lastIndexOf(" (")))
                .orElseThrow(() -> new AssertionError("no step 1: " + log));
    }

    @Test
    void theRecordedLongestStepStartsFirst() throws Exception {
        Toolchain.require("clang-19", "lld-link-19", "clang-offload-bundler-19");
        CoreBuild b = new CoreBuild(dir.resolve("proj")).withExample();
        b.arch = "gfx1151,gfx1100";
        b.jobs = 1;
        b.build();
        Path steps = b.project.resolve("target/hipdll/steps");
        StepDurations kept = StepDurations.load(steps);
        Map<String, Long> all = kept.all();
        assertEquals(9, all.size(), "every step that ran is kept: " + all); // 2 units x (2 device, bundle, host), link
        assertTrue(all.keySet().stream().anyMatch(id -> id.startsWith("device:cuda_chain.cu")), all.toString());

        // pretend cuda_chain.cu's gfx1100 compile took a day last time: with one worker it starts first (60 s was
        // less than a real step of the first build took on a loaded machine)
        String heavy = all.keySet().stream().filter(id -> id.startsWith("device:cuda_chain.cu") && id.endsWith("gfx1100"))
                .findFirst().orElseThrow();
        kept.ran(heavy, 86_400_000L);
        kept.save(all.keySet());
        Files.writeString(b.sources().resolve("backend_cuda.cu"), "\n// edited\n", java.nio.file.StandardOpenOption.APPEND);
        Files.writeString(b.sources().resolve("cuda_chain.cu"), "\n// edited\n", java.nio.file.StandardOpenOption.APPEND);
        List<String> log = b.build();
        assertEquals("device compile cuda_chain.cu [gfx1100]", firstStarted(log), String.join("\n", log));
    }
}
