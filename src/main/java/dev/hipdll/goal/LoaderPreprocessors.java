package dev.hipdll.goal;

import dev.hipdll.contract.LoaderPreprocessor;
import dev.hipdll.environment.CompilerVariables;
import dev.hipdll.gate.GateEvent;
import dev.hipdll.host.Host;
import dev.hipdll.process.ProcessRunner;
import dev.hipdll.sdk.HipSdkResolver;
import dev.hipdll.sdk.HipToolchain;
import dev.hipdll.sdk.SdkOverrides;
import dev.hipdll.sdk.SdkResolutionException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The HIP SDK's clang as the reader of a loader source ({@code clang -E}), when the SDK resolves: the contract is
 * then read as the host's compiler reads it. Which reader is used, and why, is said as an event.
 */
public final class LoaderPreprocessors {
    private LoaderPreprocessors() {
    }

    /**
     * The SDK's clang, run in an environment without another ROCm/HIP install's variables, or empty when the
     * SDK does not resolve.
     *
     * @param host      this machine
     * @param overrides the user's {@code hip.sdkRoot} (and whatever else the goal takes)
     * @param toolchain the {@code hip} toolchain of toolchains.xml, if any
     * @param timeout   how long {@code clang -E} may run
     * @param events    receives one INFO line saying which reader reads the loader source
     */
    public static Optional<LoaderPreprocessor> forSdk(Host host, SdkOverrides overrides,
                                                      Optional<HipToolchain> toolchain, Duration timeout,
                                                      List<GateEvent> events) {
        try {
            Path clang = new HipSdkResolver(host).resolveClangDir(overrides, toolchain).path()
                    .resolve(host.executable("clang"));
            events.add(GateEvent.info("contract: the loader source is read as the SDK's clang preprocesses it ("
                    + clang + " -E)"));
            // another ROCm/HIP install's variables (HIP_PATH, ...) steer clang too: none reaches this run
            return Optional.of(new LoaderPreprocessor(clang, new ProcessRunner(timeout), CompilerVariables.load()
                    .withoutToolchainVariables(host.environment().toMap(), host.isWindows())));
        } catch (SdkResolutionException e) {
            String why = e.getMessage() == null ? "" : e.getMessage().lines().findFirst().orElse("");
            events.add(GateEvent.info("contract: the SDK's clang is not at hand (" + why + "): the loader source is"
                    + " read without it, and a RESOLVE use through a macro that reader does not expand fails the goal"));
            return Optional.empty();
        }
    }
}
