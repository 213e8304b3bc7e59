package dev.hipdll.attestation;

import java.util.List;

/**
 * The parameters of a hipdll:build that the user controls and that decide the DLL, as the statement's
 * {@code buildDefinition.externalParameters} records them (SLSA provenance v1: "the parameters that are under
 * external control"). The gfx targets are taken from {@code provenance.json} (as the build parsed them).
 *
 * @param driver          {@code hipcc} or {@code clang} ({@code hip.driver})
 * @param staticRuntime   whether the static MSVC runtime is linked ({@code hip.staticRuntime})
 * @param defines         the extra preprocessor definitions ({@code defines})
 * @param compilerArgs    the extra compiler arguments ({@code compilerArgs})
 * @param bundleVersion   the compressed offload bundle version with {@code hip.offloadCompress}, else {@code null}
 */
public record ExternalParameters(String driver, boolean staticRuntime, List<String> defines,
                                 List<String> compilerArgs, Integer bundleVersion) {
    /** Copies the lists (a missing list is empty). */
    public ExternalParameters {
        defines = defines == null ? List.of() : List.copyOf(defines);
        compilerArgs = compilerArgs == null ? List.of() : List.copyOf(compilerArgs);
    }
}
