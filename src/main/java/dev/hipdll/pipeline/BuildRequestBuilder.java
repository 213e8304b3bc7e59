package dev.hipdll.pipeline;

import dev.hipdll.compile.Driver;
import dev.hipdll.compile.HardeningFlags;
import dev.hipdll.compile.LaunchOptions;
import dev.hipdll.compile.SourceLanguages;
import dev.hipdll.host.EnvironmentException;
import dev.hipdll.environment.ScrubPolicy;
import dev.hipdll.gfx.GfxTargetList;
import dev.hipdll.gfx.InvalidTargetException;
import dev.hipdll.host.Host;
import dev.hipdll.msvc.MsvcRequest;
import dev.hipdll.sdk.HipToolchain;
import dev.hipdll.sdk.SdkOverrides;
import dev.hipdll.trust.MachineKey;
import dev.hipdll.trust.TrustPolicy;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Assembles one {@link HipDllBuildRequest} from the build's parameters as a front end holds them: the one place a
 * request is made, shared by {@code hipdll:build} and the test harnesses, so what the stamp is derived from
 * ({@link StampParameters}) is made the same way everywhere.
 *
 * <p>Required: {@link #host}, {@link #sources}, {@link #arch}, {@link #output} and {@link #project}. Every other
 * value defaults as {@code hipdll:build}'s parameter does (static runtime, {@code hipcc}, one job per core, plain
 * bundles, a 3600 s step timeout, a 30 s heartbeat, the default command-line limit, progress at info, the critical
 * path first), except the hardening arguments: none unless {@link #hardening} is given (the linker's defaults).
 * Not thread-safe; each setter returns this builder.
 */
public final class BuildRequestBuilder {
    private Host host;
    private SdkOverrides sdk = SdkOverrides.none();
    private List<HipToolchain> toolchains = List.of();
    private String toolchainVersion;
    private MsvcRequest msvc = MsvcRequest.none();
    private List<String> scrubVariables = List.of();
    private List<String> keepVariables = List.of();
    private Map<String, String> environmentVariables = Map.of();
    private Path sourceDirectory;
    private List<Path> sources;
    private List<String> includes = List.of();
    private List<Path> includeDirectories = List.of();
    private List<String> defines = List.of();
    private List<String> compilerArgs = List.of();
    private SourceLanguages languages = SourceLanguages.BY_EXTENSION;
    private List<String> libraries = List.of();
    private String arch;
    private Path output;
    private boolean staticRuntime = true;
    private Driver driver = Driver.HIPCC;
    private int jobs;
    private Optional<Integer> bundleVersion = Optional.empty();
    private Duration stepTimeout = Duration.ofSeconds(3600);
    private Duration heartbeat = Duration.ofSeconds(30);
    private int commandLineLimit = LaunchOptions.DEFAULT_COMMAND_LINE_LIMIT;
    private boolean force;
    private boolean progress = true;
    private String outputTimestamp;
    private String compilerLauncher;
    private String sdkFingerprint;
    private Schedule schedule = Schedule.CRITICAL_PATH;
    private Optional<HardeningFlags> hardening = Optional.empty();
    private Path basedir;
    private Path buildDirectory;
    private StampContext plugin = new StampContext("unknown", "unknown");
    private TrustPolicy trust = TrustPolicy.none();
    private Optional<Path> recordKey;

    /** The machine: OS, environment (the one the scrub starts from), file system. */
    public BuildRequestBuilder host(Host value) {
        host = value;
        return this;
    }

    /** The SDK component overrides ({@code hip.sdkRoot}, {@code hip.hipcc}, ...), with where each was set. */
    public BuildRequestBuilder sdk(SdkOverrides value) {
        sdk = value;
        return this;
    }

    /** The {@code hip} toolchains of toolchains.xml and {@code hip.toolchainVersion} ({@code null}: the highest). */
    public BuildRequestBuilder toolchains(List<HipToolchain> value, String version) {
        toolchains = value;
        toolchainVersion = version;
        return this;
    }

    /** The MSVC choices ({@code hip.vsInstallDir}, {@code hip.vcToolsVersion}, ...). */
    public BuildRequestBuilder msvc(MsvcRequest value) {
        msvc = value;
        return this;
    }

    /** {@code scrubVariables}, {@code keepVariables} and {@code environmentVariables} ({@link ScrubPolicy#of}). */
    public BuildRequestBuilder environment(List<String> scrub, List<String> keep, Map<String, String> set) {
        scrubVariables = scrub;
        keepVariables = keep;
        environmentVariables = set;
        return this;
    }

    /**
     * The sources: the directory units are named relative to ({@code hip.sourceDirectory}), the translation units in
     * order, and the {@code includes} patterns they were found by (empty: listed by hand).
     */
    public BuildRequestBuilder sources(Path directory, List<Path> units, List<String> patterns) {
        sourceDirectory = directory;
        sources = units;
        includes = patterns;
        return this;
    }

    /** The include directories ({@code -I}), in order, as the compiles get them. */
    public BuildRequestBuilder includeDirectories(List<Path> value) {
        includeDirectories = value;
        return this;
    }

    /** {@code defines}. */
    public BuildRequestBuilder defines(List<String> value) {
        defines = value;
        return this;
    }

    /** {@code compilerArgs}. */
    public BuildRequestBuilder compilerArgs(List<String> value) {
        compilerArgs = value;
        return this;
    }

    /** {@code hip.hipSources} and {@code hip.hostSources}. */
    public BuildRequestBuilder languages(SourceLanguages value) {
        languages = value;
        return this;
    }

    /** {@code hip.libraries}. */
    public BuildRequestBuilder libraries(List<String> value) {
        libraries = value;
        return this;
    }

    /** {@code hip.arch}: comma-separated gfx target IDs. */
    public BuildRequestBuilder arch(String value) {
        arch = value;
        return this;
    }

    /** The DLL to write: {@code <hip.outputDirectory>/<hip.outputName>}. */
    public BuildRequestBuilder output(Path value) {
        output = value;
        return this;
    }

    /** {@code hip.staticRuntime}. */
    public BuildRequestBuilder staticRuntime(boolean value) {
        staticRuntime = value;
        return this;
    }

    /** {@code hip.driver}. */
    public BuildRequestBuilder driver(Driver value) {
        driver = value;
        return this;
    }

    /** {@code hip.jobs}: steps at once; 0: one per core. */
    public BuildRequestBuilder jobs(int value) {
        jobs = value;
        return this;
    }

    /** With {@code hip.offloadCompress}: {@code hip.bundleVersion}; empty: plain bundles. */
    public BuildRequestBuilder bundleVersion(Optional<Integer> value) {
        bundleVersion = value;
        return this;
    }

    /** {@code hip.timeout}: how long one step may run. */
    public BuildRequestBuilder timeout(Duration value) {
        stepTimeout = value;
        return this;
    }

    /** {@code hip.heartbeatSeconds}: the longest silence before a heartbeat line. */
    public BuildRequestBuilder heartbeat(Duration value) {
        heartbeat = value;
        return this;
    }

    /** {@code hip.commandLineLimit} (characters; 0: always a response file). */
    public BuildRequestBuilder commandLineLimit(int value) {
        commandLineLimit = value;
        return this;
    }

    /** {@code hip.force}. */
    public BuildRequestBuilder force(boolean value) {
        force = value;
        return this;
    }

    /** {@code hip.progress}. */
    public BuildRequestBuilder progress(boolean value) {
        progress = value;
        return this;
    }

    /** {@code project.build.outputTimestamp}, or {@code null}. */
    public BuildRequestBuilder outputTimestamp(String value) {
        outputTimestamp = value;
        return this;
    }

    /** {@code hip.compilerLauncher}, or {@code null}: also lets the launcher's variables pass the scrub. */
    public BuildRequestBuilder compilerLauncher(String value) {
        compilerLauncher = value;
        return this;
    }

    /** {@code sdkFingerprint}, or {@code null}. */
    public BuildRequestBuilder sdkFingerprint(String value) {
        sdkFingerprint = value;
        return this;
    }

    /** {@code hip.schedule}. */
    public BuildRequestBuilder schedule(Schedule value) {
        schedule = value;
        return this;
    }

    /** The mitigations of {@code hip.guardCf}, {@code hip.dynamicBase}, ... */
    public BuildRequestBuilder hardening(HardeningFlags value) {
        hardening = Optional.of(value);
        return this;
    }

    /** Every option of {@code o} (its compiler launcher also lets the launcher's variables pass the scrub). */
    public BuildRequestBuilder options(BuildOptions o) {
        staticRuntime = o.staticRuntime();
        driver = o.driver();
        jobs = o.jobs();
        bundleVersion = o.bundleVersion();
        stepTimeout = o.stepTimeout();
        heartbeat = o.heartbeat();
        commandLineLimit = o.commandLineLimit();
        force = o.force();
        progress = o.progress();
        outputTimestamp = o.outputTimestamp();
        compilerLauncher = o.compilerLauncher();
        sdkFingerprint = o.sdkFingerprint();
        schedule = o.schedule();
        hardening = o.hardening();
        return this;
    }

    /** The project base directory (every step's working directory) and its build directory ({@code target}). */
    public BuildRequestBuilder project(Path base, Path build) {
        basedir = base;
        buildDirectory = build;
        return this;
    }

    /** The plugin's version and coordinates; default {@code unknown}. */
    public BuildRequestBuilder plugin(StampContext value) {
        plugin = value;
        return this;
    }

    /** The run's trust policy; default {@link TrustPolicy#none()}. */
    public BuildRequestBuilder trust(TrustPolicy value) {
        trust = value;
        return this;
    }

    /** The file of this user's step record key; default where the host's environment says ({@link MachineKey#defaultFile}). */
    public BuildRequestBuilder recordKey(Optional<Path> value) {
        recordKey = value;
        return this;
    }

    /**
     * The request.
     *
     * @throws EnvironmentException     for a bad {@code scrubVariables}, {@code keepVariables} or
     *                                  {@code environmentVariables} ({@link ScrubPolicy#of})
     * @throws InvalidTargetException   for a bad {@code hip.arch}
     * @throws IllegalArgumentException for sources, compiler arguments or options the build refuses
     *                                  ({@link TranslationUnits}, {@link BuildOptions})
     * @throws NullPointerException     when a required value is missing
     */
    public HipDllBuildRequest build() throws EnvironmentException {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(sources, "sources");
        Objects.requireNonNull(output, "output");
        Objects.requireNonNull(basedir, "project");
        ScrubPolicy scrub = ScrubPolicy.of(scrubVariables, keepVariables, environmentVariables)
                .withLauncher(compilerLauncher);
        TranslationUnits units = new TranslationUnits(sourceDirectory, sources, includeDirectories, defines,
                compilerArgs, languages, libraries, includes);
        GfxTargetList targets = GfxTargetList.parse(Objects.requireNonNull(arch, "arch"), sdk.hints());
        BuildOptions options = new BuildOptions(staticRuntime, driver, jobs == 0
                ? Runtime.getRuntime().availableProcessors() : jobs, bundleVersion, stepTimeout, heartbeat,
                commandLineLimit, force, progress, outputTimestamp, compilerLauncher, sdkFingerprint, schedule,
                hardening);
        return new HipDllBuildRequest(host, new SetupInputs(sdk, toolchains, toolchainVersion, msvc, scrub), units,
                targets, output, options, basedir, buildDirectory == null ? basedir.resolve("target") : buildDirectory,
                plugin, trust, recordKey == null ? MachineKey.defaultFile(host) : recordKey);
    }
}
