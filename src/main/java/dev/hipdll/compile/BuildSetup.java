package dev.hipdll.compile;

import dev.hipdll.host.EnvironmentException;
import dev.hipdll.environment.EnvironmentScrubber;
import dev.hipdll.sdk.HipVariables;
import dev.hipdll.environment.ScrubPolicy;
import dev.hipdll.environment.ScrubResult;
import dev.hipdll.host.Host;
import dev.hipdll.msvc.MsvcEnvironment;
import dev.hipdll.msvc.MsvcRequest;
import dev.hipdll.msvc.MsvcResolutionException;
import dev.hipdll.msvc.MsvcResolver;
import dev.hipdll.process.ProcessRunner;
import dev.hipdll.sdk.HipSdk;
import dev.hipdll.sdk.HipSdkResolver;
import dev.hipdll.sdk.HipToolchain;
import dev.hipdll.sdk.SdkOverrides;
import dev.hipdll.sdk.SdkResolutionException;
import dev.hipdll.sdk.ToolchainSelector;
import java.util.List;
import java.util.Optional;

/**
 * Everything decided before hipcc runs, in order: the HIP SDK (with the {@code hip} toolchain
 * chosen from toolchains.xml), the MSVC pin on Windows, and hipcc's scrubbed environment. The
 * same value serves the build, and anything else that must see the machine as the build sees it.
 *
 * @param sdk         the resolved SDK
 * @param msvc        the MSVC pin; empty off Windows
 * @param environment the environment hipcc runs in, with every change made to the inherited one
 */
public record BuildSetup(HipSdk sdk, Optional<MsvcEnvironment> msvc, ScrubResult environment) {

    /**
     * Decides the setup.
     *
     * @param host             the host
     * @param overrides        the SDK component overrides
     * @param toolchains       the {@code hip} toolchains of toolchains.xml (possibly none)
     * @param toolchainVersion {@code hip.toolchainVersion}, or {@code null}
     * @param msvcRequest      the MSVC choices (ignored off Windows)
     * @param policy           the scrub policy
     * @param vswhereRunner    runs vswhere (carries its timeout)
     * @throws SdkResolutionException  when the SDK or a component cannot be resolved
     * @throws MsvcResolutionException when the toolset or Windows SDK cannot be pinned
     * @throws EnvironmentException    when a variable the build reads is padded with whitespace
     */
    public static BuildSetup prepare(Host host, SdkOverrides overrides, List<HipToolchain> toolchains,
                                     String toolchainVersion, MsvcRequest msvcRequest, ScrubPolicy policy,
                                     ProcessRunner vswhereRunner)
            throws SdkResolutionException, MsvcResolutionException, EnvironmentException {
        Optional<HipToolchain> toolchain = ToolchainSelector.select(toolchains, toolchainVersion);
        HipSdk sdk = new HipSdkResolver(host).resolve(overrides, toolchain);
        Optional<MsvcEnvironment> msvc = new MsvcResolver(host, vswhereRunner).resolve(msvcRequest);
        ScrubResult env = new EnvironmentScrubber(policy).scrub(host.environment(), sdk.root().path(),
                HipVariables.of(sdk), msvc.map(m -> List.of(m.additions(host.os()))).orElse(List.of()));
        return new BuildSetup(sdk, msvc, env);
    }
}
