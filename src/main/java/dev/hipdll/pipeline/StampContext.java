package dev.hipdll.pipeline;

/**
 * What the DLL-level build stamp and the provenance take from the plugin; the stamp's parameters are derived from
 * the request itself ({@link StampParameters}).
 *
 * @param pluginVersion the plugin's version
 * @param generator     the plugin's coordinates, {@code groupId:artifactId:version} (provenance)
 */
public record StampContext(String pluginVersion, String generator) {
}
