package dev.hipdll.compile;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.hipdll.io.AtomicFile;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code compile_commands.json}, the JSON Compilation Database of clang's tooling (clang documentation, "JSON
 * Compilation Database Format Specification"), for clangd and IDEs: one entry per compile step,
 * device and host, grouped by file in the build's order of the files, each file's host compile first (clangd takes a
 * file's first entry: the host compile, for the Windows triple, sees the code as the host does, not as one target's
 * device compile with {@code __HIP_DEVICE_COMPILE__} defined), then its device compiles in step
 * order, each {@code {"directory", "arguments", "file", "output"}} with
 * {@code arguments} the executable and its arguments as the step runs them (a response file that the step
 * may use on a long command line is expanded: the entry has the arguments themselves), paths as the compiler sees
 * them (relative to {@code directory}, the steps' working directory, where the build gives them so). The compiler
 * launcher ({@code hip.compilerLauncher}) is left out, as CMake leaves out {@code <LANG>_COMPILER_LAUNCHER}. Bundle
 * and link steps compile nothing and have no entry. One argument is added where the step has none: the host triple,
 * {@value #HOST_TARGET}, which the compiler of a Windows HIP SDK takes by default, made explicit so clangd on another
 * host (its own default triple) sees the code as the build compiles it; the step's output is the same with it.
 */
public final class CompilationDatabase {
    /** The file's name, written beside the step directory. */
    public static final String FILE_NAME = "compile_commands.json";

    /** The argument an entry gets after its executable when its step names no target: the DLL's triple. */
    public static final String HOST_TARGET = "--target=x86_64-pc-windows-msvc";

    private CompilationDatabase() {
    }

    /**
     * The entries of the compile steps.
     *
     * @param steps      the build's steps
     * @param workingDir the directory every step runs in (absolute)
     * @return one map per compile step, keys in the specification's order; a file's host compile first
     */
    public static List<Map<String, Object>> entries(List<BuildStep> steps, Path workingDir) {
        Map<Path, List<BuildStep>> byFile = new LinkedHashMap<>();
        for (BuildStep s : steps) {
            if (s.kind() == StepKind.DEVICE_COMPILE || s.kind() == StepKind.HOST_COMPILE) {
                List<BuildStep> of = byFile.computeIfAbsent(s.inputs().get(0).toAbsolutePath().normalize(),
                        f -> new ArrayList<>());
                if (s.kind() == StepKind.HOST_COMPILE) {
                    of.add(0, s);
                } else {
                    of.add(s);
                }
            }
        }
        List<Map<String, Object>> out = new ArrayList<>();
        for (BuildStep s : byFile.values().stream().flatMap(List::stream).toList()) {
            List<String> arguments = new ArrayList<>();
            arguments.add(s.executable().toString());
            if (s.arguments().stream().noneMatch(a -> a.startsWith("--target=") || a.equals("-target"))) {
                arguments.add(HOST_TARGET);
            }
            arguments.addAll(s.arguments());
            Map<String, Object> e = new LinkedHashMap<>();
            e.put("directory", workingDir.toString());
            e.put("arguments", arguments);
            e.put("file", asSeen(workingDir, s.inputs().get(0)));
            e.put("output", asSeen(workingDir, s.output()));
            out.add(e);
        }
        return out;
    }

    /**
     * Writes the database atomically.
     *
     * @param file       where ({@code target/hipdll/compile_commands.json})
     * @param steps      the build's steps
     * @param workingDir the steps' working directory
     * @throws IOException when it cannot be written
     */
    public static void write(Path file, List<BuildStep> steps, Path workingDir) throws IOException {
        List<Map<String, Object>> entries = entries(steps, workingDir);
        // jackson-core's streaming generator: no databind on a build's path (its first ObjectMapper costs ~300 ms)
        AtomicFile.write(file, o -> {
            try (JsonGenerator g = new JsonFactory().createGenerator(o)) {
                g.useDefaultPrettyPrinter();
                g.writeStartArray();
                for (Map<String, Object> e : entries) {
                    g.writeStartObject();
                    g.writeStringField("directory", (String) e.get("directory"));
                    g.writeArrayFieldStart("arguments");
                    for (Object a : (List<?>) e.get("arguments")) {
                        g.writeString((String) a);
                    }
                    g.writeEndArray();
                    g.writeStringField("file", (String) e.get("file"));
                    g.writeStringField("output", (String) e.get("output"));
                    g.writeEndObject();
                }
                g.writeEndArray();
            }
        });
    }

    /** A path relative to the working directory when it lies under it (as the steps pass it), else absolute. */
    private static String asSeen(Path workingDir, Path p) {
        Path abs = p.toAbsolutePath().normalize();
        Path wd = workingDir.toAbsolutePath().normalize();
        return (abs.startsWith(wd) ? wd.relativize(abs) : abs).toString();
    }
}
