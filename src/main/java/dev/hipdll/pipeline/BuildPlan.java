package dev.hipdll.pipeline;

import dev.hipdll.digest.FileDigests;
import dev.hipdll.compile.BatchWrapper;
import dev.hipdll.compile.BuildFailedException;
import dev.hipdll.compile.BuildSetup;
import dev.hipdll.compile.BuildStep;
import dev.hipdll.compile.CompilationDatabase;
import dev.hipdll.compile.CompileRequest;
import dev.hipdll.compile.CompilerLauncher;
import dev.hipdll.compile.Driver;
import dev.hipdll.compile.ReproducibleBuild;
import dev.hipdll.compile.StepPlanRequest;
import dev.hipdll.compile.StepPlanner;
import dev.hipdll.environment.ScrubResult;
import dev.hipdll.host.OsFamily;
import dev.hipdll.incremental.HeaderFiles;
import dev.hipdll.incremental.StampInputs;
import dev.hipdll.io.OutputDirectory;
import dev.hipdll.io.OutputPlacement;
import dev.hipdll.io.UnwritableDirectoryException;
import dev.hipdll.provenance.ToolchainKey;
import dev.hipdll.sdk.HipSdk;
import dev.hipdll.sdk.SdkLibraries;
import dev.hipdll.sdk.SdkLibrary;
import dev.hipdll.sdk.SdkResolutionException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeSet;

/**
 * What one build will do, decided before anything runs: the output checked and placed, the SDK libraries resolved,
 * the whole step graph planned ({@link StepPlanner}), the DLL-level stamp's inputs, and the compiler launcher. Every
 * mode plans the same graph: a DLL build runs it all, a shard build its device compiles, a merge build answers device
 * compiles from shards ({@link HipDllBuild}).
 *
 * @param request     the build request
 * @param setup       the SDK, MSVC pin and scrubbed environment
 * @param output      the DLL, absolute
 * @param libraries   the SDK libraries linked by name ({@code hip.libraries})
 * @param compile     the compile request the steps were planned from
 * @param steps       every step: device compiles, bundles, host compiles, the link
 * @param stepDir     where the steps' outputs and records live ({@code <output directory>/steps})
 * @param tempDir     this build's temporary directory (not created yet; {@link TemporaryDirectories})
 * @param digests     the build's shared file digests
 * @param headerFiles the headers of the project's include places, for the keys
 * @param stampInputs the DLL-level stamp's inputs
 * @param launcher    the compiler launcher, prepared, if one is set ({@code hip.compilerLauncher})
 * @param publisher   writes the checksum and provenance beside the DLL
 */
record BuildPlan(HipDllBuildRequest request, BuildSetup setup, Path output, List<SdkLibrary> libraries,
                 CompileRequest compile, List<BuildStep> steps, Path stepDir, Path tempDir, FileDigests digests,
                 HeaderFiles headerFiles, StampInputs stampInputs, Optional<CompilerLauncher> launcher,
                 DllPublisher publisher) {

    /**
     * Plans the build.
     *
     * @param setup the SDK, MSVC pin and environment
     * @param r     the request
     * @param log   the build's log (the SDK libraries are logged)
     * @return the plan
     * @throws BuildFailedException when the output is misplaced (a directory, inside the sources or the SDK), hipcc is
     *                              a batch wrapper, an SDK library is missing, or {@code sdkFingerprint} is not this
     *                              SDK's key
     * @throws IOException          when the output directory cannot be prepared or a file not read
     */
    static BuildPlan prepare(BuildSetup setup, HipDllBuildRequest r, BuildListener log)
            throws BuildFailedException, IOException {
        HipSdk sdk = setup.sdk();
        if (r.options().driver() == Driver.HIPCC && sdk.hipccIsBatchWrapper()) {
            throw BatchWrapper.refusal(sdk.hipcc().path(), r.setup().overrides().hints()); // before any step runs
        }
        Path output = r.output().toAbsolutePath().normalize();
        Path outDir = r.outputDirectory();
        try {
            OutputDirectory.prepare(outDir, "output directory", "hip.outputDirectory");
        } catch (UnwritableDirectoryException e) {
            throw new BuildFailedException(e.getMessage());
        }
        if (Files.isDirectory(output)) {
            throw new BuildFailedException("the output " + output + " is a directory, not a DLL: remove it, or name"
                    + " another file with hip.outputName");
        }
        try { // the outputs stay off the sources, include directories and the SDK
            List<Path> inputs = new ArrayList<>(r.units().includeDirs());
            inputs.add(sdk.root().path());
            OutputPlacement.check(outDir, BuildOutputs.names(output.getFileName().toString()), r.units().sources(),
                    r.units().sourceDirectory(), inputs);
        } catch (IllegalArgumentException e) {
            throw new BuildFailedException(e.getMessage());
        }
        BuildOptions o = r.options();
        List<SdkLibrary> libraries;
        try {
            libraries = SdkLibraries.resolve(sdk, r.units().libraries());
        } catch (SdkResolutionException e) {
            throw new BuildFailedException(e.getMessage());
        }
        libraries.forEach(l -> log.info("SDK library " + l.name() + ": " + l.lib() + " (" + l.origin().description()
                + "), imports " + l.dll()));
        CompileRequest compile = new CompileRequest(sdk, r.targets(), r.units().sources(), r.units().includeDirs(),
                r.units().defines(), r.units().compilerArgs(), o.staticRuntime(), output, r.units().languages(),
                libraries);
        OsFamily os = r.host().os();
        Path stepDir = outDir.resolve("steps");
        Path tempDir = TemporaryDirectories.forThisBuild(outDir);
        List<BuildStep> steps = StepPlanner.plan(new StepPlanRequest(compile, r.units().sourceDirectory(), r.basedir(),
                stepDir, tempDir.resolve(output.getFileName()), o.driver(), os, new ReproducibleBuild(o.outputTimestamp()),
                o.bundleVersion(), o.hardening()));
        FileDigests digests = new FileDigests();
        // the headers of the project's include places: the dependency file names only those read, not where the
        // compiler looked first, so a header added there (shadowing one read) must rebuild (HeaderFiles)
        List<Path> headerRoots = new ArrayList<>();
        headerRoots.add(r.units().sourceDirectory());
        headerRoots.addAll(r.units().includeDirs());
        HeaderFiles headerFiles = HeaderFiles.of(headerRoots, r.buildDirectory());
        SortedMap<String, String> stampParameters = StampParameters.of(r);
        stampParameters.put("header files in the source and include directories", headerFiles.summary());
        if (!libraries.isEmpty()) { // another hipblas.lib rebuilds
            List<String> libs = new ArrayList<>();
            for (SdkLibrary l : libraries) {
                libs.add(l.name() + " " + l.lib() + " sha256:" + digests.of(l.lib()));
            }
            stampParameters.put("SDK libraries", String.join(", ", libs));
        }
        ScrubResult env = setup.environment();
        StampInputs stampInputs = new StampInputs(r.stamp().pluginVersion(), stampParameters,
                r.targets().targets().stream().map(Object::toString).toList(), r.units().sources(),
                r.units().sourceDirectory(), sdk, setup.msvc().map(m -> m.toolset().version()),
                setup.msvc().map(m -> m.windowsSdk().version()), env.environment().toMap(), os == OsFamily.WINDOWS,
                output, keyedVariables(r, env));
        checkToolchainKey(o.sdkFingerprint(), setup, digests, log);
        Optional<CompilerLauncher> launcher = Optional.empty();
        if (o.compilerLauncher() != null) {
            // ccache and sccache read a configuration file of the build's own, not the user's or the system's
            launcher = Optional.of(CompilerLauncher.resolve(o.compilerLauncher(), r.host(), r.basedir())
                    .prepared(outDir.resolve("launcher")));
        }
        DllPublisher publisher = new DllPublisher(compile, steps, r, setup, digests, log, launcher);
        return new BuildPlan(r, setup, output, List.copyOf(libraries), compile, List.copyOf(steps), stepDir, tempDir,
                digests, headerFiles, stampInputs, launcher, publisher);
    }

    /** The output directory. */
    Path outputDirectory() {
        return request.outputDirectory();
    }

    /** The environment every step runs in (scrubbed). */
    Map<String, String> compilerEnvironment() {
        return setup.environment().environment().toMap();
    }

    /** The SDK. */
    HipSdk sdk() {
        return setup.sdk();
    }

    /** The host's OS family. */
    OsFamily os() {
        return request.host().os();
    }

    /** {@code compile_commands.json} in the output directory. */
    Path compilationDatabase() {
        return outputDirectory().resolve(CompilationDatabase.FILE_NAME);
    }

    /**
     * What a failed build leaves of the output, for its message: {@code the previous coli_hip.dll is unchanged}, or
     * {@code nothing was published} when there was none.
     */
    String previousOutput() {
        return Files.exists(output) ? "the previous " + output.getFileName() + " is unchanged" : "nothing was published";
    }

    /** The DLLs the linked SDK libraries import, each once ({@code hipblas.dll}). */
    List<String> libraryDlls() {
        return libraries.stream().map(SdkLibrary::dll).distinct().toList();
    }

    /** The names that count in every step's key and in the stamp ({@link #keyedVariables(HipDllBuildRequest, ScrubResult)}). */
    Set<String> keyedVariables() {
        return keyedVariables(request, setup.environment());
    }

    /** A file as a reason names it: relative to the source directory, else the project, else as is. */
    String nameOf(Path p) {
        Path abs = p.toAbsolutePath().normalize();
        for (Path base : List.of(request.units().sourceDirectory(), request.basedir())) {
            Path b = base.toAbsolutePath().normalize();
            if (abs.startsWith(b)) {
                String rel = b.relativize(abs).toString().replace('\\', '/');
                String kind = request.units().sources().stream().anyMatch(s -> s.toAbsolutePath().normalize().equals(abs))
                        ? "source " : rel.endsWith(".h") || rel.endsWith(".hpp") || rel.endsWith(".cuh") ? "header " : "";
                return kind + rel;
            }
        }
        return abs.toString();
    }

    /**
     * The names that count in every step's key and in the stamp besides {@link dev.hipdll.incremental.CompilerEnvironment}'s
     * own list: those set through {@code environmentVariables}, and every variable the scrub would have removed but
     * kept (the compiler launcher's {@code CCACHE_*}/{@code SCCACHE_*} with {@code hip.compilerLauncher}, and those
     * {@code keepVariables} exempts, code-running ones included): a build without a launcher
     * variable said "up to date" after one with it.
     */
    static Set<String> keyedVariables(HipDllBuildRequest r, ScrubResult env) {
        Set<String> keyed = new TreeSet<>(r.setup().scrub().set().keySet());
        keyed.addAll(env.keptNames());
        return keyed;
    }

    /**
     * With {@code sdkFingerprint} set (the build cache's key of the SDK, written by the plugin's build
     * extension before the build started): stops unless it is the {@link ToolchainKey} of the SDK and toolset
     * this build resolved, so no DLL is cached under another SDK's key.
     */
    static void checkToolchainKey(String expected, BuildSetup setup, FileDigests digests, BuildListener log)
            throws BuildFailedException, IOException {
        if (expected == null) {
            return;
        }
        ToolchainKey key = ToolchainKey.of(setup.sdk(), setup.msvc().map(m -> m.toolset().version()),
                setup.msvc().map(m -> m.windowsSdk().version()), digests);
        if (!key.value().equals(expected)) {
            throw new BuildFailedException("sdkFingerprint is " + expected + ", but the HIP SDK and toolset this build"
                    + " resolved have the key " + key.value() + " (" + String.join("; ", key.lines()) + "). The build"
                    + " cache would file this DLL under another SDK's key; let the plugin's build extension set it"
                    + " (<extensions>true</extensions>, docs/build-cache.md) instead of setting it by hand");
        }
        log.info("HIP SDK and toolset key " + key.value() + ": the build cache's (sdkFingerprint)");
    }
}
