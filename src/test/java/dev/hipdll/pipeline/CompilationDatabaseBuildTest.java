package dev.hipdll.pipeline;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.hipdll.testing.Toolchain;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Compile_commands.json beside the steps, one entry per device and host compile, with the
 * arguments the compiler ran (response files expanded): running an entry's command again with the stand-in SDK's
 * compiler gives the step's output byte for byte.
 */
class CompilationDatabaseBuildTest {
    @TempDir
    Path dir;

    @Test
    void everyCompileStepHasItsCommandAsTheCompilerRanIt() throws Exception {
        Toolchain.require("clang-19", "lld-link-19", "clang-offload-bundler-19");
        CoreBuild b = new CoreBuild(dir.resolve("proj")).withExample();
        b.arch = "gfx1151,gfx1100";
        b.commandLineLimit = 0; // every step through a response file: the database still has the arguments
        b.build();
        Path db = b.project.resolve("target/hipdll/compile_commands.json");
        JsonNode entries = new ObjectMapper().readTree(db.toFile());
        assertEquals(6, entries.size(), "2 units x (2 device compiles + 1 host compile): " + entries);
        List<String> files = new ArrayList<>();
        for (JsonNode e : entries) {
            assertEquals(b.project.toString(), e.get("directory").asText());
            files.add(e.get("file").asText());
            for (JsonNode a : e.get("arguments")) {
                assertFalse(a.asText().startsWith("@"), "a response file in " + e);
            }
        }
        assertEquals(List.of("src/main/hip/backend_cuda.cu", "src/main/hip/backend_cuda.cu", "src/main/hip/backend_cuda.cu",
                "src/main/hip/cuda_chain.cu", "src/main/hip/cuda_chain.cu", "src/main/hip/cuda_chain.cu"),
                files.stream().sorted().toList());

        // the first device compile, run again from its entry into another output: the same code object
        JsonNode device = null;
        for (JsonNode e : entries) {
            if (e.get("output").asText().endsWith(".co")) {
                device = e;
                break;
            }
        }
        assertTrue(device != null, "no device compile entry: " + entries);
        List<String> command = new ArrayList<>();
        Path again = dir.resolve("again.co");
        JsonNode args = device.get("arguments");
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i).asText();
            command.add(a);
            if (a.equals("-o")) {
                command.add(again.toString());
                i++;
            } else if (a.equals("-MF")) {
                command.add(dir.resolve("again.d").toString());
                i++;
            }
        }
        Process p = new ProcessBuilder(command).directory(b.project.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertEquals(0, p.waitFor(), out);
        assertArrayEquals(Files.readAllBytes(b.project.resolve(device.get("output").asText())), Files.readAllBytes(again),
                "the entry's command does not make the step's code object");
    }
}
