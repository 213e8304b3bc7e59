package dev.hipdll.build;

import dev.hipdll.artifact.FileDigests;
import dev.hipdll.bytes.BinaryFormatException;
import dev.hipdll.compile.BatchWrapper;
import dev.hipdll.compile.BuildFailedException;
import dev.hipdll.compile.BuildSetup;
import dev.hipdll.compile.BuildStep;
import dev.hipdll.compile.CompilationDatabase;
import dev.hipdll.compile.CompilerLauncher;
import dev.hipdll.compile.CompileRequest;
import dev.hipdll.compile.Driver;
import dev.hipdll.compile.LaunchOptions;
import dev.hipdll.compile.ReproducibleBuild;
import dev.hipdll.compile.StepKind;
import dev.hipdll.compile.StepPlanRequest;
import dev.hipdll.compile.StepPlanner;
import dev.hipdll.diagnosis.RuleBook;
import dev.hipdll.environment.EnvironmentChange;
import dev.hipdll.environment.EnvironmentException;
import dev.hipdll.environment.EnvironmentReport;
import dev.hipdll.environment.ScrubResult;
import dev.hipdll.graph.CriticalPath;
import dev.hipdll.graph.GraphListener;
import dev.hipdll.graph.GraphResult;
import dev.hipdll.graph.GraphRunner;
import dev.hipdll.graph.JobBudget;
import dev.hipdll.graph.StepGraph;
import dev.hipdll.graph.StepOutcome;
import dev.hipdll.host.OsFamily;
import dev.hipdll.incremental.CompilerEnvironment;
import dev.hipdll.incremental.HeaderFiles;
import dev.hipdll.incremental.IncrementalBuild;
import dev.hipdll.incremental.StampDecision;
import dev.hipdll.incremental.StampInputs;
import dev.hipdll.incremental.StampStore;
import dev.hipdll.incremental.StepDurations;
import dev.hipdll.io.InUseReplacement;
import dev.hipdll.io.IoProblem;
import dev.hipdll.io.OutputDirectory;
import dev.hipdll.io.OutputPlacement;
import dev.hipdll.compile.BuildOutputs;
import dev.hipdll.io.UnwritableDirectoryException;
import dev.hipdll.msvc.MsvcResolutionException;
import dev.hipdll.pe.DllImageCheck;
import dev.hipdll.process.BuildRun;
import dev.hipdll.process.ProcessRunner;
import dev.hipdll.provenance.PathPlaceholders;
import dev.hipdll.provenance.ToolchainKey;
import dev.hipdll.report.VerifyReports;
import dev.hipdll.artifact.Sha256;
import dev.hipdll.sdk.HipSdk;
import dev.hipdll.attestation.SigningKey;
import dev.hipdll.shard.ShardManifest;
import dev.hipdll.shard.ShardResult;
import dev.hipdll.shard.ShardSet;
import dev.hipdll.shard.ShardWriter;
import dev.hipdll.sdk.SdkLibraries;
import dev.hipdll.sdk.SdkLibrary;
import dev.hipdll.sdk.SdkProcessors;
import dev.hipdll.sdk.SdkResolutionException;
import dev.hipdll.sdk.SdkTable;
import dev.hipdll.target.GfxTargetList;
import dev.hipdll.target.InvalidTargetException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;

/**
 * The HIP DLL build, without Maven: one {@link HipDllBuildRequest} in, the DLL, its checksum,
 * provenance and build stamp out, and every line for the log through a {@link BuildListener}.
 *
 * <ol>
 *   <li>Setup ({@link BuildSetup}): the SDK with the origin of every component, the MSVC pin on
 *       Windows, hipcc's scrubbed environment; each logged.</li>
 *   <li>The DLL-level stamp ({@link IncrementalBuild}): when every recorded input is unchanged,
 *       nothing runs ("up to date"); else the reasons are logged.</li>
 *   <li>The step graph ({@link StepPlanner}, {@link GraphRunner}): a device compile per
 *       (translation unit, gfx target), a bundle and a host compile per unit, one link, on
 *       {@code jobs} workers; each compile and bundle reused when its inputs are unchanged
 *       ({@link StepExecutor}). The first failure stops the graph: no step starts after it, the
 *       running ones are killed with their process trees, and the message names the failed step.</li>
 *   <li>The link writes {@code .tmp/<build id>/<output name>}; only a complete PE32+ DLL
 *       ({@link DllImageCheck}) is moved over the output, atomically, so a failed or stopped build
 *       keeps the previous DLL.</li>
 *   <li>Publishing: {@code <dll>.sha256}, {@code provenance.json} (every step's command with
 *       placeholders), the stamp (pending when {@code hipdll:verify} follows).</li>
 * </ol>
 */
public final class HipDllBuild {
    private final Duration vswhereTimeout;
    private final JobBudget budget;
    /** A merge build's shards ({@code hip.shards}), or {@link ShardSet#NONE}. */
    private final ShardSet shards;

    /** A build whose vswhere run (Windows) may take 60 s, with no budget shared with other builds. */
    public HipDllBuild() {
        this(Duration.ofSeconds(60));
    }

    /** @param vswhereTimeout how long vswhere may run (Windows) */
    public HipDllBuild(Duration vswhereTimeout) {
        this(vswhereTimeout, JobBudget.unlimited());
    }

    /**
     * A build whose steps also take permits from a budget shared with the other builds of a Maven session
     * (issue 23, item 5): at most {@code budget.permits()} steps of all of them run at once.
     *
     * @param budget the session's budget
     */
    public HipDllBuild(JobBudget budget) {
        this(Duration.ofSeconds(60), budget);
    }

    private HipDllBuild(Duration vswhereTimeout, JobBudget budget) {
        this(vswhereTimeout, budget, ShardSet.NONE);
    }

    private HipDllBuild(Duration vswhereTimeout, JobBudget budget, ShardSet shards) {
        this.vswhereTimeout = vswhereTimeout;
        this.budget = budget;
        this.shards = shards;
    }

    /**
     * This build as a merge build (issue 24): each device compile its own record does not answer is taken from
     * the first shard whose key for it equals this build's ({@link StepExecutor}); the rest runs as usual.
     *
     * @param shards the shards read ({@link ShardSet#load})
     * @return a build with them
     */
    public HipDllBuild withShards(ShardSet shards) {
        return new HipDllBuild(vswhereTimeout, budget, shards);
    }

    /** A DLL build's result or a shard build's, one of them null. */
    private record Outcome(HipDllBuildResult dll, ShardResult shard) {
    }

    /**
     * A shard build (issue 24, {@code hip.shard=device}): the same setup and step graph as {@link #run}, restricted
     * to the device compile steps of the request's targets (reused from their records as usual); their code
     * objects and a manifest with each step's input key are published as {@code target/hipdll/shard/<targets>}
     * ({@link ShardWriter}). No bundle, host compile or link runs, no stamp is read or written, the DLL is not
     * touched.
     *
     * @param r       what to build (its targets are the shard's)
     * @param signing the key that signs the manifest ({@code shard.dsse.json}), if one is configured
     * @param log     the build's log
     * @return the shard directory and manifest
     * @throws BuildFailedException when the setup or a device compile fails
     * @throws IOException          when the shard cannot be written
     */
    public ShardResult runShard(HipDllBuildRequest r, Optional<SigningKey> signing, BuildListener log)
            throws BuildFailedException, IOException {
        long started = System.nanoTime();
        BuildSetup setup;
        try {
            setup = BuildSetup.prepare(r.host(), r.setup().overrides(), r.setup().toolchains(),
                    r.setup().toolchainVersion(), r.setup().msvc(), r.setup().scrub(), new ProcessRunner(vswhereTimeout));
        } catch (SdkResolutionException | MsvcResolutionException | EnvironmentException e) {
            throw new BuildFailedException(e.getMessage());
        }
        return run(setup, r, () -> false, log, started, Optional.of(signing)).shard();
    }

    /** As {@link #runShard(HipDllBuildRequest, Optional, BuildListener)} with a setup decided already. */
    public ShardResult runShard(BuildSetup setup, HipDllBuildRequest r, Optional<SigningKey> signing, BuildListener log)
            throws BuildFailedException, IOException {
        return run(setup, r, () -> false, log, System.nanoTime(), Optional.of(signing)).shard();
    }

    /**
     * Builds the DLL, or finds it up to date.
     *
     * @param r           what to build
     * @param awaitVerify asked after a successful build: whether {@code hipdll:verify} runs later in this
     *                    build, so the stamp waits for it
     * @param log         the build's log
     * @return how it ended
     * @throws BuildFailedException when the setup, a step or the output fails; the message says why and what
     *                              was kept
     * @throws IOException          when the output directory, log, stamp or provenance cannot be written
     */
    public HipDllBuildResult run(HipDllBuildRequest r, BooleanSupplier awaitVerify, BuildListener log)
            throws BuildFailedException, IOException {
        long started = System.nanoTime();
        BuildSetup setup;
        try {
            setup = BuildSetup.prepare(r.host(), r.setup().overrides(), r.setup().toolchains(),
                    r.setup().toolchainVersion(), r.setup().msvc(), r.setup().scrub(), new ProcessRunner(vswhereTimeout));
        } catch (SdkResolutionException | MsvcResolutionException | EnvironmentException e) {
            throw new BuildFailedException(e.getMessage());
        }
        return run(setup, r, awaitVerify, log, started, Optional.empty()).dll();
    }

    /**
     * Builds the DLL with a setup decided already (the request's {@link HipDllBuildRequest#setup()} is
     * not used): for callers that resolved the SDK themselves, and tests with a hand-made SDK.
     *
     * @param setup       the SDK, the MSVC pin and the scrubbed environment
     * @param r           what to build
     * @param awaitVerify whether {@code hipdll:verify} follows (asked after a successful build)
     * @param log         the build's log
     * @return how it ended
     * @throws BuildFailedException as {@link #run(HipDllBuildRequest, BooleanSupplier, BuildListener)}
     * @throws IOException          as {@link #run(HipDllBuildRequest, BooleanSupplier, BuildListener)}
     */
    public HipDllBuildResult run(BuildSetup setup, HipDllBuildRequest r, BooleanSupplier awaitVerify, BuildListener log)
            throws BuildFailedException, IOException {
        return run(setup, r, awaitVerify, log, System.nanoTime(), Optional.empty()).dll();
    }

    /**
     * @param shardOnly present for a shard build (with its signing key, if any): only the device compiles run and
     *                  the shard is written; absent for a DLL build
     */
    private Outcome run(BuildSetup setup, HipDllBuildRequest r, BooleanSupplier awaitVerify, BuildListener log,
                        long started, Optional<Optional<SigningKey>> shardOnly) throws BuildFailedException, IOException {
        long wallStarted = System.currentTimeMillis();
        HipSdk sdk = setup.sdk();
        ScrubResult env = setup.environment();
        SdkTable.render(sdk).forEach(log::info);
        setup.msvc().ifPresent(m -> log.info(m.describe()));
        logEnvironment(env, log);
        if (r.options().driver() == Driver.HIPCC && sdk.hipccIsBatchWrapper()) {
            throw BatchWrapper.refusal(sdk.hipcc().path()); // before any step runs (issue 20, item 4d)
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
        try { // issue 12 hook (item 6): the outputs stay off the sources, include directories and the SDK
            List<Path> inputs = new java.util.ArrayList<>(r.units().includeDirs());
            inputs.add(sdk.root().path());
            OutputPlacement.check(outDir, BuildOutputs.names(output.getFileName().toString()), r.units().sources(),
                    r.units().sourceDirectory(), inputs);
        } catch (IllegalArgumentException e) {
            throw new BuildFailedException(e.getMessage());
        }
        BuildOptions o = r.options();
        ReproducibleBuild repro = new ReproducibleBuild(o.outputTimestamp());
        List<SdkLibrary> libraries;
        try {
            libraries = SdkLibraries.resolve(sdk, r.units().libraries());
        } catch (SdkResolutionException e) {
            throw new BuildFailedException(e.getMessage());
        }
        libraries.forEach(l -> log.info("SDK library " + l.name() + ": " + l.lib() + " (" + l.origin().description()
                + "), imports " + l.dll()));
        CompileRequest request = new CompileRequest(sdk, r.targets(), r.units().sources(), r.units().includeDirs(),
                r.units().defines(), r.units().compilerArgs(), o.staticRuntime(), output, r.units().languages(),
                libraries);
        OsFamily os = r.host().os();
        Path stepDir = outDir.resolve("steps");
        Path tempDir = outDir.resolve(".tmp").resolve("build-" + ProcessHandle.current().pid() + "-"
                + Long.toHexString(System.nanoTime()));
        List<BuildStep> steps = StepPlanner.plan(new StepPlanRequest(request, r.units().sourceDirectory(), r.basedir(),
                stepDir, tempDir.resolve(output.getFileName()), o.driver(), os, repro, o.bundleVersion(), o.hardening()));
        FileDigests digests = new FileDigests();
        Map<String, String> compilerEnv = env.environment().toMap();
        // the headers of the project's include places: the dependency file names only those read, not where the
        // compiler looked first, so a header added there (shadowing one read) must rebuild (HeaderFiles)
        List<Path> headerRoots = new ArrayList<>();
        headerRoots.add(r.units().sourceDirectory());
        headerRoots.addAll(r.units().includeDirs());
        HeaderFiles headerFiles = HeaderFiles.of(headerRoots, r.buildDirectory());
        SortedMap<String, String> stampParameters = new TreeMap<>(r.stamp().parameters());
        stampParameters.put("header files in the source and include directories", headerFiles.summary());
        if (!libraries.isEmpty()) { // issue 23, item 3: another hipblas.lib rebuilds
            List<String> libs = new ArrayList<>();
            for (SdkLibrary l : libraries) {
                libs.add(l.name() + " " + l.lib() + " sha256:" + digests.of(l.lib()));
            }
            stampParameters.put("SDK libraries", String.join(", ", libs));
        }
        StampInputs stampInputs = new StampInputs(r.stamp().pluginVersion(), stampParameters,
                r.targets().targets().stream().map(Object::toString).toList(), r.units().sources(),
                r.units().sourceDirectory(), sdk, setup.msvc().map(m -> m.toolset().version()),
                setup.msvc().map(m -> m.windowsSdk().version()), compilerEnv, os == OsFamily.WINDOWS, output,
                keyedVariables(r, env));
        checkToolchainKey(o.sdkFingerprint(), setup, digests, log);
        Optional<CompilerLauncher> launcher = Optional.empty();
        if (o.compilerLauncher() != null) {
            // ccache and sccache read a configuration file of the build's own, not the user's or the system's
            launcher = Optional.of(CompilerLauncher.resolve(o.compilerLauncher(), r.host(), r.basedir())
                    .prepared(outDir.resolve("launcher")));
        }
        DllPublisher publisher = new DllPublisher(request, steps, r, setup, digests, log, launcher);
        IncrementalBuild incremental = new IncrementalBuild(new StampStore(output));
        // environment.txt describes this run, also when the DLL turns out to be up to date
        EnvironmentReport.write(env, outDir.resolve("environment.txt"));
        Path compileCommands = outDir.resolve(CompilationDatabase.FILE_NAME);
        if (!Files.exists(compileCommands)) { // an up-to-date DLL keeps the one its build wrote
            writeCompilationDatabase(compileCommands, steps, r.basedir(), log);
        }
        long stampStarted = System.nanoTime();
        StampDecision decision = shardOnly.isPresent() ? null : incremental.check(stampInputs, o.force());
        if (decision != null && decision.upToDate()) {
            log.info(output.getFileName() + " is up to date (" + decision.checked() + " recorded inputs unchanged since"
                    + " the last successful build; checked in " + millis(started) + " ms, of which the stamp comparison "
                    + millis(stampStarted) + " ms); hipcc not started. -Dhip.force=true rebuilds.");
            if (incremental.decidedOnPending()) {
                // issue 13 item 6: the last build's hipdll:verify never judged the DLL (e.g. it failed on a
                // parameter); its pending stamp is that build's work
                if (awaitVerify.getAsBoolean()) {
                    log.info("the last build's stamp is still pending (no hipdll:verify has judged this DLL yet); it"
                            + " stays pending until hipdll:verify passes");
                } else if (new StampStore(output).promotePending(digests)) {
                    log.info("the last build's pending stamp is committed (no hipdll:verify runs in this build): "
                            + new StampStore(output).committedFile());
                }
            }
            publisher.publishExisting();
            return new Outcome(new HipDllBuildResult(output, publisher.checksum(), publisher.provenanceFile(), true, 0, 0,
                    Optional.empty(), false, Duration.ofNanos(System.nanoTime() - started), libraryDlls(libraries)), null);
        }
        // after the up-to-date answer, which reads no SDK file's content; the steps hash clang anyway (digests)
        checkTargetsWithTheSdk(sdk, r.targets(), os, compilerEnv, digests, outDir.resolve("sdk-processors"), log);
        // a shard build: the same graph restricted to the device compiles (issue 24); the DLL and its stamp untouched
        List<BuildStep> planned = steps;
        writeCompilationDatabase(compileCommands, planned, r.basedir(), log);
        if (shardOnly.isPresent()) {
            steps = planned.stream().filter(s -> s.kind() == StepKind.DEVICE_COMPILE).toList();
            log.info("shard build for " + r.targets() + ": the " + steps.size() + " device compile(s) of "
                    + planned.size() + " steps; no bundle, host compile or link runs");
        } else {
            log.info("rebuilding " + output.getFileName() + ": " + decision.summary(12));
            incremental.starting();
            // the previous DLL's verify reports describe a DLL being replaced (docs/incremental-and-diagnosis.md)
            VerifyReports.deleteIn(outDir).forEach(p -> log.info("deleted the stale verify report " + p));
        }
        if (!shards.none()) {
            log.info("merge build: device compiles are taken from " + shards.shards().size() + " shard(s) when their"
                    + " key equals this build's" + (shards.require() ? " (hip.shards.require: all of them)" : "")
                    + ": " + String.join("; ", shards.shards()));
        }
        List<BuildStep> graphSteps = steps;
        graphSteps.stream().flatMap(s -> s.notes().stream()).distinct().forEach(log::info);
        launcher.ifPresent(l -> log.info(describeLauncher(l, graphSteps)));

        StepGraph<BuildStep> graph = StepGraph.of(steps);
        log.info(describeGraph(steps, r, o) + (budget.permits() != Integer.MAX_VALUE
                ? " (at most " + budget.permits() + " steps at once in this Maven session, hip.jobs.total)" : ""));
        Path diagnosisTxt = outDir.resolve("diagnosis.txt");
        Files.deleteIfExists(diagnosisTxt);
        removeAbandonedTemporaryDirectories(tempDir.getParent());
        Files.createDirectories(tempDir);
        GraphResult result;
        Path buildLogPath = outDir.resolve("build.log");
        // issue 12 hook (item 10): end what a build killed with its JVM left running here; mark this one's processes
        BuildRun buildRun = BuildRun.start(outDir.resolve(BuildRun.FILE_NAME));
        buildRun.ended().forEach(e -> log.warn("ended " + e + ", left running in " + outDir + " by a build killed earlier"));
        try (BuildLogFile buildLog = new BuildLogFile(buildLogPath);
             StepProgress progress = new StepProgress(o.progress() ? log : log.infoAsDebug(), o.heartbeat(),
                     System::nanoTime).start()) {
            PathPlaceholders placeholders = PathPlaceholders.forBuild(sdk, r.basedir(), r.buildDirectory());
            StepExecutor executor = new StepExecutor(new ProcessRunner(o.stepTimeout()).withBuildId(buildRun.id()),
                    new LaunchOptions(os, o.commandLineLimit()), sdk.hipcc().path(), sdk.hipccIsBatchWrapper(),
                    compilerEnv, r.basedir(), driverTools(sdk, os, o.driver()), environmentDigest(compilerEnv, os,
                            keyedVariables(r, env)),
                    placeholders, p -> name(p, r), digests, buildLog, diagnosisTxt, RuleBook.load(), log,
                    o.force(), progress, unitsBuiltBefore(steps), launcher, compileToolsDigest(sdk, os, o.driver(), digests),
                    headerFiles, shards);
            StepDurations durations = StepDurations.load(stepDir);
            Map<String, Long> priority = o.schedule() == Schedule.CRITICAL_PATH
                    ? CriticalPath.remaining(graph, new StepEstimates(durations, steps)::millis) : Map.of();
            result = new GraphRunner<BuildStep>(o.jobs(), priority, budget).run(graph, executor, progress.andThen(
                    new GraphListener<>() {
                        @Override
                        public void finished(BuildStep step, int ordinal, int total, StepOutcome outcome, Duration took) {
                            if (outcome instanceof StepOutcome.Ran) {
                                durations.ran(step.id(), took.toMillis());
                            }
                        }
                    }));
            saveDurations(durations, steps, log);
            buildRun.finished();
        } catch (RuntimeException | IOException e) {
            discard(tempDir);
            throw e;
        }
        String previous = Files.exists(output) ? "the previous " + output.getFileName() + " is unchanged"
                : "nothing was published";
        if (!result.succeeded()) {
            try {  // the link's own diagnosis is in the temporary directory: copied to diagnosis.txt first
                throw failure(result, graph, diagnosisTxt, buildLogPath, previous);
            } finally {
                discard(tempDir);
            }
        }
        if (shardOnly.isPresent()) {
            discard(tempDir);
            List<String> targets = r.targets().targets().stream().map(Object::toString).toList();
            Path dir = ShardWriter.directory(outDir, targets);
            ShardManifest m = ShardWriter.write(dir, stepDir, steps, r.stamp().pluginVersion(), targets,
                    shardOnly.get());
            int ran = (int) result.count(StepOutcome.Ran.class);
            int reused = (int) result.count(StepOutcome.Reused.class);
            log.info("shard " + dir + ": " + m.steps().size() + " code object(s) and " + ShardManifest.FILE_NAME
                    + (shardOnly.get().isPresent() ? " (signed: " + ShardManifest.SIGNED_FILE_NAME + ")" : "") + "; "
                    + ran + " device compile(s) ran, " + reused + " reused, in " + millis(started) + " ms");
            return new Outcome(null, new ShardResult(dir, m, ran, reused, Duration.ofNanos(System.nanoTime() - started)));
        }
        publishLinked(tempDir.resolve(output.getFileName()), output, tempDir, buildLogPath, previous, log);
        int ran = (int) result.count(StepOutcome.Ran.class);
        int reused = (int) result.count(StepOutcome.Reused.class);
        log.info("built " + output + " in " + millis(started) + " ms: " + ran + " of " + steps.size()
                + " steps ran, " + reused + " reused");
        Path depFile = mergeDependencyFiles(steps, output);
        publisher.publish();
        boolean pending = awaitVerify.getAsBoolean();
        Path stamp;
        List<String> edited = changedSince(wallStarted, depFile, r);
        if (!edited.isEmpty()) {
            // the steps that read such a file recorded its content from before they ran (StepExecutor)
            log.warn("not stamped: " + String.join(", ", edited) + " changed during the"
                    + " build, so the DLL may hold the older content; the next build checks again");
            return new Outcome(new HipDllBuildResult(output, publisher.checksum(), publisher.provenanceFile(), false, ran,
                    reused, Optional.empty(), false, Duration.ofNanos(System.nanoTime() - started),
                    libraryDlls(libraries)), null);
        }
        try {
            stamp = incremental.succeeded(stampInputs, depFile, r.basedir(), pending, digests);
            log.info((pending ? "build stamp pending until hipdll:verify passes: " : "build stamp written: ") + stamp);
        } catch (IOException e) {
            log.warn("the DLL was built but not stamped, so the next build runs again: " + e.getMessage());
            stamp = null;
        }
        return new Outcome(new HipDllBuildResult(output, publisher.checksum(), publisher.provenanceFile(), false, ran,
                reused, Optional.ofNullable(stamp), pending, Duration.ofNanos(System.nanoTime() - started),
                libraryDlls(libraries)), null);
    }

    /** The exception for a graph that did not succeed; the failed step's diagnosis becomes diagnosis.txt. */
    private static BuildFailedException failure(GraphResult result, StepGraph<BuildStep> graph, Path diagnosisTxt,
                                                Path buildLog, String previous) throws IOException {
        if (result.interrupted()) {
            return new BuildFailedException("the build was stopped: every running step and the processes it started"
                    + " were killed; " + previous + ". Log so far: " + buildLog);
        }
        String failure = result.failure().map(StepOutcome.Failed::message).orElse("a step failed");
        Optional<Path> own = result.failedStep().map(graph::node).map(StepExecutor::diagnosisFile);
        if (own.isPresent() && Files.isRegularFile(own.get())) {
            Files.copy(own.get(), diagnosisTxt, StandardCopyOption.REPLACE_EXISTING);
        }
        return new BuildFailedException(failure + "\n" + (result.stopped().isEmpty() ? "" : "stopped with it: "
                + result.stopped().size() + " running step(s); ") + (result.notStarted().isEmpty() ? ""
                : result.notStarted().size() + " step(s) not started; ") + previous + ".");
    }

    /**
     * Moves the linked DLL over the output when it is a complete PE32+ DLL ({@link DllImageCheck}), atomically;
     * the temporary directory is gone afterwards either way.
     */
    private static void publishLinked(Path linked, Path output, Path tempDir, Path buildLog, String previous,
                                      BuildListener log) throws BuildFailedException, IOException {
        try {
            try {
                DllImageCheck.check(linked);
            } catch (IOException e) {
                throw new BuildFailedException("the link exited 0 but its output is not a complete PE32+ DLL: "
                        + (e instanceof BinaryFormatException ? e.getMessage() : IoProblem.describe(e))
                        + ". The file was deleted; " + previous + ". Full log: " + buildLog);
            }
            Path aside = tempDir.resolveSibling("replaced"); // Windows: where a loaded previous DLL is moved
            InUseReplacement.clean(aside);
            try {
                InUseReplacement.replace(linked, output, aside).ifPresent(old -> log.warn(output.getFileName()
                        + " was in use (a process has it loaded: Windows refuses to overwrite it); it was moved to "
                        + old + " and the new DLL put in place. That process keeps the old one until it unloads it;"
                        + " the next build deletes it once it is free."));
            } catch (IOException e) {
                throw new BuildFailedException("cannot move the built DLL into place (" + IoProblem.describe(e) + ")"
                        + (e instanceof java.nio.file.AccessDeniedException ? ": on Windows, a process that has "
                        + output.getFileName() + " loaded or open keeps it from being replaced or moved; close that"
                        + " program (Resource Monitor > CPU > Associated Handles, search " + output.getFileName()
                        + ") and build again" : "") + "; " + previous);
            }
        } finally {
            discard(tempDir);
        }
    }

    /**
     * The project files the build read (its dependency files' prerequisites) that were modified after it
     * started (file times at millisecond resolution), named for the log.
     */
    private static List<String> changedSince(long wallStarted, Path depFile, HipDllBuildRequest r) {
        long threshold = wallStarted;
        List<String> edited = new java.util.ArrayList<>();
        try {
            for (Path p : dev.hipdll.incremental.DependencyFile.read(depFile, r.basedir())) {
                if (Files.isRegularFile(p) && Files.getLastModifiedTime(p).toMillis() >= threshold) {
                    edited.add(name(p, r));
                }
            }
        } catch (IOException e) {
            // no dependency file: the stamp step reports it
        }
        return edited;
    }

    /**
     * Deletes the temporary directories of builds whose JVM is gone ({@code build-<pid>-<hex>} with no
     * live process {@code pid}): a JVM killed mid-build leaves its directory behind.
     */
    private static void removeAbandonedTemporaryDirectories(Path tmp) {
        if (!Files.isDirectory(tmp, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> dirs = Files.list(tmp)) {
            for (Path d : dirs.toList()) {
                java.util.regex.Matcher m = java.util.regex.Pattern.compile("build-(\\d+)-[0-9a-f]+")
                        .matcher(d.getFileName().toString());
                if (m.matches() && ProcessHandle.of(Long.parseLong(m.group(1))).map(ProcessHandle::isAlive).orElse(false)
                        == Boolean.FALSE) {
                    discard(d);
                }
            }
        } catch (IOException | NumberFormatException e) {
            // best effort: a directory that cannot be listed or deleted stays
        }
    }

    /** The units with a device compile recorded by an earlier build. */
    private static java.util.Set<String> unitsBuiltBefore(List<BuildStep> steps) {
        java.util.Set<String> units = new java.util.HashSet<>();
        for (BuildStep s : steps) {
            if (s.kind() == StepKind.DEVICE_COMPILE && !units.contains(s.unit())) {
                try (Stream<Path> siblings = Files.list(s.output().toAbsolutePath().getParent())) {
                    if (siblings.anyMatch(p -> p.getFileName().toString().endsWith(".co.step.json"))) {
                        units.add(s.unit());
                    }
                } catch (IOException e) {
                    // no directory yet: the unit was never built
                }
            }
        }
        return units;
    }

    private static String describeGraph(List<BuildStep> steps, HipDllBuildRequest r, BuildOptions o) {
        Map<StepKind, Integer> n = new LinkedHashMap<>();
        for (BuildStep s : steps) {
            n.merge(s.kind(), 1, Integer::sum);
        }
        return o.driver() + " for " + r.targets() + ": " + r.units().sources().size() + " translation unit(s), "
                + steps.size() + " steps (" + n.getOrDefault(StepKind.DEVICE_COMPILE, 0) + " device compiles, "
                + n.getOrDefault(StepKind.BUNDLE, 0) + " bundles, " + n.getOrDefault(StepKind.HOST_COMPILE, 0)
                + " host compiles, " + n.getOrDefault(StepKind.LINK, 0) + " link) on " + o.jobs() + " worker(s) -> " + r.output();
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

    /**
     * The compiler launcher's line: what it wraps and what not, e.g. {@code compiler launcher ccache
     * (/usr/bin/ccache): wraps 8 device compiles and 2 host compiles; not the 2 bundles and the link}.
     */
    static String describeLauncher(CompilerLauncher l, List<BuildStep> steps) {
        List<String> wrapped = new java.util.ArrayList<>();
        List<String> not = new java.util.ArrayList<>();
        for (StepKind k : StepKind.values()) {
            long n = steps.stream().filter(s -> s.kind() == k).count();
            if (n > 0) {
                String what = n + " " + k.label() + (n == 1 ? "" : "s");
                (l.wraps(k) ? wrapped : not).add(k == StepKind.LINK ? "the link" : what);
            }
        }
        String why = l.kind() == CompilerLauncher.Kind.CCACHE ? ""
                : " (host compiles read their fat binary through -fcuda-include-gpubinary, which only ccache can be"
                + " told about, with CCACHE_EXTRAFILES)";
        return "compiler launcher " + l.name() + " (" + l.executable() + "): wraps " + String.join(" and ", wrapped)
                + "; not " + String.join(", ", not) + why;
    }

    /** The SHA-256 of what a compile step runs: the driver's program and, behind hipcc, the SDK's clang. */
    private static String compileToolsDigest(HipSdk sdk, OsFamily os, Driver driver, FileDigests digests)
            throws IOException {
        StringBuilder sb = new StringBuilder();
        for (Path p : List.of(driver.executable(sdk, os), Driver.tool(sdk, os, "clang"))) {
            sb.append(Files.isRegularFile(p) ? digests.of(p) : "missing " + p.getFileName()).append('\n');
        }
        return Sha256.ofUtf8(sb.toString());
    }

    private static List<String> libraryDlls(List<SdkLibrary> libraries) {
        return libraries.stream().map(SdkLibrary::dll).distinct().toList();
    }

    /** compile_commands.json for clangd and IDEs (issue 23, item 4); a failure to write it only warns. */
    private static void writeCompilationDatabase(Path file, List<BuildStep> steps, Path workingDir, BuildListener log) {
        try {
            CompilationDatabase.write(file, steps, workingDir.toAbsolutePath());
        } catch (IOException e) {
            log.warn("compile_commands.json was not written: " + IoProblem.describe(e));
        }
    }

    /** Keeps the durations of the steps that ran for the next build's schedule; a failure to write only warns. */
    private static void saveDurations(StepDurations durations, List<BuildStep> steps, BuildListener log) {
        try {
            durations.save(steps.stream().map(BuildStep::id).collect(java.util.stream.Collectors.toSet()));
        } catch (IOException e) {
            log.warn("the step durations were not kept (the next build schedules from estimates): "
                    + IoProblem.describe(e));
        }
    }

    /**
     * The SDK's clang decides which processors can be built for (issue 23, item 1): a target it does not list is
     * refused before anything runs; one it lists that the plugin's table lacks is accepted with a note. A clang that
     * cannot say leaves the plugin's table as the only check, with a warning.
     */
    private static void checkTargetsWithTheSdk(HipSdk sdk, GfxTargetList targets, OsFamily os, Map<String, String> env,
                                               FileDigests digests, Path cacheDir, BuildListener log)
            throws BuildFailedException, IOException {
        Path clang = Driver.tool(sdk, os, "clang");
        if (!Files.isRegularFile(clang)) {
            return; // the steps name the missing clang
        }
        Optional<SdkProcessors> listed = SdkProcessors.ask(clang, digests.of(clang), env, cacheDir,
                new ProcessRunner(Duration.ofSeconds(120)));
        if (listed.isEmpty()) {
            log.warn("the HIP SDK's clang " + clang + " did not list the processors it compiles for (clang"
                    + " --target=amdgcn-amd-amdhsa -nogpulib --print-supported-cpus): the gfx targets are checked"
                    + " against the plugin's table only");
            targets.targets().stream().filter(t -> !t.processor().listed()).forEach(t -> log.warn("gfx target " + t
                    + ": " + t.processor().name() + " is not in the plugin's processor table and the SDK did not"
                    + " confirm it; its compile decides"));
            return;
        }
        try {
            listed.get().check(targets, sdk.version()).forEach(log::info);
        } catch (InvalidTargetException e) {
            throw new BuildFailedException("hip.arch: " + e.getMessage());
        }
    }

    /** The tools a compile or link runs besides its executable: hipcc starts clang; a link runs lld-link. */
    private static Map<String, Path> driverTools(HipSdk sdk, OsFamily os, Driver driver) {
        Map<String, Path> t = new LinkedHashMap<>();
        if (driver == Driver.HIPCC) {
            t.put("clang", Driver.tool(sdk, os, "clang"));
        }
        t.put("lld-link", Driver.tool(sdk, os, "lld-link"));
        return t;
    }

    /** The digest of what in the environment decides a step's output ({@link CompilerEnvironment}). */
    private static String environmentDigest(Map<String, String> env, OsFamily os, java.util.Set<String> keyed) {
        return Sha256.ofUtf8(CompilerEnvironment.fingerprint(env, os == OsFamily.WINDOWS, keyed).toString());
    }

    /**
     * The names that count in every step's key and in the stamp besides {@link CompilerEnvironment}'s own list:
     * those set through {@code environmentVariables}, and every variable the scrub would have removed but kept
     * (the compiler launcher's {@code CCACHE_*}/{@code SCCACHE_*} with {@code hip.compilerLauncher}, and those
     * {@code keepVariables} exempts, code-running ones included): issue 21, hole 5, a build without a launcher
     * variable said "up to date" after one with it.
     */
    static java.util.Set<String> keyedVariables(HipDllBuildRequest r, ScrubResult env) {
        java.util.Set<String> keyed = new java.util.TreeSet<>(r.stamp().userVariables());
        keyed.addAll(env.keptNames());
        return keyed;
    }

    /** A file as a reason names it: relative to the source directory, else the project, else as is. */
    private static String name(Path p, HipDllBuildRequest r) {
        Path abs = p.toAbsolutePath().normalize();
        for (Path base : List.of(r.units().sourceDirectory(), r.basedir())) {
            Path b = base.toAbsolutePath().normalize();
            if (abs.startsWith(b)) {
                String rel = b.relativize(abs).toString().replace('\\', '/');
                String kind = r.units().sources().stream().anyMatch(s -> s.toAbsolutePath().normalize().equals(abs))
                        ? "source " : rel.endsWith(".h") || rel.endsWith(".hpp") || rel.endsWith(".cuh") ? "header " : "";
                return kind + rel;
            }
        }
        return abs.toString();
    }

    /**
     * Every compile step's dependency file in one ({@code <output>.d}), which the DLL-level stamp reads.
     */
    private static Path mergeDependencyFiles(List<BuildStep> steps, Path output) throws IOException {
        Path merged = output.resolveSibling(output.getFileName() + ".d");
        StringBuilder sb = new StringBuilder();
        for (BuildStep s : steps) {
            if (s.depFile().isPresent() && Files.isRegularFile(s.depFile().get())) {
                sb.append(Files.readString(s.depFile().get(), StandardCharsets.UTF_8));
                if (sb.length() > 0 && sb.charAt(sb.length() - 1) != '\n') {
                    sb.append('\n');
                }
            }
        }
        Files.writeString(merged, sb.toString(), StandardCharsets.UTF_8);
        return merged;
    }

    private static void logEnvironment(ScrubResult env, BuildListener log) {
        log.info("hipcc environment: " + env.summary());
        for (EnvironmentChange c : env.changes()) {
            if (c.kind() == EnvironmentChange.Kind.NOTICE) {
                log.notice("  " + c.infoLine());
            } else if (c.kind() != EnvironmentChange.Kind.SET) {
                log.info("  " + c.infoLine());
            }
            log.debug("  " + c.detailLine());
        }
    }

    private static long millis(long sinceNanos) {
        return (System.nanoTime() - sinceNanos) / 1_000_000;
    }

    /** Deletes this build's temporary directory, and {@code .tmp} when nothing else is in it. */
    private static void discard(Path tempDir) throws IOException {
        if (Files.isDirectory(tempDir, LinkOption.NOFOLLOW_LINKS)) {
            try (Stream<Path> inside = Files.walk(tempDir)) {
                for (Path p : inside.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
        Path tmp = tempDir.getParent();
        if (Files.isDirectory(tmp, LinkOption.NOFOLLOW_LINKS)) {
            try (Stream<Path> left = Files.list(tmp)) {
                if (left.findAny().isEmpty()) {
                    Files.deleteIfExists(tmp);
                }
            } catch (IOException e) {
                // another build's temporary directory appeared meanwhile: leave .tmp to it
            }
        }
    }
}
