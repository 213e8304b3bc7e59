package dev.hipdll.sdk;

import dev.hipdll.parameter.ParameterHints;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Map;

/**
 * The user's explicit choices for HIP SDK components (each {@code null} when not set), and where
 * each was spelled: on the command line ({@code -Dhip.libDir=...}, the default assumption), in the
 * plugin's {@code <configuration>} ({@code <libDir>} in the POM), as a project property
 * ({@code <hip.libDir>} in the POM's {@code <properties>}) or as a property of an active
 * settings.xml profile. The place only changes the
 * {@link Origin} shown in the resolution table and in errors, so a user is told where to fix a bad
 * value.
 *
 * @param sdkRoot      {@code hip.sdkRoot}
 * @param hipcc        {@code hip.hipcc}
 * @param clangDir     {@code hip.clangDir}
 * @param includeDir   {@code hip.includeDir}
 * @param libDir       {@code hip.libDir}
 * @param deviceLibDir {@code hip.deviceLibDir}
 * @param runtimeDll   {@code hip.runtimeDll}
 * @param places       where the overrides not given with {@code -D} came from, by property name
 *                     (e.g. {@code hip.libDir → CONFIGURATION}); never {@code null}
 * @param hints        how the front end words a parameter in the resolver's messages ({@code -Dhip.sdkRoot=<dir>}
 *                     from Maven) and in the origin of a value given on its command line; never {@code null}
 */
public record SdkOverrides(Path sdkRoot, Path hipcc, Path clangDir, Path includeDir, Path libDir, Path deviceLibDir,
                           Path runtimeDll, Map<String, Place> places, ParameterHints hints) {

    /** Where in the POM an override was spelled. */
    public enum Place {
        /** The plugin's {@code <configuration>}: {@code <libDir>}. */
        CONFIGURATION,
        /** A project property: {@code <hip.libDir>} in {@code <properties>}. */
        PROJECT_PROPERTY,
        /** A property of an active profile in settings.xml: {@code <hip.libDir>} in its {@code <properties>}. */
        SETTINGS_PROPERTY
    }

    public SdkOverrides {
        places = Map.copyOf(places);
        java.util.Objects.requireNonNull(hints, "hints");
    }

    /** Overrides from Maven ({@link ParameterHints#MAVEN}), spelled in the {@code places} given. */
    public SdkOverrides(Path sdkRoot, Path hipcc, Path clangDir, Path includeDir, Path libDir, Path deviceLibDir,
                        Path runtimeDll, Map<String, Place> places) {
        this(sdkRoot, hipcc, clangDir, includeDir, libDir, deviceLibDir, runtimeDll, places, ParameterHints.MAVEN);
    }

    /** Overrides all given on the command line (or where it is not known). */
    public SdkOverrides(Path sdkRoot, Path hipcc, Path clangDir, Path includeDir, Path libDir, Path deviceLibDir,
                        Path runtimeDll) {
        this(sdkRoot, hipcc, clangDir, includeDir, libDir, deviceLibDir, runtimeDll, Map.of());
    }

    /** No overrides. */
    public static SdkOverrides none() {
        return new SdkOverrides(null, null, null, null, null, null, null);
    }

    /**
     * Where the override of {@code property} was given: {@code -Dhip.libDir} for the command
     * line, {@code <libDir> in the POM} for the plugin's configuration, {@code the POM property
     * hip.libDir} for a project property, {@code the settings.xml property hip.libDir} for a
     * property of an active settings.xml profile.
     */
    public Origin originOf(String property) {
        Place place = places.get(property);
        if (place == Place.CONFIGURATION) {
            return new Origin("<" + property.substring(property.indexOf('.') + 1) + "> in the POM");
        }
        if (place == Place.PROJECT_PROPERTY) {
            return new Origin("the POM property " + property);
        }
        if (place == Place.SETTINGS_PROPERTY) {
            return new Origin("the settings.xml property " + property);
        }
        return new Origin(hints.name(property));
    }

    static Optional<Path> of(Path p) {
        return Optional.ofNullable(p);
    }
}
