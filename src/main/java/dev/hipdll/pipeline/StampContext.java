package dev.hipdll.pipeline;

import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What the DLL-level build stamp records besides the files: the plugin and the parameters.
 *
 * @param pluginVersion the plugin's version
 * @param generator     the plugin's coordinates, {@code groupId:artifactId:version} (provenance)
 * @param parameters    every output-deciding parameter by property name, as text
 * @param userVariables names set through {@code environmentVariables} (they always count)
 */
public record StampContext(String pluginVersion, String generator, SortedMap<String, String> parameters,
                           Set<String> userVariables) {
    /** Copies the collections. */
    public StampContext {
        parameters = new TreeMap<>(parameters);
        userVariables = Set.copyOf(userVariables);
    }
}
