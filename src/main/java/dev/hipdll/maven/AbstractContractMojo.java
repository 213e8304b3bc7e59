package dev.hipdll.maven;

import dev.hipdll.contract.AbiContract;
import dev.hipdll.contract.LoaderPreprocessor;
import dev.hipdll.sdk.HipToolchain;
import dev.hipdll.sdk.SdkOverrides;
import dev.hipdll.sdk.SdkResolutionException;
import java.io.File;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * The contract parameters of the goals that check a DLL against the ABI contract (hipdll:verify,
 * hipdll:load-check), mapped to the core's {@link ContractSource}: one of {@code hip.contract} (declared
 * by each goal, whose description says what it does with the names), {@code hip.exports},
 * {@code hip.exportsFile}, else {@code hip.expectedExports} (also declared by each goal) prefixed names.
 * A loader source is read as the HIP SDK's clang preprocesses it when the SDK resolves
 * ({@link LoaderPreprocessor}); else by the plugin's own reader, which fails closed on a {@code RESOLVE} use
 * through a macro it does not expand. Which of the two read it is logged.
 */
abstract class AbstractContractMojo extends AbstractHipdllMojo {

    /** The contract as an explicit list of export names ({@code name?} marks an optional one). */
    @Parameter(property = "hip.exports")
    List<String> exports;

    /** The contract as a file: one export name per line, {@code #} comments, {@code name?} optional. */
    @Parameter(property = "hip.exportsFile")
    File exportsFile;

    /**
     * The prefix of every contract export; unset: the prefix the loader source ({@code hip.contract}) spells
     * ({@code "vecops_" #name}), else {@code coli_cuda_}. Set and different from the loader's, {@code exports.prefix} fails.
     */
    @Parameter(property = "hip.exportPrefix")
    String exportPrefix;

    /**
     * After {@code hipdll:build} ran as a shard build ({@code hip.shard=device}) in this build of the project, there
     * is no DLL to check: the goal says so and skips itself (the merge build's run of it checks the DLL).
     */
    @Override
    Optional<String> selfSkip() {
        boolean projectPresent = session != null && session.getRequest() != null && session.getRequest().isProjectPresent();
        return BuiltDllContext.shard(projectPresent ? session.getCurrentProject() : null)
                .map(dir -> "hipdll:build ran as a shard build (hip.shard=device) and linked no DLL; the shard is "
                        + dir + ", and the merge build (hip.shards) checks the DLL");
    }

    /**
     * From the command line inside a project: the configuration of the POM's one execution of this goal
     * ({@link CliExecutionConfiguration}), logged when it applies; in a multi-module build, the warning that
     * the goal runs once ({@link ReactorOnce}). The goals call it first.
     */
    void useTheProjectsExecutionConfiguration(org.apache.maven.execution.MavenSession session) {
        String once = ReactorOnce.warning(mojoExecution == null ? "?" : mojoExecution.getGoal(), mojoExecution, session);
        if (once != null) {
            getLog().warn(once);
        }
        String line = CliExecutionConfiguration.apply(this, session, mojoExecution);
        if (line != null) {
            getLog().info(line);
        }
    }

    /** The default of {@code hip.exportPrefix}. */
    static final String DEFAULT_PREFIX = dev.hipdll.goal.ContractSettings.DEFAULT_PREFIX;

    /**
     * The contract from exactly one source, else the count contract of {@code expectedExports} prefixed names.
     *
     * @param loaderSource    the goal's {@code hip.contract}, or {@code null}
     * @param expectedExports the goal's {@code hip.expectedExports}
     * @throws MojoFailureException "contract: ..." when more than one source is given, one is malformed or a
     *                              file cannot be read
     */
    AbiContract contract(File loaderSource, int expectedExports) throws MojoFailureException {
        dev.hipdll.goal.ContractSettings settings = new dev.hipdll.goal.ContractSettings(path(loaderSource), exports,
                path(exportsFile), expectedExports, exportPrefix);
        try {
            settings.checkCount();
            return settings.load(settings.loaderOnly() ? loaderPreprocessor() : Optional.empty());
        } catch (dev.hipdll.parameter.ParameterException e) {
            throw parameterError(e.getMessage());
        } catch (dev.hipdll.goal.SetupException e) {
            throw new MojoFailureException(e.getMessage());
        }
    }

    /**
     * The SDK's clang for reading the loader source ({@link #sdkForContract}), or empty, with the reason logged,
     * when the SDK does not resolve.
     */
    private Optional<LoaderPreprocessor> loaderPreprocessor() {
        Sdk sdk;
        try {
            sdk = sdkForContract();
        } catch (SdkResolutionException e) {
            String why = e.getMessage() == null ? "" : e.getMessage().lines().findFirst().orElse("");
            getLog().info("contract: the SDK's clang is not at hand (" + why + "): the loader source is read without"
                    + " it, and a RESOLVE use through a macro that reader does not expand fails the goal");
            return Optional.empty();
        }
        List<dev.hipdll.gate.GateEvent> events = new java.util.ArrayList<>();
        Optional<LoaderPreprocessor> clang = dev.hipdll.goal.LoaderPreprocessors.forSdk(host(), sdk.overrides(),
                sdk.toolchain(), contractTimeout(), events);
        events.forEach(e -> getLog().info(e.text()));
        return clang;
    }

    /**
     * How this goal finds the HIP SDK.
     *
     * @param overrides the user's {@code hip.sdkRoot} (and whatever else the goal takes)
     * @param toolchain the {@code hip} toolchain chosen from toolchains.xml, if any
     */
    record Sdk(SdkOverrides overrides, Optional<HipToolchain> toolchain) {
    }

    /** The goal's SDK choice ({@code hip.sdkRoot}, toolchains.xml, the environment). */
    abstract Sdk sdkForContract() throws SdkResolutionException;

    /** How long {@code clang -E} of the loader source may run. */
    Duration contractTimeout() {
        return LoaderPreprocessor.DEFAULT_TIMEOUT;
    }

    /** {@code hip.sdkRoot} alone as overrides, with where it was spelled. */
    SdkOverrides sdkRootOnly(File sdkRoot) {
        return new SdkOverrides(path(sdkRoot), null, null, null, null, null, null,
                CommandLineProperties.places(session, Collections.singletonMap("hip.sdkRoot", sdkRoot)));
    }
}
