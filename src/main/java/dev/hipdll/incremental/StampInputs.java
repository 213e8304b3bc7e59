package dev.hipdll.incremental;

import dev.hipdll.sdk.HipSdk;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What the current build would be made of, known before the compiler runs: the plain values the
 * mojo resolved. The files the compiler will read are not known yet; the stamp of the previous
 * build lists them.
 *
 * @param pluginVersion     the plugin's version
 * @param parameters        every output-deciding parameter by its property name, rendered as text
 * @param targets           the gfx target IDs in command-line order
 * @param sources           the translation units
 * @param sourceRoot        the source directory: names in messages are relative to it
 * @param sdk               the resolved HIP SDK
 * @param toolsetVersion    the MSVC toolset version, when resolved
 * @param windowsSdkVersion the Windows SDK version, when resolved
 * @param environment       the environment exactly as it reaches the compiler
 * @param windowsHost       whether environment names are case-insensitive (Windows)
 * @param output            the DLL
 * @param userVariables     names set through {@code environmentVariables}, and those the scrub kept although
 *                          it would remove them (launcher variables, {@code keepVariables}): they always count
 *                          in the environment part (see {@link CompilerEnvironment})
 */
public record StampInputs(String pluginVersion, SortedMap<String, String> parameters, List<String> targets,
                          List<Path> sources, Path sourceRoot, HipSdk sdk, Optional<String> toolsetVersion,
                          Optional<String> windowsSdkVersion, Map<String, String> environment, boolean windowsHost,
                          Path output, Set<String> userVariables) {
    /** Creates the inputs; collections are copied. */
    public StampInputs {
        parameters = new TreeMap<>(parameters);
        targets = List.copyOf(targets);
        sources = sources.stream().map(p -> p.toAbsolutePath().normalize()).toList();
        environment = Map.copyOf(environment);
        userVariables = Set.copyOf(userVariables);
    }

    /** Creates the inputs without variables from {@code environmentVariables}. */
    public StampInputs(String pluginVersion, SortedMap<String, String> parameters, List<String> targets,
                       List<Path> sources, Path sourceRoot, HipSdk sdk, Optional<String> toolsetVersion,
                       Optional<String> windowsSdkVersion, Map<String, String> environment, boolean windowsHost,
                       Path output) {
        this(pluginVersion, parameters, targets, sources, sourceRoot, sdk, toolsetVersion, windowsSdkVersion,
                environment, windowsHost, output, Set.of());
    }
}
