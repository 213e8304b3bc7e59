package dev.hipdll.sdk;

import java.nio.file.Path;
import java.util.Optional;

/**
 * The user's explicit choices for HIP SDK components (each {@code null} when not set).
 *
 * @param sdkRoot      {@code hip.sdkRoot}
 * @param hipcc        {@code hip.hipcc}
 * @param clangDir     {@code hip.clangDir}
 * @param includeDir   {@code hip.includeDir}
 * @param libDir       {@code hip.libDir}
 * @param deviceLibDir {@code hip.deviceLibDir}
 * @param runtimeDll   {@code hip.runtimeDll}
 */
public record SdkOverrides(Path sdkRoot, Path hipcc, Path clangDir, Path includeDir, Path libDir, Path deviceLibDir,
                           Path runtimeDll) {
    /** No overrides. */
    public static SdkOverrides none() {
        return new SdkOverrides(null, null, null, null, null, null, null);
    }

    static Optional<Path> of(Path p) {
        return Optional.ofNullable(p);
    }
}
