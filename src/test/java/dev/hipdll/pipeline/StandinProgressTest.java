package dev.hipdll.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.testing.StandinBuild;
import dev.hipdll.testing.Toolchain;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Progress of a real build (the stand-in SDK's clang-19, the example's two units for two targets, 2
 * workers): every step of the graph (a device compile per unit and target, a bundle and a host
 * compile per unit, the link) gets one start line with its reason and one finish line, numbered 1
 * to 9 in the order they started; a step's finish comes after its start and after the finish of
 * every step it needs; a clean compile prints nothing else at info.
 *
 * <p>Was {@code compile.StandinProgressTest}, which found the steps in clang's {@code -v} output of
 * one hipcc call and checked that all of that chatter was recognized; the steps are now the build's
 * own and no {@code -v} is passed, so the equivalent is that no compiler line reaches the info log.
 */
class StandinProgressTest {
    @TempDir
    Path project;

    private static final Pattern START = Pattern.compile("step ([0-9]) of 9: (.+) \\(not built before\\)|step ([0-9]) of 9:"
            + " (link coli_hip\\.dll) \\(the DLL is rebuilt\\)");
    private static final Pattern FINISH = Pattern.compile("step ([0-9]) of 9: (.+) finished in [0-9]+\\.[0-9] s");

    @Test
    void everyStepStartsAndFinishes() throws Exception {
        Toolchain.require("clang-19", "lld-link-19", "clang-offload-bundler-19");
        StandinBuild.copyExample(project);
        StandinBuild.Lines log = new StandinBuild.Lines();
        StandinBuild.build(StandinBuild.request(project, "gfx1151,gfx1100", List.of(),
                StandinBuild.options(Duration.ofSeconds(300))), log);
        List<String> lines = log.info();
        List<String> started = new ArrayList<>();
        List<Integer> ordinals = new ArrayList<>();
        List<String> finished = new ArrayList<>();
        for (String l : lines) {
            Matcher s = START.matcher(l);
            if (s.matches()) {
                ordinals.add(Integer.parseInt(s.group(1) != null ? s.group(1) : s.group(3)));
                started.add(s.group(2) != null ? s.group(2) : s.group(4));
            }
            Matcher f = FINISH.matcher(l);
            if (f.matches()) {
                finished.add(f.group(2));
                assertTrue(started.contains(f.group(2)), "finished before it started: " + l + " in " + lines);
            }
        }
        assertEquals(List.of(1, 2, 3, 4, 5, 6, 7, 8, 9), ordinals, lines.toString());
        List<String> every = List.of("device compile backend_cuda.cu [gfx1100]", "device compile backend_cuda.cu [gfx1151]",
                "bundle backend_cuda.cu", "host compile backend_cuda.cu", "device compile cuda_chain.cu [gfx1100]",
                "device compile cuda_chain.cu [gfx1151]", "bundle cuda_chain.cu", "host compile cuda_chain.cu",
                "link coli_hip.dll");
        assertEquals(sorted(every), sorted(started), lines.toString());
        assertEquals(sorted(every), sorted(finished), lines.toString());
        for (String unit : List.of("backend_cuda.cu", "cuda_chain.cu")) {
            int bundle = finished.indexOf("bundle " + unit);
            assertTrue(finished.indexOf("device compile " + unit + " [gfx1100]") < bundle
                    && finished.indexOf("device compile " + unit + " [gfx1151]") < bundle
                    && bundle < finished.indexOf("host compile " + unit)
                    && finished.indexOf("host compile " + unit) < finished.indexOf("link coli_hip.dll"), finished.toString());
        }
        assertEquals(List.of(), lines.stream().filter(l -> l.startsWith("[")).toList(),
                "a clean compile prints nothing at info");
    }

    private static List<String> sorted(List<String> l) {
        List<String> s = new ArrayList<>(l);
        java.util.Collections.sort(s);
        return s;
    }
}
