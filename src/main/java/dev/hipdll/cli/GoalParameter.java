package dev.hipdll.cli;

import java.util.Optional;

/**
 * One parameter of a goal as the plugin descriptor ({@code META-INF/maven/plugin.xml}) declares it.
 *
 * @param name         the parameter's name ({@code maxBundleMiB}), also the settings' setter
 * @param type         its Java type as the descriptor spells it ({@code int}, {@code java.io.File},
 *                     {@code java.util.List})
 * @param property     its user property ({@code hip.maxBundleMiB}), the {@code -D} name
 * @param defaultValue its default as written in the descriptor ({@code 512}, {@code ${project.build.directory}/...}),
 *                     empty when it has none
 * @param description  its description (the mojo field's javadoc as the descriptor holds it)
 */
public record GoalParameter(String name, String type, String property, Optional<String> defaultValue,
                            String description) {
    /** Whether the default refers to the Maven project ({@code ${project...}}) and so has no meaning here. */
    public boolean defaultNeedsProject() {
        return defaultValue.isPresent() && defaultValue.get().contains("${");
    }
}
