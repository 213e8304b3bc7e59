package dev.hipdll.testing;

import dev.hipdll.pipeline.BuildListener;
import dev.hipdll.pipeline.BuildOptions;
import dev.hipdll.pipeline.BuildRequestBuilder;
import dev.hipdll.pipeline.HipDllBuild;
import dev.hipdll.pipeline.HipDllBuildRequest;
import dev.hipdll.pipeline.HipDllBuildResult;
import dev.hipdll.pipeline.StampContext;
import dev.hipdll.compile.BuildFailedException;
import dev.hipdll.compile.BuildSetup;
import dev.hipdll.compile.Driver;
import dev.hipdll.compile.LaunchOptions;
import dev.hipdll.host.Environment;
import dev.hipdll.environment.ScrubResult;
import dev.hipdll.host.Host;
import dev.hipdll.host.OsFamily;
import dev.hipdll.sdk.HipSdk;
import dev.hipdll.sdk.HipSdkResolver;
import dev.hipdll.sdk.SdkOverrides;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Builds for tests through the core ({@link HipDllBuild}): a copy of the example backend in a project
 * directory, {@link HipDllBuildRequest}s for it with the stand-in SDK (or any hand-made
 * {@link HipSdk}, see {@link FakeSdk}), and a {@link BuildListener} that collects the log.
 */
public final class StandinBuild {
    /** The example's translation units, relative to its {@code src/main/hip}. */
    public static final List<String> EXAMPLE_UNITS = List.of("backend_cuda.cu", "cuda_chain.cu");

    private StandinBuild() {
    }

    /** The stand-in SDK, resolved as hipdll:build resolves -Dhip.sdkRoot. */
    public static HipSdk sdk() throws Exception {
        Path root = Toolchain.standinSdk();
        return new HipSdkResolver(false, Map.of()).resolve(new SdkOverrides(root, null, null, null, null, null, null));
    }

    /** Copies the example's {@code src/main/hip} into {@code project/src/main/hip}. */
    public static void copyExample(Path project) throws IOException {
        Trees.copy(Toolchain.exampleDir().resolve("src/main/hip"), project.resolve("src/main/hip"));
    }

    /**
     * The options of a test build: static runtime, hipcc as the driver, 2 workers, plain bundles, the
     * given step timeout, a 30 s heartbeat, the default command-line limit, no force, progress at info,
     * no reproducible mode.
     */
    public static BuildOptions options(Duration stepTimeout) {
        return options(stepTimeout, Duration.ofSeconds(30), LaunchOptions.DEFAULT_COMMAND_LINE_LIMIT, 2);
    }

    /** {@link #options(Duration)} with the heartbeat, command-line limit and workers given. */
    public static BuildOptions options(Duration stepTimeout, Duration heartbeat, int commandLineLimit, int jobs) {
        return new BuildOptions(true, Driver.HIPCC, jobs, Optional.empty(), stepTimeout, heartbeat, commandLineLimit,
                false, true, null);
    }

    /**
     * A request for the copied example in {@code project} (both units, {@code include/}), output
     * {@code target/hipdll/coli_hip.dll}, the SDK resolved from {@code -Dhip.sdkRoot=<stand-in>} on a
     * Linux host whose environment is {@code PATH} alone.
     */
    public static HipDllBuildRequest request(Path project, String arch, List<String> compilerArgs, BuildOptions options)
            throws Exception {
        Path hip = project.resolve("src/main/hip");
        return request(project, hip, EXAMPLE_UNITS.stream().map(hip::resolve).toList(), List.of(hip.resolve("include")),
                arch, compilerArgs, project.resolve("target/hipdll/coli_hip.dll"), options,
                Host.of(OsFamily.UNIX, Map.of("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"))),
                Toolchain.standinSdk());
    }

    /**
     * A request with every part given.
     *
     * @param project   the project base directory (every step's working directory); {@code target} in it is the
     *                  build directory
     * @param sourceDir the directory the units are named relative to
     * @param sources   the translation units
     * @param includes  the extra include directories
     * @param arch      {@code hip.arch}
     * @param compilerArgs extra compiler arguments
     * @param output    the DLL
     * @param options   the options
     * @param host      the host (its environment is what {@link HipDllBuild#run(HipDllBuildRequest,
     *                  java.util.function.BooleanSupplier, BuildListener)} scrubs)
     * @param sdkRoot   {@code -Dhip.sdkRoot} (used only when the SDK is resolved from the request)
     */
    public static HipDllBuildRequest request(Path project, Path sourceDir, List<Path> sources, List<Path> includes,
                                             String arch, List<String> compilerArgs, Path output, BuildOptions options,
                                             Host host, Path sdkRoot) throws Exception {
        return new BuildRequestBuilder().host(host).sdk(new SdkOverrides(sdkRoot, null, null, null, null, null, null))
                .sources(sourceDir, sources, List.of()).includeDirectories(includes).compilerArgs(compilerArgs)
                .arch(arch).output(output).options(options).project(project, project.resolve("target"))
                .plugin(new StampContext("test", "dev.hipdll:hipdll-maven-plugin:test")).build();
    }

    /** A setup decided by hand: {@code sdk}, no MSVC pin, {@code environment} as the compiler's, unscrubbed. */
    public static BuildSetup setup(HipSdk sdk, Map<String, String> environment) {
        return new BuildSetup(sdk, Optional.empty(), new ScrubResult(Environment.of(OsFamily.UNIX, environment), List.of()));
    }

    /** Builds {@code r}, resolving and scrubbing as hipdll:build does; no verify follows. */
    public static HipDllBuildResult build(HipDllBuildRequest r, BuildListener log) throws BuildFailedException, IOException {
        return new HipDllBuild().run(r, () -> false, log);
    }

    /** Builds {@code r} with a hand-made setup; no verify follows. */
    public static HipDllBuildResult build(BuildSetup setup, HipDllBuildRequest r, BuildListener log)
            throws BuildFailedException, IOException {
        return new HipDllBuild().run(setup, r, () -> false, log);
    }

    /** A listener that adds every line (info, warn and debug, prefixed {@code WARN }/{@code DEBUG }) to a synchronized list. */
    public static final class Lines implements BuildListener {
        private final List<String> lines = Collections.synchronizedList(new ArrayList<>());

        @Override
        public void info(String line) {
            lines.add(line);
        }

        @Override
        public void warn(String line) {
            lines.add("WARN " + line);
        }

        @Override
        public void debug(String line) {
            lines.add("DEBUG " + line);
        }

        @Override
        public void error(String line) {
            lines.add("ERROR " + line);
        }

        /** A copy of the lines so far. */
        public List<String> all() {
            synchronized (lines) {
                return new ArrayList<>(lines);
            }
        }

        /** The info lines so far. */
        public List<String> info() {
            return all().stream().filter(l -> !l.startsWith("WARN ") && !l.startsWith("DEBUG ")
                    && !l.startsWith("ERROR ")).toList();
        }

        /** The errors so far, without the prefix. */
        public List<String> errors() {
            return all().stream().filter(l -> l.startsWith("ERROR ")).map(l -> l.substring(6)).toList();
        }

        /** The warnings so far, without the prefix. */
        public List<String> warnings() {
            return all().stream().filter(l -> l.startsWith("WARN ")).map(l -> l.substring(5)).toList();
        }
    }

    /** A listener that drops everything. */
    public static BuildListener quiet() {
        return new Lines();
    }
}
