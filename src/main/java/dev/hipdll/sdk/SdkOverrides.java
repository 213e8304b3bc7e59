package dev.hipdll.sdk;

import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;

/**
 * The user's explicit choices for HIP SDK components (each {@code null} when not set), and where
 * each was spelled: on the command line ({@code -Dhip.libDir=...}, the default assumption) or in
 * the POM ({@code <libDir>} in the plugin's configuration, or a {@code hip.libDir} project
 * property). The place only changes the {@link Origin} shown in the resolution table and in
 * errors, so a user is told where to fix a bad value.
 *
 * @param sdkRoot      {@code hip.sdkRoot}
 * @param hipcc        {@code hip.hipcc}
 * @param clangDir     {@code hip.clangDir}
 * @param includeDir   {@code hip.includeDir}
 * @param libDir       {@code hip.libDir}
 * @param deviceLibDir {@code hip.deviceLibDir}
 * @param runtimeDll   {@code hip.runtimeDll}
 * @param fromPom      the property names (e.g. {@code hip.libDir}) whose value came from the POM
 *                     rather than the command line; never {@code null}
 */
public record SdkOverrides(Path sdkRoot, Path hipcc, Path clangDir, Path includeDir, Path libDir, Path deviceLibDir,
                           Path runtimeDll, Set<String> fromPom) {
    public SdkOverrides {
        fromPom = Set.copyOf(fromPom);
    }

    /** Overrides all given on the command line (or where it is not known). */
    public SdkOverrides(Path sdkRoot, Path hipcc, Path clangDir, Path includeDir, Path libDir, Path deviceLibDir,
                        Path runtimeDll) {
        this(sdkRoot, hipcc, clangDir, includeDir, libDir, deviceLibDir, runtimeDll, Set.of());
    }

    /** No overrides. */
    public static SdkOverrides none() {
        return new SdkOverrides(null, null, null, null, null, null, null);
    }

    /**
     * Where the override of {@code property} was given: {@code -Dhip.libDir} for the command
     * line, {@code <libDir> in the POM} for the project's configuration.
     */
    public Origin originOf(String property) {
        if (fromPom.contains(property)) {
            return new Origin("<" + property.substring(property.indexOf('.') + 1) + "> in the POM");
        }
        return new Origin("-D" + property);
    }

    static Optional<Path> of(Path p) {
        return Optional.ofNullable(p);
    }
}
