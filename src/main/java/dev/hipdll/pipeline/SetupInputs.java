package dev.hipdll.pipeline;

import dev.hipdll.environment.ScrubPolicy;
import dev.hipdll.msvc.MsvcRequest;
import dev.hipdll.sdk.HipToolchain;
import dev.hipdll.sdk.SdkOverrides;
import java.util.List;

/**
 * What the SDK, the MSVC pin and the scrubbed environment are decided from
 * ({@link dev.hipdll.compile.BuildSetup#prepare}).
 *
 * @param overrides        the SDK component overrides, with where each was set
 * @param toolchains       the {@code hip} toolchains of toolchains.xml (possibly none)
 * @param toolchainVersion {@code hip.toolchainVersion}, or {@code null}
 * @param msvc             the MSVC choices (used on Windows only)
 * @param scrub            the environment scrub policy
 */
public record SetupInputs(SdkOverrides overrides, List<HipToolchain> toolchains, String toolchainVersion,
                          MsvcRequest msvc, ScrubPolicy scrub) {
    /** Copies the list. */
    public SetupInputs {
        toolchains = List.copyOf(toolchains);
    }
}
