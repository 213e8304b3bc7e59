package dev.hipdll.compile;

import dev.hipdll.graph.GraphNode;
import dev.hipdll.gfx.GfxTarget;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One step of the HIP DLL build as a value: what it runs, what it reads and what it writes.
 *
 * @param id          unique in the build, e.g. {@code device:backend_cuda.cu:gfx1100}
 * @param kind        the stage
 * @param unit        the translation unit's path relative to the source directory, with {@code /}
 *                    separators ({@code ""} for the link)
 * @param target      the gfx target of a device compile
 * @param executable  the program run (hipcc, the SDK's clang, or clang-offload-bundler)
 * @param arguments   its arguments exactly as run, one element each (paths relative to the working
 *                    directory where the project is concerned)
 * @param environment variables set for this step only, on top of the build's scrubbed environment
 * @param inputs      the files the step reads that are not in its dependency file: outputs of
 *                    earlier steps, libraries (compile steps list their source; the compiler's
 *                    {@code -MD} file adds every header)
 * @param output      the file the step writes
 * @param depFile     the compiler's dependency file ({@code -MD -MF}), for compile steps
 * @param dependsOn   the ids of the steps whose outputs this one reads
 * @param notes       facts about the command to log once (e.g. "-mcode-object-version=6 for a generic target")
 */
public record BuildStep(String id, StepKind kind, String unit, Optional<GfxTarget> target, Path executable,
                        List<String> arguments, Map<String, String> environment, List<Path> inputs, Path output,
                        Optional<Path> depFile, List<String> dependsOn, List<String> notes) implements GraphNode {
    /** Copies the collections. */
    public BuildStep {
        arguments = List.copyOf(arguments);
        environment = Map.copyOf(environment);
        inputs = List.copyOf(inputs);
        dependsOn = List.copyOf(dependsOn);
        notes = List.copyOf(notes);
    }

    /**
     * The step as the log names it: {@code device compile backend_cuda.cu [gfx1100]},
     * {@code bundle backend_cuda.cu}, {@code host compile backend_cuda.cu}, {@code link coli_hip.dll}.
     */
    public String describe() {
        return switch (kind) {
            case DEVICE_COMPILE -> kind.label() + " " + unit + " [" + target.map(Object::toString).orElse("?") + "]";
            case BUNDLE, HOST_COMPILE -> kind.label() + " " + unit;
            case LINK -> kind.label() + " " + output.getFileName();
        };
    }

    /** The step's subject without the stage: {@code backend_cuda.cu [gfx1100]}, {@code backend_cuda.cu}, {@code coli_hip.dll}. */
    public String subject() {
        return switch (kind) {
            case DEVICE_COMPILE -> unit + " [" + target.map(Object::toString).orElse("?") + "]";
            case BUNDLE, HOST_COMPILE -> unit;
            case LINK -> output.getFileName().toString();
        };
    }
}
