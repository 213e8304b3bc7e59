package dev.hipdll.compile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.process.ProcessRunner;
import dev.hipdll.testing.StandinBuild;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Progress from the stand-in SDK's real clang-19 -v output: one step per unit and target, then the link. */
class StandinProgressTest {
    @TempDir
    Path project;

    @Test
    void everyUnitAndTargetStartsAndFinishes() throws Exception {
        StandinBuild.copyExample(project);
        CompileRequest request = StandinBuild.request(project, "gfx1151,gfx1100", List.of(Progress.hipccArgument()));
        List<String> progress = Collections.synchronizedList(new ArrayList<>());
        List<String> shown = Collections.synchronizedList(new ArrayList<>());
        try (Progress p = new Progress(progress::add, Duration.ofSeconds(30), System::nanoTime).start()) {
            new HipDllBuilder(new ProcessRunner(Duration.ofSeconds(300))).build(request,
                    Map.of("PATH", System.getenv("PATH")), project, line -> {
                        if (!p.accept(line)) {
                            shown.add(line);
                        }
                    });
        }
        List<String> started = progress.stream().filter(l -> l.startsWith("started  ")).map(l -> l.substring(9)).toList();
        assertEquals(List.of("backend_cuda.cu [gfx1100]", "backend_cuda.cu [gfx1151]", "backend_cuda.cu [host]",
                "cuda_chain.cu [gfx1100]", "cuda_chain.cu [gfx1151]", "cuda_chain.cu [host]", "link"), started, progress.toString());
        for (String step : started) {
            assertTrue(progress.stream().anyMatch(l -> l.matches("finished " + java.util.regex.Pattern.quote(step) + " in [0-9]+\\.[0-9] s")),
                    "no finish line for " + step + ": " + progress);
        }
        assertEquals(List.of(), shown, "all of clang's -v chatter is recognized (it goes to the debug log)");
    }
}
