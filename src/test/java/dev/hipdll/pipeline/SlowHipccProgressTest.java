package dev.hipdll.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.host.Host;
import dev.hipdll.host.OsFamily;
import dev.hipdll.sdk.HipSdk;
import dev.hipdll.testing.FakeSdk;
import dev.hipdll.testing.StandinBuild;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A fake hipcc whose device compile prints one line and then stays silent until the build's log has 4
 * heartbeat lines (the test's listener leaves a file the fake waits for; a hang guard ends the wait): with a
 * 400 ms heartbeat the log gets heartbeat lines naming the running step and how long it has run, then the
 * step's finish line; the compiler's own line reaches the log with its step's name. The other steps
 * (bundle, host compile, link) are quick and get their own start and finish lines. Nothing here depends on
 * the machine's speed: a fixed 2 s of silence and a bound on the gaps between heartbeats
 * did; the heartbeat's timing is {@code StepProgressTest}'s, on a clock of its own.
 *
 * <p>Was {@code compile.SlowHipccProgressTest}, whose fake printed clang {@code -v} job lines for
 * the progress parser to find the step; the steps are now the build's own, so the fake prints an
 * ordinary line.
 */
class SlowHipccProgressTest {
    @TempDir
    Path dir;

    @Test
    void heartbeatWhileTheCompilerIsSilent() throws Exception {
        Files.write(dir.resolve("good.dll"), new dev.hipdll.testing.MiniPe().build());
        Path beaten = dir.resolve("four-heartbeats-seen");
        HipSdk sdk = FakeSdk.create(dir.resolve("sdk"), FakeSdk.hipcc("""
                  if (( device )); then
                    echo 'slow.cu: compiling for gfx1151, this takes a while' >&2
                    for i in $(seq 3000); do [[ -f '%s' ]] && break; sleep 0.1; done
                  fi
                """.formatted(beaten), "cp '" + dir.resolve("good.dll") + "' \"$out\""));
        Path project = Files.createDirectories(dir.resolve("project"));
        Path source = Files.writeString(project.resolve("slow.cu"), "// slow\n");
        Duration interval = Duration.ofMillis(400);
        Map<String, String> env = Map.of("PATH", "/usr/bin:/bin");
        HipDllBuildRequest request = StandinBuild.request(project, project, List.of(source), List.of(), "gfx1151",
                List.of(), project.resolve("target/hipdll/coli_hip.dll"),
                StandinBuild.options(Duration.ofMinutes(10), interval, 8000, 2), Host.of(OsFamily.UNIX, env),
                sdk.root().path());

        List<String> lines = Collections.synchronizedList(new ArrayList<>());
        StandinBuild.build(StandinBuild.setup(sdk, env), request, new BuildListener() {
            @Override
            public synchronized void info(String line) {
                lines.add(line);
                if (line.startsWith("still running: ") && ++heartbeats == 4) {
                    try {
                        Files.writeString(beaten, "");
                    } catch (java.io.IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                }
            }

            private int heartbeats;

            @Override
            public void warn(String line) {
                info("WARN " + line);
            }

            @Override
            public void debug(String line) {
            }
        });
        List<String> steps = lines.stream().filter(l -> l.startsWith("step ") || l.startsWith("still running")).toList();
        assertEquals("step 1 of 4: device compile slow.cu [gfx1151] (not built before)", steps.get(0), lines.toString());
        int compilerLine = lines.indexOf("[slow.cu [gfx1151]] slow.cu: compiling for gfx1151, this takes a while");
        assertTrue(compilerLine > lines.indexOf(steps.get(0)), "the compiler's line, with its step: " + lines);
        List<Integer> beats = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).matches("still running: step 1 of 4 device compile slow\\.cu \\[gfx1151\\] \\([0-9.]+ s\\)")) {
                beats.add(i);
            }
        }
        assertTrue(beats.size() >= 4, "expected at least 4 heartbeats while the compiler was silent: " + lines);
        double last = 0;
        for (int b : beats) {  // how long the step has run, growing from one heartbeat to the next
            double s = Double.parseDouble(lines.get(b).replaceAll(".*\\(([0-9.]+) s\\)$", "$1"));
            assertTrue(s >= last, "heartbeats say " + s + " s after " + last + " s: " + lines);
            last = s;
        }
        int finished = -1;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).matches("step 1 of 4: device compile slow\\.cu \\[gfx1151\\] finished in [0-9.]+ s")) {
                finished = i;
            }
        }
        assertTrue(finished > beats.get(beats.size() - 1), "no finish line after the heartbeats: " + lines);
        for (String s : List.of("step 2 of 4: bundle slow.cu", "step 3 of 4: host compile slow.cu",
                "step 4 of 4: link coli_hip.dll")) {
            assertTrue(lines.contains(s + " (" + (s.contains("link") ? "the DLL is rebuilt" : "not built before") + ")"),
                    s + ": " + lines);
            assertTrue(lines.stream().anyMatch(l -> l.matches(java.util.regex.Pattern.quote(s) + " finished in [0-9.]+ s")),
                    s + ": " + lines);
        }
        assertTrue(Files.isRegularFile(request.output()));
    }
}
