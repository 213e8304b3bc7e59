package dev.hipdll.pipeline;

import dev.hipdll.digest.FileDigests;
import dev.hipdll.digest.Sha256;
import dev.hipdll.compile.BuildFailedException;
import dev.hipdll.compile.BuildStep;
import dev.hipdll.compile.CompilerLauncher;
import dev.hipdll.compile.Driver;
import dev.hipdll.compile.LaunchOptions;
import dev.hipdll.compile.StepKind;
import dev.hipdll.diagnosis.HeaderOrigin;
import dev.hipdll.diagnosis.HeaderOrigins;
import dev.hipdll.diagnosis.RuleBook;
import dev.hipdll.graph.CriticalPath;
import dev.hipdll.graph.GraphListener;
import dev.hipdll.graph.GraphResult;
import dev.hipdll.graph.GraphRunner;
import dev.hipdll.graph.JobBudget;
import dev.hipdll.graph.StepGraph;
import dev.hipdll.graph.StepOutcome;
import dev.hipdll.host.OsFamily;
import dev.hipdll.incremental.CompilerEnvironment;
import dev.hipdll.incremental.RecordSeal;
import dev.hipdll.incremental.StepDurations;
import dev.hipdll.io.IoProblem;
import dev.hipdll.process.BuildRun;
import dev.hipdll.process.ProcessRunner;
import dev.hipdll.provenance.PathPlaceholders;
import dev.hipdll.sdk.HipSdk;
import dev.hipdll.shard.ShardSet;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Runs the steps of a {@link BuildPlan} as a graph ({@link GraphRunner}, {@link StepExecutor}): on
 * {@code hip.jobs} workers and the session's {@link JobBudget}, critical path first ({@code hip.schedule}), each
 * step reused from its record or (a merge build) taken from a shard when its key matches, with a heartbeat, the
 * build log ({@code build.log}) and the step durations kept for the next build's schedule. A failure becomes a
 * {@link BuildFailedException} naming the failed step, and its diagnosis {@code diagnosis.txt}.
 *
 * @param plan   the plan
 * @param budget the session's step budget
 * @param shards a merge build's shards, or {@link ShardSet#NONE}
 * @param seal   how step records are bound to this machine and which from elsewhere are taken
 */
record GraphExecution(BuildPlan plan, JobBudget budget, ShardSet shards, Optional<RecordSeal> seal) {

    /**
     * Runs {@code steps} (all of the plan's, or a shard build's device compiles). The temporary directory
     * ({@link BuildPlan#tempDir()}) holds the link's output afterwards; it is deleted when the graph fails.
     *
     * @param steps the steps to run, with their dependencies among them
     * @param log   the build's log
     * @return the graph's result, which succeeded
     * @throws BuildFailedException when a step failed or the build was stopped: the message names the step, what
     *                              stopped with it and what was kept
     * @throws IOException          when the log, the temporary directory or the diagnosis cannot be written
     */
    GraphResult run(List<BuildStep> steps, BuildListener log) throws BuildFailedException, IOException {
        HipDllBuildRequest r = plan.request();
        BuildOptions o = r.options();
        Path outDir = plan.outputDirectory();
        if (!shards.none()) {
            log.info("merge build: device compiles are taken from " + shards.shards().size() + " shard(s) when their"
                    + " key equals this build's" + (shards.require() ? " (hip.shards.require: all of them)" : "")
                    + ": " + String.join("; ", shards.shards()));
            Set<String> planned = plan.steps().stream().map(BuildStep::id).collect(Collectors.toSet());
            for (ShardSet.Unused u : shards.unused(planned)) {
                // the step ids are the manifest's strings: escaped, so none starts a workflow command
                String which = dev.hipdll.io.ControlCharacters.escape(String.join(", ",
                        u.steps().subList(0, Math.min(4, u.steps().size()))))
                        + (u.steps().size() > 4 ? " and " + (u.steps().size() - 4) + " more" : "");
                if (u.all()) {
                    log.warn("shard " + u.shard() + " supplies no step of this build: none of its " + u.offered()
                            + " step(s) (" + which + ") is planned here; are its targets in hip.arch (" + r.targets()
                            + ")? Its code objects do not reach the DLL");
                } else {
                    log.info("shard " + u.shard() + ": " + u.steps().size() + " of its " + u.offered() + " step(s) are"
                            + " not planned here (" + which + "); their code objects do not reach the DLL");
                }
            }
        }
        steps.stream().flatMap(s -> s.notes().stream()).distinct().forEach(log::info);
        plan.launcher().ifPresent(l -> log.info(describeLauncher(l, steps)));
        StepGraph<BuildStep> graph = StepGraph.of(steps);
        log.info(describeGraph(steps, r, o) + (budget.permits() != Integer.MAX_VALUE
                ? " (at most " + budget.permits() + " steps at once in this Maven session, hip.jobs.total)" : ""));
        Path diagnosisTxt = outDir.resolve("diagnosis.txt");
        Files.deleteIfExists(diagnosisTxt);
        Path tempDir = plan.tempDir();
        TemporaryDirectories.removeAbandoned(tempDir.getParent());
        Files.createDirectories(tempDir);
        String previous = plan.previousOutput();
        Path buildLogPath = outDir.resolve("build.log");
        GraphResult result;
        // End what a build killed with its JVM left running here; mark this one's processes
        BuildRun buildRun = BuildRun.start(outDir.resolve(BuildRun.FILE_NAME));
        buildRun.ended().forEach(e -> log.warn("ended " + e + ", left running in " + outDir + " by a build killed earlier"));
        try (BuildLogFile buildLog = new BuildLogFile(buildLogPath);
             StepProgress progress = new StepProgress(o.progress() ? log : log.infoAsDebug(), o.heartbeat(),
                     System::nanoTime).start()) {
            HipSdk sdk = plan.sdk();
            OsFamily os = plan.os();
            Map<String, String> compilerEnv = plan.compilerEnvironment();
            FileDigests digests = plan.digests();
            PathPlaceholders placeholders = PathPlaceholders.forBuild(sdk, r.basedir(), r.buildDirectory());
            List<Path> deviceLibraries = deviceLibraries(sdk);
            StepExecutor executor = new StepExecutor(new StepContext(new ProcessRunner(o.stepTimeout()).withBuildId(buildRun.id()),
                    new LaunchOptions(os, o.commandLineLimit()), sdk.hipcc().path(), sdk.hipccIsBatchWrapper(),
                    compilerEnv, r.basedir(), driverTools(sdk, os, o.driver(), deviceLibraries),
                    environmentDigest(compilerEnv, os, plan.keyedVariables(), placeholders),
                    placeholders, plan::nameOf, digests, buildLog,
                    diagnosisTxt, RuleBook.load(), log, o.force(), progress, unitsBuiltBefore(steps), plan.launcher(),
                    compileToolsDigest(sdk, os, o.driver(), deviceLibraries, digests), plan.headerFiles(), shards, seal,
                    headerOrigins(sdk, plan.setup().msvc(), compilerEnv, r.basedir())));
            StepDurations durations = StepDurations.load(plan.stepDir());
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
            TemporaryDirectories.discard(tempDir);
            throw e;
        }
        if (!result.succeeded()) {
            try {  // the link's own diagnosis is in the temporary directory: copied to diagnosis.txt first
                throw failure(result, graph, diagnosisTxt, buildLogPath, previous);
            } finally {
                TemporaryDirectories.discard(tempDir);
            }
        }
        return result;
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

    /** The units with a device compile recorded by an earlier build. */
    private static Set<String> unitsBuiltBefore(List<BuildStep> steps) {
        Set<String> units = new HashSet<>();
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
                + " host compiles, " + n.getOrDefault(StepKind.LINK, 0) + " link) on " + o.jobs() + " worker(s) -> "
                + (n.containsKey(StepKind.LINK) ? r.output() : "a shard (no link)");
    }

    /**
     * The compiler launcher's line: what it wraps and what not, e.g. {@code compiler launcher ccache
     * (/usr/bin/ccache): wraps 8 device compiles and 2 host compiles; not the 2 bundles and the link}.
     */
    static String describeLauncher(CompilerLauncher l, List<BuildStep> steps) {
        List<String> wrapped = new ArrayList<>();
        List<String> not = new ArrayList<>();
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

    /**
     * The SHA-256 of what a compile step runs and links that its dependency file does not name: the driver's program,
     * behind hipcc the SDK's clang, and the SDK's device libraries ({@code *.bc} of {@code deviceLibDir}). A compiler
     * launcher is told it as the compiler's identity ({@code CCACHE_COMPILERCHECK=string:<digest>}), so ccache misses
     * when a device library changes, which its own hashing (the compiler, the command, the preprocessed source or
     * the headers) does not see.
     */
    private static String compileToolsDigest(HipSdk sdk, OsFamily os, Driver driver, List<Path> deviceLibraries,
                                             FileDigests digests) throws IOException {
        StringBuilder sb = new StringBuilder();
        for (Path p : List.of(driver.executable(sdk, os), Driver.tool(sdk, os, "clang"))) {
            sb.append(Files.isRegularFile(p) ? digests.of(p) : "missing " + p.getFileName()).append('\n');
        }
        for (Path bc : deviceLibraries) {
            sb.append(bc.getFileName()).append(' ').append(digests.of(bc)).append('\n');
        }
        return Sha256.ofUtf8(sb.toString());
    }

    /**
     * The tools a compile or link runs besides its executable: hipcc starts clang; a link runs lld-link; a device
     * compile links the SDK's device libraries ({@code deviceLib <name>.bc}, every {@code *.bc} of
     * {@code deviceLibDir}, which clang's {@code -MD} does not list), so a step's key, and a shard's,
     * holds their digests.
     */
    private static Map<String, Path> driverTools(HipSdk sdk, OsFamily os, Driver driver, List<Path> deviceLibraries) {
        Map<String, Path> t = new LinkedHashMap<>();
        if (driver == Driver.HIPCC) {
            t.put("clang", Driver.tool(sdk, os, "clang"));
        }
        t.put("lld-link", Driver.tool(sdk, os, "lld-link"));
        for (Path bc : deviceLibraries) {
            t.put(StepExecutor.DEVICE_LIB + bc.getFileName(), bc);
        }
        return t;
    }

    /** The SDK's device libraries, every {@code *.bc} of {@code deviceLibDir}, sorted: listed once per build. */
    private static List<Path> deviceLibraries(HipSdk sdk) throws IOException {
        List<Path> bitcode = new ArrayList<>(dev.hipdll.io.SpecialFiles.list(sdk.deviceLibDir().path(), "*.bc"));
        bitcode.sort(null);
        return List.copyOf(bitcode);
    }

    /**
     * The directories whose headers are not the user's, for the diagnosis of a failed compile: the
     * resolved HIP SDK (its root, and its include, device-library and LLVM directories where overridden outside it),
     * the MSVC toolset and the Windows SDK (pinned, else as {@code VCToolsInstallDir} and {@code WindowsSdkDir} of the
     * compiler's environment name them).
     */
    static HeaderOrigins headerOrigins(HipSdk sdk, Optional<dev.hipdll.msvc.MsvcEnvironment> msvc,
                                       Map<String, String> compilerEnv, Path basedir) {
        List<HeaderOrigin> origins = new ArrayList<>();
        Path root = sdk.root().path().toAbsolutePath().normalize();
        origins.add(new HeaderOrigin("the HIP SDK", root));
        for (Path p : List.of(sdk.includeDir().path(), sdk.deviceLibDir().path(), sdk.clangDir().path().getParent())) {
            Path a = p == null ? null : p.toAbsolutePath().normalize();
            if (a != null && !a.startsWith(root) && a.getNameCount() > 0) {
                origins.add(new HeaderOrigin("the HIP SDK", a));
            }
        }
        Optional<Path> toolset = msvc.map(m -> m.toolset().dir()).or(() -> absolute(compilerEnv.get("VCToolsInstallDir")));
        Optional<Path> windowsSdk = msvc.map(m -> m.windowsSdk().root()).or(() -> absolute(compilerEnv.get("WindowsSdkDir")));
        toolset.ifPresent(t -> origins.add(new HeaderOrigin("the MSVC toolset", t.toAbsolutePath().normalize())));
        windowsSdk.ifPresent(k -> origins.add(new HeaderOrigin("the Windows SDK", k.toAbsolutePath().normalize())));
        return new HeaderOrigins(origins, basedir.toAbsolutePath().normalize());
    }

    /** A variable's value as an absolute path, when it is one. */
    private static Optional<Path> absolute(String value) {
        try {
            return value == null || value.isBlank() ? Optional.empty()
                    : Optional.of(Path.of(value.strip())).filter(Path::isAbsolute);
        } catch (java.nio.file.InvalidPathException e) {
            return Optional.empty();
        }
    }

    /**
     * The digest of what in the environment decides a step's output ({@link CompilerEnvironment}), with the SDK's and
     * the project's paths in the values written as their placeholders ({@code PATH=${HIP_SDK_ROOT}\bin;...}), as
     * the step's command is: a step's key, and so a shard's, does not depend on where the SDK and the
     * project are on the machine that built it.
     */
    private static String environmentDigest(Map<String, String> env, OsFamily os, Set<String> keyed,
                                            PathPlaceholders placeholders) {
        Map<String, String> portable = new java.util.TreeMap<>();
        env.forEach((name, value) -> portable.put(name, placeholders.apply(value)));
        return Sha256.ofUtf8(CompilerEnvironment.fingerprint(portable, os == OsFamily.WINDOWS, keyed).toString());
    }

    /** Keeps the durations of the steps that ran for the next build's schedule; a failure to write only warns. */
    private static void saveDurations(StepDurations durations, List<BuildStep> steps, BuildListener log) {
        try {
            durations.save(steps.stream().map(BuildStep::id).collect(Collectors.toSet()));
        } catch (IOException e) {
            log.warn("the step durations were not kept (the next build schedules from estimates): "
                    + IoProblem.describe(e));
        }
    }
}
