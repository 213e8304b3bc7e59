package dev.hipdll.sdk;

import java.nio.file.Path;

/**
 * One resolved HIP SDK component.
 *
 * @param name     the component's name as the parameter calls it, e.g. {@code libDir}
 * @param path     the resolved file or directory
 * @param origin   where the value came from
 */
public record SdkComponent(String name, Path path, Origin origin) {
}
