package dev.hipdll.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Clang's note with the cause ("call to __host__ function from __global__ function") is logged at
 * the level of the error it explains, with the source excerpts; a lone note and other lines stay at info.
 */
class CompilerOutputLevelsTest {
    private static List<String> levels(List<String> output) {
        List<String> log = new ArrayList<>();
        BuildListener l = new BuildListener() {
            @Override
            public void info(String line) {
                log.add("INFO " + line);
            }

            @Override
            public void warn(String line) {
                log.add("WARN " + line);
            }

            @Override
            public void error(String line) {
                log.add("ERROR " + line);
            }

            @Override
            public void debug(String line) {
            }
        };
        CompilerOutputLevels levels = new CompilerOutputLevels();
        output.forEach(line -> levels.line("k.cu [gfx1151]", line, Path.of("."), l));
        levels.end("k.cu [gfx1151]", l);
        return log;
    }

    @Test
    void theNoteWithTheCauseIsAnErrorLineToo() throws Exception {
        List<String> real = Files.readAllLines(Path.of(
                "src/test/resources/dev/hipdll/diagnosis/logs/error-in-your-code.host-from-global.log")).stream()
                .filter(l -> !l.startsWith("#! ")).toList();
        List<String> log = levels(real);
        assertEquals(List.of(
                "ERROR [k.cu [gfx1151]] hostfromglobal.cu:3:48: error: no matching function for call to 'scale'",
                "ERROR [k.cu [gfx1151]]     3 | __global__ void k(float *o) { o[threadIdx.x] = scale(o[threadIdx.x]); }",
                "ERROR [k.cu [gfx1151]]       |                                                ^~~~~",
                "ERROR [k.cu [gfx1151]] hostfromglobal.cu:2:7: note: candidate function not viable: call to __host__"
                        + " function from __global__ function",
                "ERROR [k.cu [gfx1151]]     2 | float scale(float x) { return 2.0f * x; }",
                "ERROR [k.cu [gfx1151]]       |       ^",
                "INFO [k.cu [gfx1151]] 1 error generated when compiling for gfx1151."), log);
    }

    @Test
    void aWarningsNoteIsAWarningAndALoneNoteIsInfo() {
        List<String> log = levels(List.of(
                "a.cu:1:5: warning: unused variable 'x' [-Wunused-variable]",
                "a.cu:1:1: note: declared here",
                "plain line",
                "a.cu:9:1: note: a note on its own"));
        assertEquals(List.of("WARN [k.cu [gfx1151]] a.cu:1:5: warning: unused variable 'x' [-Wunused-variable]",
                "WARN [k.cu [gfx1151]] a.cu:1:1: note: declared here",
                "INFO [k.cu [gfx1151]] plain line",
                "INFO [k.cu [gfx1151]] a.cu:9:1: note: a note on its own"), log);
    }

    @Test
    void theIncludeStackBeforeAnErrorIsAtTheErrorsLevel() {
        List<String> log = levels(List.of(
                "In file included from src/main/hip/hostutil.cpp:2:",
                "In file included from /sdk/include/hip/hip_runtime.h:12:",
                "                      from /sdk/include/hip/amd_detail/host_defines.h:4:",
                "/sdk/include/hip/hip_runtime.h:62:1: error: expected identifier",
                "plain line",
                "In file included from a.cpp:1:"));
        assertEquals(List.of("ERROR [k.cu [gfx1151]] In file included from src/main/hip/hostutil.cpp:2:",
                "ERROR [k.cu [gfx1151]] In file included from /sdk/include/hip/hip_runtime.h:12:",
                "ERROR [k.cu [gfx1151]]                       from /sdk/include/hip/amd_detail/host_defines.h:4:",
                "ERROR [k.cu [gfx1151]] /sdk/include/hip/hip_runtime.h:62:1: error: expected identifier",
                "INFO [k.cu [gfx1151]] plain line",
                "INFO [k.cu [gfx1151]] In file included from a.cpp:1:"), log);
    }
}
