package dev.hipdll.environment;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What another part of the build (the MSVC toolset pin) contributes to the child's environment:
 * variables to set, entries to put at the front of {@code PATH}, and directories whose inherited
 * {@code PATH} entries must go (those of other toolsets).
 *
 * @param source       who contributes, for the log, e.g. "MSVC toolset 14.44.35207"
 * @param variables    variables to set, in order (replacing inherited ones)
 * @param pathPrepend  entries put at the front of {@code PATH}, in order
 * @param replacedRoots inherited {@code PATH} entries at or under one of these are dropped
 */
public record EnvironmentAdditions(String source, Map<String, String> variables, List<String> pathPrepend,
                                   List<Path> replacedRoots) {
    /** Creates additions; collections are copied (the map keeps its order). */
    public EnvironmentAdditions {
        variables = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(variables));
        pathPrepend = List.copyOf(pathPrepend);
        replacedRoots = List.copyOf(replacedRoots);
    }
}
