package dev.hipdll.pipeline;

import dev.hipdll.digest.FileDigests;
import dev.hipdll.attestation.AttestationException;
import dev.hipdll.attestation.DllAttestor;
import dev.hipdll.attestation.ExternalParameters;
import dev.hipdll.compile.BuildFailedException;
import dev.hipdll.compile.BuildSetup;
import dev.hipdll.compile.BuildStep;
import dev.hipdll.compile.CompilationDatabase;
import dev.hipdll.compile.Driver;
import dev.hipdll.compile.ReproducibleBuild;
import dev.hipdll.compile.StepKind;
import dev.hipdll.compile.StepPlanner;
import dev.hipdll.environment.EnvironmentChange;
import dev.hipdll.host.EnvironmentException;
import dev.hipdll.environment.EnvironmentReport;
import dev.hipdll.environment.ScrubResult;
import dev.hipdll.graph.GraphResult;
import dev.hipdll.graph.GraphRunner;
import dev.hipdll.graph.JobBudget;
import dev.hipdll.graph.ReuseSource;
import dev.hipdll.graph.StepOutcome;
import dev.hipdll.host.OsFamily;
import dev.hipdll.incremental.DependencyFile;
import dev.hipdll.incremental.IncrementalBuild;
import dev.hipdll.incremental.StampDecision;
import dev.hipdll.incremental.StampStore;
import dev.hipdll.io.IoProblem;
import dev.hipdll.msvc.MsvcResolutionException;
import dev.hipdll.pe.DllImageCheck;
import dev.hipdll.process.ProcessRunner;
import dev.hipdll.report.VerifyReports;
import dev.hipdll.sdk.HipSdk;
import dev.hipdll.sdk.SdkProcessors;
import dev.hipdll.sdk.SdkResolutionException;
import dev.hipdll.sdk.SdkTable;
import dev.hipdll.shard.ShardArchive;
import dev.hipdll.shard.ShardManifest;
import dev.hipdll.shard.ShardResult;
import dev.hipdll.shard.ShardSet;
import dev.hipdll.shard.ShardWriter;
import dev.hipdll.gfx.GfxTargetList;
import dev.hipdll.gfx.InvalidTargetException;
import dev.hipdll.incremental.RecordSeal;
import dev.hipdll.trust.Admission;
import dev.hipdll.trust.InputPath;
import dev.hipdll.trust.MachineKey;
import dev.hipdll.trust.TrustPolicy;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;

/**
 * The HIP DLL build, without Maven: one {@link HipDllBuildRequest} in, the DLL, its checksum,
 * provenance, build stamp and attestation out, and every line for the log through a {@link BuildListener}.
 *
 * <ol>
 *   <li>Setup ({@link BuildSetup}): the SDK with the origin of every component, the MSVC pin on
 *       Windows, hipcc's scrubbed environment; each logged.</li>
 *   <li>The plan ({@link BuildPlan}): the output placed, the SDK libraries, the step graph ({@link StepPlanner}):
 *       a device compile per (translation unit, gfx target), a bundle and a host compile per unit, one link.</li>
 *   <li>The DLL-level stamp ({@link IncrementalBuild}): when every recorded input is unchanged,
 *       nothing runs ("up to date"); else the reasons are logged.</li>
 *   <li>The graph ({@link GraphExecution}, {@link GraphRunner}) on {@code jobs} workers; each compile and bundle
 *       reused when its inputs are unchanged, or taken from a shard ({@link #withShards}) when its key matches
 *       ({@link StepExecutor}). The first failure stops the graph: no step starts after it, the running ones are
 *       killed with their process trees, and the message names the failed step.</li>
 *   <li>The link writes {@code .tmp/<build id>/<output name>}; only a complete PE32+ DLL
 *       ({@link DllImageCheck}) is moved over the output, atomically ({@link LinkedDllPlacement}), so a failed or
 *       stopped build keeps the previous DLL. With {@link HipDllBuildRequest#authenticode()} it is signed there
 *       first, so everything published next describes the signed DLL.</li>
 *   <li>Publishing: {@code <dll>.sha256}, {@code provenance.json} (every step's command with
 *       placeholders), the stamp (pending when {@code hipdll:verify} follows), and the attestation signed with the
 *       key of {@link #withSigning} ({@link DllAttestor}).</li>
 * </ol>
 *
 * A shard build ({@link #runShard}) is the same pipeline restricted to the device compiles, publishing a shard
 * ({@link ShardWriter}) instead of the DLL.
 */
public final class HipDllBuild {
    private final Duration vswhereTimeout;
    private final JobBudget budget;
    /**
     * The warning of a shard or merge build without {@code project.build.outputTimestamp}: the
     * linker then stamps the time of the link, so a merged DLL differs from a one-job build in the COFF header's
     * TimeDateStamp and the debug directory's, not byte-identical as docs/ci.md promises.
     */
    static final String UNREPRODUCIBLE_SHARDING = "project.build.outputTimestamp is not set: the merged DLL is not"
            + " byte-identical to a one-job build (the link stamps its own time into the COFF header); set"
            + " <project.build.outputTimestamp> in the POM of every shard and merge job (docs/ci.md, Sharded builds)";

    /** A merge build's shards ({@code hip.shards}), or {@link ShardSet#NONE}. */
    private final ShardSet shards;
    /** The key (if any) that signs the attestation or the shard manifest. */
    private final BuildSigning signing;

    /** A build whose vswhere run (Windows) may take 60 s, with no budget shared with other builds. */
    public HipDllBuild() {
        this(Duration.ofSeconds(60));
    }

    /** @param vswhereTimeout how long vswhere may run (Windows) */
    public HipDllBuild(Duration vswhereTimeout) {
        this(vswhereTimeout, JobBudget.unlimited(), ShardSet.NONE, BuildSigning.unsigned());
    }

    /**
     * A build whose steps also take permits from a budget shared with the other builds of a Maven session
     *: at most {@code budget.permits()} steps of all of them run at once.
     *
     * @param budget the session's budget
     */
    public HipDllBuild(JobBudget budget) {
        this(Duration.ofSeconds(60), budget, ShardSet.NONE, BuildSigning.unsigned());
    }

    private HipDllBuild(Duration vswhereTimeout, JobBudget budget, ShardSet shards, BuildSigning signing) {
        this.vswhereTimeout = vswhereTimeout;
        this.budget = budget;
        this.shards = shards;
        this.signing = signing;
    }

    /**
     * This build as a merge build: each device compile its own record does not answer is taken from
     * the first shard whose key for it equals this build's ({@link StepExecutor}); the rest runs as usual.
     *
     * @param shards the shards read ({@link ShardSet#load})
     * @return a build with them
     */
    public HipDllBuild withShards(ShardSet shards) {
        return new HipDllBuild(vswhereTimeout, budget, shards, signing);
    }

    /**
     * This build signing what it publishes with {@code signing}'s key: a DLL build's attestation, a shard build's
     * manifest. Without (the default) nothing is signed.
     *
     * @param signing the key, builder id and the hint for an unsigned build
     * @return a build with it
     */
    public HipDllBuild withSigning(BuildSigning signing) {
        return new HipDllBuild(vswhereTimeout, budget, shards, signing);
    }

    /**
     * What one run makes of the step graph, chosen once: the DLL ({@link DllRun}, after the stamp's up-to-date
     * answer) or a shard ({@link ShardRun}: the device compiles only; no stamp is read or written, the DLL is not
     * touched).
     *
     * @param <T> the run's result
     */
    private interface Publisher<T> {
        /** Checks made before anything runs. */
        void before(HipDllBuildRequest r) throws BuildFailedException;

        /** The result when no step needs to run (the DLL is up to date); empty: the steps run. */
        Optional<T> withoutSteps(BuildPlan plan, IncrementalBuild incremental, RecordSeal seal, long started,
                                 long stampStarted, BuildListener log) throws BuildFailedException, IOException;

        /** The plan's steps this run runs, said in the log. */
        List<BuildStep> steps(BuildPlan plan, IncrementalBuild incremental, BuildListener log) throws IOException;

        /** Whether device code objects move between machines (shards): then an unreproducible build is warned about. */
        boolean sharded();

        /** Publishes what the steps made. */
        T publish(BuildPlan plan, IncrementalBuild incremental, List<BuildStep> steps, GraphResult result,
                  long wallStarted, long started, RecordSeal seal, BuildListener log)
                throws BuildFailedException, IOException;
    }

    /** A DLL build: up to date by its stamp, or every step of the plan and the DLL published. */
    private final class DllRun implements Publisher<HipDllBuildResult> {
        private final BooleanSupplier awaitVerify;
        private StampDecision decision;

        DllRun(BooleanSupplier awaitVerify) {
            this.awaitVerify = awaitVerify;
        }

        @Override
        public void before(HipDllBuildRequest r) throws BuildFailedException {
            checkShardTrust(r);  // before anything runs: a signing build never links device code it cannot vouch for
        }

        @Override
        public Optional<HipDllBuildResult> withoutSteps(BuildPlan plan, IncrementalBuild incremental, RecordSeal seal,
                                                        long started, long stampStarted, BuildListener log)
                throws BuildFailedException, IOException {
            decision = incremental.check(plan.stampInputs(), plan.request().options().force());
            boolean upToDate = decision.upToDate();
            if (upToDate && signing.key().isPresent()) {
                // a DLL, stamp and provenance restored from a build cache say "up to date" as well as this machine's
                Optional<String> notHere = DllBinding.problem(seal.machine(), plan.output(), plan.digests());
                if (notHere.isPresent()) {
                    log.info(plan.output().getFileName() + " is up to date by its stamp, but " + notHere.get()
                            + "; this build signs, so it links the DLL again (docs/trust.md)");
                    upToDate = false;
                }
            }
            return upToDate ? Optional.of(upToDate(plan, incremental, decision, awaitVerify, started, stampStarted, log))
                    : Optional.empty();
        }

        @Override
        public List<BuildStep> steps(BuildPlan plan, IncrementalBuild incremental, BuildListener log)
                throws IOException {
            log.info("rebuilding " + plan.output().getFileName() + ": " + (decision.upToDate()
                    ? "a DLL this machine did not link is not signed" : decision.summary(12)));
            incremental.starting();
            // the previous DLL's verify reports describe a DLL being replaced (docs/incremental-and-diagnosis.md)
            VerifyReports.deleteIn(plan.outputDirectory()).forEach(p -> log.info("deleted the stale verify report " + p));
            return plan.steps();
        }

        @Override
        public boolean sharded() {
            return !shards.none();
        }

        @Override
        public HipDllBuildResult publish(BuildPlan plan, IncrementalBuild incremental, List<BuildStep> steps,
                                         GraphResult result, long wallStarted, long started, RecordSeal seal,
                                         BuildListener log) throws BuildFailedException, IOException {
            return publishDll(plan, incremental, result, awaitVerify, wallStarted, started, seal, log);
        }
    }

    /** A shard build: the same graph restricted to the device compiles; the DLL and its stamp untouched. */
    private final class ShardRun implements Publisher<ShardResult> {
        @Override
        public void before(HipDllBuildRequest r) {
        }

        @Override
        public Optional<ShardResult> withoutSteps(BuildPlan plan, IncrementalBuild incremental, RecordSeal seal,
                                                  long started, long stampStarted, BuildListener log) {
            return Optional.empty();
        }

        @Override
        public List<BuildStep> steps(BuildPlan plan, IncrementalBuild incremental, BuildListener log) {
            List<BuildStep> steps = plan.steps().stream().filter(s -> s.kind() == StepKind.DEVICE_COMPILE).toList();
            log.info("shard build for " + plan.request().targets() + ": the " + steps.size() + " device compile(s) of "
                    + plan.steps().size() + " steps; no bundle, host compile or link runs");
            return steps;
        }

        @Override
        public boolean sharded() {
            return true;
        }

        @Override
        public ShardResult publish(BuildPlan plan, IncrementalBuild incremental, List<BuildStep> steps,
                                   GraphResult result, long wallStarted, long started, RecordSeal seal,
                                   BuildListener log) throws IOException {
            return publishShard(plan, steps, result, started, log);
        }
    }

    /**
     * A shard build ({@code hip.shard=device}): the same setup and step graph as {@link #run}, restricted
     * to the device compile steps of the request's targets (reused from their records as usual); their code
     * objects and a manifest with each step's input key are published as {@code target/hipdll/shard/<targets>}
     * ({@link ShardWriter}), the manifest also signed ({@code shard.dsse.json}) with the key of {@link #withSigning}.
     * No bundle, host compile or link runs, no stamp is read or written, the DLL is not touched.
     *
     * @param r   what to build (its targets are the shard's)
     * @param log the build's log
     * @return the shard directory and manifest
     * @throws BuildFailedException when the setup or a device compile fails
     * @throws IOException          when the shard cannot be written
     */
    public ShardResult runShard(HipDllBuildRequest r, BuildListener log) throws BuildFailedException, IOException {
        long started = System.nanoTime();
        return run(setup(r), r, log, started, new ShardRun());
    }

    /** As {@link #runShard(HipDllBuildRequest, BuildListener)} with a setup decided already. */
    public ShardResult runShard(BuildSetup setup, HipDllBuildRequest r, BuildListener log)
            throws BuildFailedException, IOException {
        return run(setup, r, log, System.nanoTime(), new ShardRun());
    }

    /**
     * Builds the DLL, or finds it up to date, and attests it.
     *
     * @param r           what to build
     * @param awaitVerify asked after a successful build: whether {@code hipdll:verify} runs later in this
     *                    build, so the stamp waits for it
     * @param log         the build's log
     * @return how it ended
     * @throws BuildFailedException when the setup, a step, the output or the attestation fails; the message says
     *                              why and what was kept
     * @throws IOException          when the output directory, log, stamp, provenance or attestation cannot be written
     */
    public HipDllBuildResult run(HipDllBuildRequest r, BooleanSupplier awaitVerify, BuildListener log)
            throws BuildFailedException, IOException {
        long started = System.nanoTime();
        return run(setup(r), r, log, started, new DllRun(awaitVerify));
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
        return run(setup, r, log, System.nanoTime(), new DllRun(awaitVerify));
    }

    private BuildSetup setup(HipDllBuildRequest r) throws BuildFailedException {
        try {
            return BuildSetup.prepare(r.host(), r.setup().overrides(), r.setup().toolchains(),
                    r.setup().toolchainVersion(), r.setup().msvc(), r.setup().scrub(), new ProcessRunner(vswhereTimeout));
        } catch (SdkResolutionException | MsvcResolutionException | EnvironmentException e) {
            throw new BuildFailedException(e.getMessage());
        }
    }

    /**
     * The one pipeline of every mode.
     *
     * @param publisher what the run makes of the steps: the DLL or a shard
     */
    private <T> T run(BuildSetup setup, HipDllBuildRequest r, BuildListener log, long started, Publisher<T> publisher)
            throws BuildFailedException, IOException {
        long wallStarted = System.currentTimeMillis();
        publisher.before(r);
        SdkTable.render(setup.sdk()).forEach(log::info);
        setup.msvc().ifPresent(m -> log.info(m.describe()));
        logEnvironment(setup.environment(), log);
        BuildPlan plan = BuildPlan.prepare(setup, r, log);
        Path outDir = plan.outputDirectory();
        IncrementalBuild incremental = new IncrementalBuild(new StampStore(plan.output()));
        // environment.txt describes this run, also when the DLL turns out to be up to date
        EnvironmentReport.write(setup.environment(), outDir.resolve("environment.txt"));
        Path compileCommands = plan.compilationDatabase();
        if (!Files.exists(compileCommands)) { // an up-to-date DLL keeps the one its build wrote
            writeCompilationDatabase(compileCommands, plan.steps(), r.basedir(), log);
        }
        long stampStarted = System.nanoTime();
        RecordSeal seal = recordSeal(r, log);
        Optional<T> answered = publisher.withoutSteps(plan, incremental, seal, started, stampStarted, log);
        if (answered.isPresent()) {
            return answered.get();
        }
        // after the up-to-date answer, which reads no SDK file's content; the steps hash clang anyway (digests)
        checkTargetsWithTheSdk(plan.sdk(), r.targets(), plan.os(), plan.compilerEnvironment(), plan.digests(),
                outDir.resolve("sdk-processors"), log);
        writeCompilationDatabase(compileCommands, plan.steps(), r.basedir(), log);
        List<BuildStep> steps = publisher.steps(plan, incremental, log);
        if (publisher.sharded() && !new ReproducibleBuild(r.options().outputTimestamp()).enabled()) {
            log.warn(UNREPRODUCIBLE_SHARDING);
        }
        GraphResult result = new GraphExecution(plan, budget, shards, Optional.of(seal)).run(steps, log);
        return publisher.publish(plan, incremental, steps, result, wallStarted, started, seal, log);
    }

    /** The DLL is up to date: a pending stamp is settled, missing checksum or provenance written, the attestation kept. */
    private HipDllBuildResult upToDate(BuildPlan plan, IncrementalBuild incremental, StampDecision decision,
                                       BooleanSupplier awaitVerify, long started, long stampStarted, BuildListener log)
            throws BuildFailedException, IOException {
        Path output = plan.output();
        log.info(output.getFileName() + " is up to date (" + (decision.signedAfterBuild()
                ? "signed after the build): only its Authenticode signature is new, its image without the signature is"
                + " the one the build linked; " : "") + decision.checked() + " recorded inputs unchanged since"
                + " the last successful build; checked in " + millis(started) + " ms, of which the stamp comparison "
                + millis(stampStarted) + " ms); hipcc not started. " + plan.request().setup().overrides().hints()
                .set("hip.force", "true") + " rebuilds.");
        if (decision.signedAfterBuild()) {
            String files = plan.publisher().checksum().getFileName() + " and " + plan.publisher().provenanceFile()
                    .getFileName();
            log.info(plan.request().authenticode().isPresent()
                    ? files + " describe " + output.getFileName() + " as the build signed it (hip.sign.keystore), not"
                    + " the signature it carries now; " + plan.request().setup().overrides().hints().set("hip.force", "true")
                    + " signs it again and writes them anew"
                    : files + " describe " + output.getFileName() + " as the build wrote it, before it was"
                    + " signed; with hip.sign.keystore the build signs the DLL itself and they describe the signed"
                    + " DLL (docs/verify.md#a-release-pipeline-build-sign-verify)");
        }
        if (incremental.decidedOnPending()) {
            // The last build's hipdll:verify never judged the DLL (e.g. it failed on a
            // parameter); its pending stamp is that build's work
            if (awaitVerify.getAsBoolean()) {
                log.info("the last build's stamp is still pending (no hipdll:verify has judged this DLL yet); it"
                        + " stays pending until hipdll:verify passes");
            } else if (new StampStore(output).promotePending(plan.digests())) {
                log.info("the last build's pending stamp is committed (no hipdll:verify runs in this build): "
                        + new StampStore(output).committedFile());
            }
        }
        plan.publisher().publishExisting();
        return new HipDllBuildResult(output, plan.publisher().checksum(), plan.publisher().provenanceFile(), true, 0, 0,
                Optional.empty(), false, Duration.ofNanos(System.nanoTime() - started), plan.libraryDlls(),
                attest(plan, true, log));
    }

    /** A shard build's end: the code objects and manifest (signed with a key) in the shard directory, and its zip. */
    private ShardResult publishShard(BuildPlan plan, List<BuildStep> steps, GraphResult result, long started,
                                     BuildListener log) throws IOException {
        HipDllBuildRequest r = plan.request();
        TemporaryDirectories.discard(plan.tempDir());
        List<String> targets = r.targets().targets().stream().map(Object::toString).toList();
        Path dir = ShardWriter.directory(plan.outputDirectory(), targets);
        ShardManifest m = ShardWriter.write(dir, plan.stepDir(), steps, r.stamp().pluginVersion(), targets,
                signing.key());
        Path zip = dir.resolveSibling("shard-" + dir.getFileName() + ".zip");
        ShardArchive.zip(dir, zip);
        int ran = (int) result.count(StepOutcome.Ran.class);
        int reused = (int) result.count(StepOutcome.Reused.class);
        log.info("shard " + dir + ": " + m.steps().size() + " code object(s) and " + ShardManifest.FILE_NAME
                + (signing.key().isPresent() ? " (signed: " + ShardManifest.SIGNED_FILE_NAME + ")" : "") + "; "
                + ran + " device compile(s) ran, " + reused + " reused, in " + millis(started) + " ms; zipped as "
                + zip.getFileName());
        return new ShardResult(dir, zip, m, ran, reused, Duration.ofNanos(System.nanoTime() - started));
    }

    /** A DLL build's end: the DLL moved into place, its checksum, provenance, stamp and attestation. */
    private HipDllBuildResult publishDll(BuildPlan plan, IncrementalBuild incremental, GraphResult result,
                                         BooleanSupplier awaitVerify, long wallStarted, long started, RecordSeal seal,
                                         BuildListener log)
            throws BuildFailedException, IOException {
        Path output = plan.output();
        // signed (hip.sign.*) before it is moved: the digest, provenance, attestation and stamp describe the signed DLL
        LinkedDllPlacement.place(plan.tempDir().resolve(output.getFileName()), output, plan.tempDir(),
                plan.outputDirectory().resolve("build.log"), plan.previousOutput(), log, plan.request().authenticode());
        int ran = (int) result.count(StepOutcome.Ran.class);
        int reused = (int) result.count(StepOutcome.Reused.class);
        long fromShards = result.outcomes().values().stream().filter(x -> x instanceof StepOutcome.Reused u
                && u.source() instanceof ReuseSource.Shard).count();
        log.info("built " + output + " in " + millis(started) + " ms: " + ran + " of " + plan.steps().size()
                + " steps ran, " + reused + " reused" + (fromShards > 0 ? " (" + fromShards + " from shards)" : ""));
        Path depFile = mergeDependencyFiles(plan.steps(), output);
        plan.publisher().publish();
        boolean pending = awaitVerify.getAsBoolean();
        Optional<Path> stamp = Optional.empty();
        List<String> edited = changedSince(wallStarted, depFile, plan);
        if (!edited.isEmpty()) {
            // the steps that read such a file recorded its content from before they ran (StepExecutor)
            log.warn("not stamped: " + String.join(", ", edited) + " changed during the"
                    + " build, so the DLL may hold the older content; the next build checks again");
            pending = false; // nothing waits for hipdll:verify
        } else {
            try {
                stamp = Optional.of(incremental.succeeded(plan.stampInputs(), depFile, plan.request().basedir(),
                        pending, plan.digests()));
                log.info((pending ? "build stamp pending until hipdll:verify passes: " : "build stamp written: ")
                        + stamp.get());
            } catch (IOException e) {
                log.warn("the DLL was built but not stamped, so the next build runs again: " + e.getMessage());
            }
        }
        List<String> unvouched = shards.signed() ? List.of() : result.outcomes().values().stream()
                .filter(x -> x instanceof StepOutcome.Reused u && u.source() instanceof ReuseSource.Shard)
                .map(x -> ((ReuseSource.Shard) ((StepOutcome.Reused) x).source()).name())
                .distinct().sorted().toList();
        if (!unvouched.isEmpty()) {
            log.info("the DLL holds device code from unsigned shard(s), which no trusted key vouches for: "
                    + String.join(", ", unvouched) + "; it is not claimed as linked by this build (hipdll:verify with"
                    + " hip.attestation.trustedKeys requires its attestation; docs/trust.md)");
        }
        DllBinding.write(seal.machine(), output, unvouched.isEmpty(), plan.digests());
        return new HipDllBuildResult(output, plan.publisher().checksum(), plan.publisher().provenanceFile(), false, ran,
                reused, stamp, pending, Duration.ofNanos(System.nanoTime() - started),
                plan.libraryDlls(), attest(plan, false, log), unvouched);
    }

    /**
     * the shards of a merge are taken only as the trust policy says ({@link TrustPolicy#mayTake}
     * for {@link InputPath#SHARD}). A build that signs but trusts no key cannot tell a shard's device code from a
     * forgery, and its attestation would vouch for it: it fails before anything runs, naming the shards and what to
     * set. With trusted keys, shards must have been read from their signed manifests.
     *
     * @throws BuildFailedException when the shards may not be taken as they were read
     */
    private void checkShardTrust(HipDllBuildRequest r) throws BuildFailedException {
        if (shards.shards().isEmpty()) {
            return;
        }
        Admission a = r.trust().mayTake(InputPath.SHARD, signing.key().isPresent());
        if (a == Admission.NONE) {
            throw new BuildFailedException("hip.shards: this build signs what it makes (signing key "
                    + signing.key().get() + ") but trusts no key (hip.attestation.trustedKeys is empty), so it cannot"
                    + " tell a shard's device code from a forgery and its attestation would vouch for it; refused before"
                    + " anything runs: " + String.join("; ", shards.shards()) + ". Set hip.attestation.trustedKeys to"
                    + " the key the shard builds sign with (then only shards signed by it are taken), or build without"
                    + " the signing key (docs/trust.md)");
        }
        if (a == Admission.SIGNED_ONLY && !shards.signed()) {
            throw new BuildFailedException("hip.shards: hip.attestation.trustedKeys is set, but the shards were read"
                    + " from their unsigned manifests: " + String.join("; ", shards.shards()) + "; only shards whose "
                    + ShardManifest.SIGNED_FILE_NAME + " a trusted key signed are taken (docs/trust.md)");
        }
    }

    /**
     * How this build binds the step records it writes and which it takes from elsewhere: this
     * user's {@link MachineKey} (created on first use), the build's signing key, the request's trust policy.
     *
     * @throws BuildFailedException when the key file exists but is not a key (named, with what to do)
     */
    private RecordSeal recordSeal(HipDllBuildRequest r, BuildListener log) throws BuildFailedException {
        Optional<MachineKey> machine = Optional.empty();
        if (r.recordKey().isEmpty()) {
            log.warn("no user cache directory in the environment (HOME, XDG_CACHE_HOME; LOCALAPPDATA on Windows):"
                    + " the step records are not bound to this machine, so the next build reuses none of them");
        } else {
            try {
                machine = Optional.of(MachineKey.loadOrCreate(r.recordKey().get()));
            } catch (IOException e) {
                throw new BuildFailedException(e.getMessage());
            }
        }
        return new RecordSeal(machine, signing.key(), r.trust());
    }

    /** The DLL's attestation ({@link DllAttestor}) with this build's key: written, kept, or (no key) none. */
    private Optional<Path> attest(BuildPlan plan, boolean upToDate, BuildListener log)
            throws BuildFailedException, IOException {
        HipDllBuildRequest r = plan.request();
        BuildOptions o = r.options();
        ExternalParameters parameters = new ExternalParameters(o.driver().toString(), o.staticRuntime(),
                r.units().defines(), r.units().compilerArgs(), o.bundleVersion().orElse(null));
        try {
            return new DllAttestor().attest(new DllAttestor.Request(plan.output(), plan.publisher().provenanceFile(),
                    upToDate, parameters, signing.builderId(), r.stamp().pluginVersion(), signing.key(),
                    signing.noKeyHint(), r.setup().overrides().hints()), log::info);
        } catch (AttestationException e) {
            throw new BuildFailedException(e.getMessage());
        }
    }

    /**
     * The project files the build read (its dependency files' prerequisites) that were modified after it
     * started (file times at millisecond resolution), named for the log.
     */
    private static List<String> changedSince(long wallStarted, Path depFile, BuildPlan plan) {
        List<String> edited = new ArrayList<>();
        try {
            for (Path p : DependencyFile.read(depFile, plan.request().basedir())) {
                if (Files.isRegularFile(p) && Files.getLastModifiedTime(p).toMillis() >= wallStarted) {
                    edited.add(plan.nameOf(p));
                }
            }
        } catch (IOException e) {
            // no dependency file: the stamp step reports it
        }
        return edited;
    }

    /** compile_commands.json for clangd and IDEs; a failure to write it only warns. */
    private static void writeCompilationDatabase(Path file, List<BuildStep> steps, Path workingDir, BuildListener log) {
        try {
            CompilationDatabase.write(file, steps, workingDir.toAbsolutePath());
        } catch (IOException e) {
            log.warn("compile_commands.json was not written: " + IoProblem.describe(e));
        }
    }

    /**
     * The SDK's clang decides which processors can be built for: a target it does not list is
     * refused before anything runs; one it lists that the plugin's table lacks is accepted with a note. A clang that
     * cannot say leaves the plugin's table as the only check, with a warning. The answer kept in {@code cacheDir}
     * (under {@code target/}, which a build cache restores) only confirms: one lacking a target is asked again.
     */
    private static void checkTargetsWithTheSdk(HipSdk sdk, GfxTargetList targets, OsFamily os, Map<String, String> env,
                                               FileDigests digests, Path cacheDir, BuildListener log)
            throws BuildFailedException, IOException {
        Path clang = Driver.tool(sdk, os, "clang");
        if (!Files.isRegularFile(clang)) {
            return; // the steps name the missing clang
        }
        Optional<SdkProcessors> listed = SdkProcessors.ask(clang, digests.of(clang), env, cacheDir,
                new ProcessRunner(Duration.ofSeconds(120)), targets.targets().stream()
                        .map(t -> t.processor().name()).collect(java.util.stream.Collectors.toSet()));
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
}
