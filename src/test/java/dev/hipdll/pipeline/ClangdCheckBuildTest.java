package dev.hipdll.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.hipdll.compile.CompilationDatabase;
import dev.hipdll.testing.Toolchain;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The documented {@code clangd --compile-commands-dir=target/hipdll} works on the example. A real
 * build through the stand-in SDK writes {@code compile_commands.json}; each file's first entry (the one clangd takes)
 * is its host compile, for the Windows triple; and {@code clangd-19 --check} on each of the example's sources reports
 * no error, with the written database and with one of the device compiles alone (before, every file had an error: the
 * first entry was a device compile, seen with a Linux aux triple, and the stand-in's device-library directory lacked
 * the files clang's driver looks for).
 */
class ClangdCheckBuildTest {
    @TempDir
    Path dir;

    @Test
    void clangdChecksTheExampleWithTheWrittenDatabaseWithoutAnError() throws Exception {
        Toolchain.require("clang-19", "lld-link-19", "clang-offload-bundler-19", "clangd-19");
        CoreBuild b = new CoreBuild(dir.resolve("proj")).withExample();
        b.arch = "gfx1151,gfx1100";
        b.build();
        Path db = b.project.resolve("target/hipdll/compile_commands.json");
        JsonNode entries = new ObjectMapper().readTree(db.toFile());
        Map<String, JsonNode> first = new LinkedHashMap<>();
        ArrayNode devices = new ObjectMapper().createArrayNode();
        for (JsonNode e : entries) {
            first.putIfAbsent(e.get("file").asText(), e);
            if (arguments(e).contains("--offload-device-only") && arguments(e).contains("--offload-arch=gfx1151")) {
                devices.add(e);
            }
        }
        assertEquals(List.of("src/main/hip/backend_cuda.cu", "src/main/hip/cuda_chain.cu"),
                first.keySet().stream().sorted().toList());
        for (JsonNode e : first.values()) {
            List<String> args = arguments(e);
            assertTrue(args.contains("--offload-host-only") && !args.contains("--offload-device-only")
                    && args.get(1).equals(CompilationDatabase.HOST_TARGET),
                    () -> "the first entry of a file is its host compile, for the Windows triple: " + args);
        }
        Path deviceDb = Files.createDirectories(dir.resolve("device-only"));
        new ObjectMapper().writeValue(deviceDb.resolve(CompilationDatabase.FILE_NAME).toFile(), devices);
        for (Path database : List.of(db.getParent(), deviceDb)) {
            for (String file : first.keySet()) {
                Path log = dir.resolve(Path.of(file).getFileName() + "." + database.getFileName() + ".clangd.log");
                Process p = new ProcessBuilder("clangd-19", "--compile-commands-dir=" + database,
                        "--check=" + b.project.resolve(file)).directory(b.project.toFile()).redirectErrorStream(true)
                        .redirectOutput(log.toFile()).start();
                assertTrue(p.waitFor(5, TimeUnit.MINUTES), "clangd-19 --check hung");  // a hang guard
                String out = Files.readString(log, StandardCharsets.UTF_8);
                List<String> errors = out.lines().filter(l -> l.startsWith("E[")).toList();
                assertEquals(List.of(), errors, () -> file + " with " + database + ":\n" + out);
                assertTrue(out.contains("All checks completed, 0 errors"), () -> file + " with " + database + ":\n" + out);
                assertEquals(0, p.exitValue(), () -> file + ": clangd-19 --check failed:\n" + out);
            }
        }
    }

    private static List<String> arguments(JsonNode entry) {
        List<String> args = new ArrayList<>();
        entry.get("arguments").forEach(a -> args.add(a.asText()));
        return args;
    }
}
