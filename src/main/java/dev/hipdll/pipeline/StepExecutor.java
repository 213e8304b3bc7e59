package dev.hipdll.pipeline;

import dev.hipdll.digest.FileDigests;
import dev.hipdll.compile.BuildFailedException;
import dev.hipdll.compile.BuildStep;
import dev.hipdll.compile.CompilerLauncher;
import dev.hipdll.compile.HipccLaunch;
import dev.hipdll.compile.LaunchOptions;
import dev.hipdll.compile.StepKind;
import dev.hipdll.compile.StepOutputCheck;
import dev.hipdll.compile.StepPlanner;
import dev.hipdll.diagnosis.CompilerDiagnostic;
import dev.hipdll.diagnosis.Diagnosis;
import dev.hipdll.diagnosis.DiagnosisReport;
import dev.hipdll.diagnosis.DiskSpace;
import dev.hipdll.diagnosis.FailedRun;
import dev.hipdll.diagnosis.FailureClassifier;
import dev.hipdll.diagnosis.HeaderOrigins;
import dev.hipdll.diagnosis.RuleBook;
import dev.hipdll.diagnosis.Stage;
import dev.hipdll.graph.ReuseSource;
import dev.hipdll.graph.StepAction;
import dev.hipdll.graph.StepOutcome;
import dev.hipdll.incremental.DependencyFile;
import dev.hipdll.incremental.FileFingerprint;
import dev.hipdll.incremental.HeaderFiles;
import dev.hipdll.incremental.RecordBinding;
import dev.hipdll.incremental.StepRecord;
import dev.hipdll.incremental.StepRecordStore;
import dev.hipdll.incremental.RunReason;
import dev.hipdll.incremental.StepReuse;
import dev.hipdll.incremental.UnreadableStepRecordException;
import dev.hipdll.io.ControlCharacters;
import dev.hipdll.io.IoProblem;
import dev.hipdll.process.ProcessResult;
import dev.hipdll.shard.ShardOffer;
import dev.hipdll.shard.ShardSet;
import dev.hipdll.process.ProcessRunner;
import dev.hipdll.provenance.PathPlaceholders;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Runs one {@link BuildStep} of the step graph, or reuses its kept output.
 *
 * <p>Reuse ({@link StepReuse}): a compile or bundle step whose {@link StepRecord} matches (same
 * command with placeholders for machine paths, same tools, same output-deciding environment, same
 * content of every file it read) and is bound to this step's own output file as it is now (its path
 * and SHA-256) is not run. A record that does not parse, names another step or output, or whose
 * output's content differs, reruns the step with a warning naming the file. The link always runs when the DLL is rebuilt: its
 * output is the DLL itself, written to a temporary file and published atomically afterwards.
 *
 * <p>Running: the step's record and old output are deleted first (a failed or stopped step is
 * never taken for done), its command and every output line go to {@code build.log} with the
 * step's name, the program runs under the build's {@link ProcessRunner} (timeout, whole process
 * tree killed on timeout or when the graph stops), and success requires exit 0 and the output
 * file. On failure the step's own output alone is classified ({@link FailureClassifier}), the full
 * analysis goes to {@code diagnosis.txt} and the message names the step: stage, translation unit
 * and target. A record is written only after success.
 */
public final class StepExecutor implements StepAction<BuildStep> {
    private final ProcessRunner runner;
    private final LaunchOptions launch;
    private final boolean batchWrapper;
    private final Path hipcc;
    private final Map<String, String> environment;
    private final Path workingDir;
    private final Map<String, Path> driverTools;
    private final String environmentDigest;
    private final PathPlaceholders placeholders;
    private final Function<Path, String> names;
    private final FileDigests digests;
    /** Records bound to this machine (and signed when the build signs) as written; checked as read. */
    private final StepRecordStore records;
    /**
     * Records of steps taken from unsigned shards: not bound here, so the next build does not take their code objects
     * for its own (they run again then, or come from a shard again).
     */
    private final StepRecordStore unboundRecords = new StepRecordStore();
    private final BuildLogFile buildLog;
    private final Path diagnosisTxt;
    private final RuleBook rules;
    private final BuildListener listener;
    private final boolean force;
    private final StepProgress progress;
    private final Set<String> unitsBuiltBefore;
    private final Optional<CompilerLauncher> launcher;
    private final String toolsDigest;
    /** The units a record write failure was reported for in this build (steps run on several threads). */
    private final Set<String> unitsNotRecorded = java.util.concurrent.ConcurrentHashMap.newKeySet();
    /** {@link HeaderFiles}: count and whole digest, kept in compile steps' records. */
    private final String headerFiles;
    /** How the detail of a step taken from a shard begins: {@code from shard <name>}. */
    static final String FROM_SHARD = "from shard ";
    /** The prefix of a device library's name among {@code driverTools}: only a device compile's key holds them. */
    static final String DEVICE_LIB = "deviceLib ";
    /** The shards of a merge build ({@code hip.shards}); {@link ShardSet#NONE} otherwise. */
    private final ShardSet shards;
    /** The directories whose headers are not the user's, for the diagnosis. */
    private final HeaderOrigins headerOrigins;

    /** An executor of the build's steps in {@code c} (made by {@link GraphExecution}). */
    public StepExecutor(StepContext c) {
        this.shards = c.shards();
        this.headerOrigins = c.headerOrigins();
        this.records = c.seal().map(StepRecordStore::new).orElseGet(StepRecordStore::new);
        this.runner = c.runner();
        this.launch = c.launch();
        this.hipcc = c.hipcc();
        this.batchWrapper = c.batchWrapper();
        this.environment = Map.copyOf(c.environment());
        this.workingDir = c.workingDir();
        this.driverTools = Map.copyOf(c.driverTools());
        this.environmentDigest = c.environmentDigest();
        this.placeholders = c.placeholders();
        this.names = c.names();
        this.digests = c.digests();
        this.buildLog = c.buildLog();
        this.diagnosisTxt = c.diagnosisTxt();
        this.rules = c.rules();
        this.listener = c.listener();
        this.force = c.force();
        this.progress = c.progress();
        this.unitsBuiltBefore = Set.copyOf(c.unitsBuiltBefore());
        this.launcher = c.launcher();
        this.toolsDigest = c.toolsDigest();
        this.headerFiles = c.headerFiles().count() + " " + c.headerFiles().sha256();
    }

    @Override
    public StepOutcome run(BuildStep step) throws Exception {
        List<String> command = placeholderCommand(step);
        String envDigest = environmentDigest + (step.environment().isEmpty() ? "" : " " + step.environment());
        Map<String, Path> tools = tools(step);
        String reason;
        Optional<StepRecord> previous = Optional.empty();
        if (step.kind() == StepKind.LINK) {
            reason = "the DLL is rebuilt";  // the link keeps no record (its output is the DLL itself)
        } else {
            String noRecord;
            String signedBy = null;
            String unbound = null;
            try {
                Optional<StepRecordStore.Checked> read = records.readChecked(step.output());
                previous = read.map(c -> resolved(c.record()));
                noRecord = noRecordReason(step);
                if (read.isPresent() && !read.get().binding().vouched()) {
                    unbound = "its record " + read.get().binding().detail();
                } else if (read.isPresent() && read.get().binding().kind() == RecordBinding.Kind.SIGNED) {
                    signedBy = read.get().binding().detail();
                }
            } catch (UnreadableStepRecordException | IllegalArgumentException e) {
                // a record that does not parse was not written by this plugin as it is
                listener.warn(step.describe() + ": " + ControlCharacters.escape(e.getMessage())
                        + (e instanceof IllegalArgumentException ? " (its paths do not resolve here: "
                        + StepRecordStore.recordFile(step.output()) + ")" : "") + "; the step runs again");
                noRecord = "its record could not be read";
            }
            Optional<RunReason> why = force ? Optional.of(RunReason.of("hip.force")) : StepReuse.reasonToRun(previous,
                    step.id(), step.output(), command, envDigest, headers(step), tools, names, noRecord, digests);
            if (why.isPresent() && why.get().warning().isPresent()) {
                // a record of another step or output, or for other bytes than the output's: said as before
                listener.warn(step.describe() + ": " + why.get().warning().get());
                previous = Optional.empty();  // not trusted: not even for the files it says the step read
            } else if (unbound != null) {
                // A record this machine did not write, and no trusted key signed, is not taken,
                // not even for the files it says the step read
                previous = Optional.empty();
                if (!force) {
                    listener.info(step.describe() + ": " + unbound + "; the step runs again");
                    why = Optional.of(RunReason.of(unbound));
                }
            }
            if (why.isEmpty()) {
                return new StepOutcome.Reused(signedBy == null ? "inputs unchanged"
                        : "inputs unchanged; record signed by " + signedBy);
            }
            reason = why.get().reason();
            if (step.kind() == StepKind.DEVICE_COMPILE && !shards.none()) {
                Optional<StepOutcome> answered = fromShards(step, command, envDigest, tools);
                if (answered.isPresent()) {
                    return answered.get();
                }
            }
        }
        records.delete(step.output());
        Files.deleteIfExists(diagnosisFile(step));
        Files.createDirectories(step.output().toAbsolutePath().getParent());
        if (step.kind() != StepKind.LINK) {  // the next build names how this run ended unless it succeeds
            UnfinishedRun.mark(step.output(), UnfinishedRun.Ending.STARTED);
        }
        Files.deleteIfExists(step.output());
        if (step.depFile().isPresent()) {
            Files.deleteIfExists(step.depFile().get());
        }
        for (Path in : step.inputs()) {
            if (in.getFileName().toString().equals(StepPlanner.EMPTY_HOST_FILE)) {
                emptyHostEntry(in, step.describe());
            }
        }
        String name = step.describe();
        Map<Path, FileFingerprint> before = beforeRun(step, previous);
        long startedMillis = System.currentTimeMillis();
        progress.running(step, reason);
        Path rsp = step.output().resolveSibling(step.output().getFileName() + ".rsp");
        List<String> launched;
        try {
            launched = HipccLaunch.arguments(step.executable(), step.arguments(), launch, rsp,
                    batchWrapper && step.executable().equals(hipcc));
        } catch (BuildFailedException e) {
            ended(step, UnfinishedRun.Ending.FAILED);
            return new StepOutcome.Failed(name + ": " + e.getMessage(), e);
        }
        Optional<CompilerLauncher> wrapper = launcher.filter(l -> l.wraps(step.kind()));
        String prefix = wrapper.map(l -> l.executable() + " ").orElse("");
        buildLog.line(name, "$ " + prefix + step.executable() + " " + String.join(" ", step.arguments()));
        if (!launched.equals(step.arguments())) {
            buildLog.line(name, "# passed as: " + prefix + step.executable() + " " + String.join(" ", launched));
        }
        listener.debug("[" + step.subject() + "] $ " + prefix + step.executable() + " " + String.join(" ", step.arguments()));
        Map<String, String> env = environment;
        Map<String, String> launcherEnv = wrapper.map(l -> l.environment(step, toolsDigest, environment, workingDir))
                .orElse(Map.of());
        if (!step.environment().isEmpty() || !launcherEnv.isEmpty()) {
            env = new HashMap<>(environment);
            env.putAll(step.environment());
            env.putAll(launcherEnv);
            if (!launcherEnv.isEmpty()) {
                buildLog.line(name, "# for " + wrapper.get().name() + ": " + launcherEnv);
            }
        }
        Path program = wrapper.map(CompilerLauncher::executable).orElse(step.executable());
        List<String> programArgs = wrapper.map(l -> l.arguments(step.executable(), launched)).orElse(launched);
        CompilerOutputLevels levels = new CompilerOutputLevels();
        ProcessResult result = runner.run(program, programArgs, env, workingDir, line -> {
            buildLog.line(name, line);
            progress.signal();
            // clang's and lld-link's diagnostics at their levels, their notes and excerpts with them; others at info
            levels.line(step.subject(), line, workingDir, listener);
        });
        levels.end(step.subject(), listener);
        for (String note : result.notes()) {
            buildLog.line(name, "# " + note);
            listener.info("[" + step.subject() + "] hipdll: " + note);
        }
        if (result.interrupted() || Thread.currentThread().isInterrupted()) {
            ended(step, UnfinishedRun.Ending.STOPPED);
        } else if (!result.succeeded() || !Files.isRegularFile(step.output())) {
            ended(step, UnfinishedRun.Ending.FAILED);
        }
        if (result.interrupted()) {
            Files.deleteIfExists(step.output());
            return new StepOutcome.Failed(name + " was stopped; it and every process it started were killed", null);
        }
        if (!result.succeeded()) {
            // Free space measured before the partial output is deleted
            DiskSpace disk = DiskSpace.probeBuild(List.of(step.output().toAbsolutePath().getParent()), env);
            Files.deleteIfExists(step.output());
            return new StepOutcome.Failed(failure(step, result, disk), null);
        }
        if (!Files.isRegularFile(step.output())) {
            return new StepOutcome.Failed(name + ": " + step.executable().getFileName() + " exited 0 but wrote no "
                    + step.output().getFileName() + " (expected " + step.output() + "). Full log: " + buildLog.file(), null);
        }
        Optional<String> bad = StepOutputCheck.problem(step);
        if (bad.isPresent()) {
            ended(step, UnfinishedRun.Ending.FAILED);
            Files.deleteIfExists(step.output());
            return new StepOutcome.Failed(name + ": " + bad.get() + ". Full log: " + buildLog.file(), null);
        }
        if (step.kind() != StepKind.LINK) {
            try {  // also while the build is being stopped: the step succeeded, so the next build can reuse it
                UnfinishedRun.clear(step.output());  // it succeeded, whether or not its record can be written
                HeldInterrupt.run(() -> records.write(step.output(), record(step, command, envDigest, tools, before,
                        startedMillis)));
            } catch (IOException e) {
                // once per unit: its device and host compiles fail to record for the same reason
                String problem = name + " succeeded but its record could not be written ("
                        + ControlCharacters.escape(IoProblem.describe(e)) + "); it runs again next time";
                if (unitsNotRecorded.add(step.unit())) {
                    listener.warn(problem + " (a step of " + step.unit() + " whose record cannot be written is"
                            + " reported once per build)");
                } else {
                    listener.debug(problem);
                }
            }
        }
        return new StepOutcome.Ran(reason);
    }

    /**
     * A merge build's answer for a device compile: the first shard offering the step whose key equals
     * this build's (the same comparison as reuse, {@link StepReuse#inputsDiffer}, with the shard's placeholders
     * resolved here), whose plugin version is this one and whose file has the SHA-256 its manifest names, is
     * taken: its code object is copied over the step's output and the step's record written, as if it had run
     * here. Each shard refused is named with the input that differs. Empty when none supplies it and shards
     * are not required (the step runs here); a failure when {@code hip.shards.require} is set.
     */
    private Optional<StepOutcome> fromShards(BuildStep step, List<String> command, String envDigest,
                                             Map<String, Path> tools) throws IOException {
        List<String> refused = new ArrayList<>();
        for (ShardOffer o : shards.offers(step.id())) {
            String why = refusal(o, step, command, envDigest, headers(step), tools);
            if (why == null) {
                take(o, step, command, envDigest, tools);
                return Optional.of(new StepOutcome.Reused(FROM_SHARD + o.shard(), new ReuseSource.Shard(o.shard())));
            }
            why = ControlCharacters.escape(why);  // it may quote the manifest's strings (a version, arguments, paths)
            listener.warn(step.describe() + ": shard " + o.shard() + " refused: " + why);
            refused.add(o.shard() + ": " + why);
        }
        if (shards.require()) {
            return Optional.of(new StepOutcome.Failed(step.describe() + ": no shard supplies it ("
                    + (refused.isEmpty() ? "none of the shards has this step: " + shards.shards()
                    : "refused by " + String.join("; ", refused)) + ") and hip.shards.require=true takes all device"
                    + " code from shards", null));
        }
        listener.info(step.describe() + ": " + (refused.isEmpty() ? "no shard has it" : "no shard's key matches")
                + "; compiled here");
        return Optional.empty();
    }

    /** Why a shard's offer of a step is refused, or null when its key equals this build's and its file is intact. */
    private String refusal(ShardOffer o, BuildStep step, List<String> command, String envDigest, String headers,
                           Map<String, Path> tools) {
        if (!o.pluginVersion().equals(shards.pluginVersion())) {
            return "built by plugin version " + o.pluginVersion() + ", this build is " + shards.pluginVersion();
        }
        StepRecord key = o.entry().key();
        if (key.format() != StepRecord.FORMAT || !key.step().equals(o.entry().step())) {
            return "its key is of record format " + key.format() + " for step " + key.step() + ", expected format "
                    + StepRecord.FORMAT + " for " + o.entry().step();
        }
        StepRecord here;
        try {
            here = untimed(resolved(key));
        } catch (IllegalArgumentException e) {
            return "its key's paths do not resolve here (" + e.getMessage() + ")";
        }
        Optional<String> differs = StepReuse.inputsDiffer(here, command, envDigest, headers, tools, names);
        if (differs.isPresent()) {
            return "its input key differs: " + differs.get();
        }
        Path f = o.file();
        try {
            if (!Files.isRegularFile(f, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                return "its code object " + f + " is missing";
            }
            String sha = dev.hipdll.digest.Sha256.of(f);
            if (!sha.equals(o.entry().sha256()) || !sha.equals(key.output().sha256())) {
                return "its code object " + f + " has SHA-256 " + sha + ", but its manifest names "
                        + o.entry().sha256() + " (and its key " + key.output().sha256() + ")";
            }
            String notForStep = codeObjectProblem(f, step);
            if (notForStep != null) {
                return "its code object " + f + " " + notForStep;
            }
        } catch (IOException e) {
            return "its code object " + f + " cannot be read (" + IoProblem.describe(e) + ")";
        }
        return null;
    }

    /**
     * Why a shard's code object is not what the step would write, or null: an AMDGPU code object (ELF64,
     * {@code e_machine} {@code EM_AMDGPU}) whose {@code e_flags} name the step's processor when the plugin knows its
     * {@code EF_AMDGPU_MACH} value (LLVM {@code AMDGPUUsage.rst}, "AMDGPU ELF Header e_flags"). Its key and digest
     * may match while the file is for another target: defence in depth, checked before it is taken.
     */
    private static String codeObjectProblem(Path f, BuildStep step) throws IOException {
        Optional<dev.hipdll.bundle.CodeObject> co = dev.hipdll.bundle.CodeObjectReader.read(f);
        if (co.isEmpty() || co.get().elfMachine() != dev.hipdll.bundle.CodeObject.EM_AMDGPU) {
            return "is not an AMDGPU code object (" + (co.isEmpty() ? "no ELF64 header" : "e_machine "
                    + co.get().elfMachine()) + ")";
        }
        Optional<dev.hipdll.gfx.GfxTarget> target = step.target();
        if (target.isPresent() && target.get().processor().listed()
                && co.get().mach() != target.get().processor().elfMach()) {
            return String.format("is for another processor (EF_AMDGPU_MACH 0x%03X, %s is 0x%03X)", co.get().mach(),
                    target.get().processor().name(), target.get().processor().elfMach());
        }
        return null;
    }

    /**
     * A shard's key with no file time: another machine's times say nothing about this machine's files, so every
     * tool and file read is compared by its SHA-256 ({@link FileFingerprint#compare()} skips the hash only when size
     * and time both match, which a shard's times could by chance or on purpose).
     */
    private static StepRecord untimed(StepRecord r) {
        Map<String, FileFingerprint> tools = new LinkedHashMap<>();
        r.tools().forEach((k, v) -> tools.put(k, new FileFingerprint(v.path(), v.size(), Long.MIN_VALUE, v.sha256())));
        return new StepRecord(r.format(), r.step(), r.command(), r.environment(), r.headers(), tools,
                r.reads().stream().map(f -> new FileFingerprint(f.path(), f.size(), Long.MIN_VALUE, f.sha256())).toList(),
                r.output());
    }

    /**
     * Puts a shard's code object in place of the step's output (copied beside it, checked again, then moved),
     * with a dependency file naming what the key says it read, and writes the step's record with this
     * machine's fingerprints, so the next build reuses it as any step that ran here.
     */
    private void take(ShardOffer o, BuildStep step, List<String> command, String envDigest, Map<String, Path> tools)
            throws IOException {
        Path out = step.output().toAbsolutePath().normalize();
        records.delete(out);
        Files.createDirectories(out.getParent());
        Path tmp = Files.createTempFile(out.getParent(), out.getFileName().toString(), ".shard");
        try {
            Files.copy(o.file(), tmp, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            String sha = dev.hipdll.digest.Sha256.of(tmp);
            if (!sha.equals(o.entry().sha256())) {
                throw new IOException("the code object " + o.file() + " changed while it was copied (SHA-256 " + sha
                        + ", its manifest names " + o.entry().sha256() + ")");
            }
            Files.move(tmp, out, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                    java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
        StepRecord key = resolved(o.entry().key());
        List<FileFingerprint> reads = new ArrayList<>();
        StringBuilder dep = new StringBuilder(out.toString().replace(" ", "\\ ")).append(':');
        for (FileFingerprint f : key.reads()) {
            reads.add(placed(FileFingerprint.of(Path.of(f.path()), digests)));
            dep.append(" \\\n  ").append(f.path().replace(" ", "\\ "));
        }
        if (step.depFile().isPresent()) {
            dev.hipdll.io.AtomicFile.writeString(step.depFile().get(), dep.append('\n').toString());
        }
        Map<String, FileFingerprint> toolPrints = new LinkedHashMap<>();
        for (Map.Entry<String, Path> e : tools.entrySet()) {
            toolPrints.put(e.getKey(), placed(FileFingerprint.of(e.getValue(), digests)));
        }
        // a signed shard's code object is vouched for (its manifest's signer), so its record is bound here as any;
        // an unsigned one's is not: the next build does not take it for its own
        (shards.signed() ? records : unboundRecords).write(out, new StepRecord(StepRecord.FORMAT, step.id(), command,
                envDigest, headers(step), toolPrints, reads, placed(FileFingerprint.of(out, digests))));
        buildLog.line(step.describe(), "# taken from shard " + o.shard() + " (" + o.entry().file() + ", sha256 "
                + o.entry().sha256() + ")");
    }

    /**
     * Makes the empty host entry of an offload bundle ({@link StepPlanner#EMPTY_HOST_FILE}, clang's driver
     * passes {@code /dev/null}) when it is missing, and empties it when it is not empty: the bundler copies
     * its bytes into the unit's fat binary, so bytes put there (by hand, or restored so from a build cache)
     * would reach the DLL.
     */
    private void emptyHostEntry(Path file, String step) throws IOException {
        if (Files.isRegularFile(file, java.nio.file.LinkOption.NOFOLLOW_LINKS) && Files.size(file) == 0) {
            return;
        }
        if (Files.exists(file, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            listener.warn(step + ": " + file + " is the empty host entry of this unit's offload bundle, but it is not an"
                    + " empty file; it is emptied");
        }
        Files.createDirectories(file.toAbsolutePath().getParent());
        dev.hipdll.io.AtomicFile.write(file, out -> { });  // a directory there fails the step with the reason
    }

    /** Notes how a compile or bundle step's run ended ({@link UnfinishedRun}); the link keeps no marker. */
    private static void ended(BuildStep step, UnfinishedRun.Ending ending) {
        if (step.kind() != StepKind.LINK) {
            UnfinishedRun.markQuietly(step.output(), ending);
        }
    }

    /** The diagnosis of a failed step, from its own output only. */
    private String failure(BuildStep step, ProcessResult result, DiskSpace disk) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(step.executable().toString());
        cmd.addAll(step.arguments());
        FailedRun run = new FailedRun(cmd, result.output(), result.exitCode(), result.timedOut(), result.launchError(),
                runner.timeout()).withDisk(disk, launch.os() == dev.hipdll.host.OsFamily.WINDOWS).inStep(stage(step.kind()));
        Diagnosis d = new FailureClassifier(rules, headerOrigins).classify(run);
        List<String> full = new ArrayList<>();
        full.add("failed step: " + step.describe());
        full.addAll(DiagnosisReport.full(d, run, buildLog.file()));
        // each failed step's own file: two steps may fail at once; the build copies the one of the
        // step it reports to diagnosis.txt
        Files.write(diagnosisFile(step), full, StandardCharsets.UTF_8);
        return step.describe() + " failed\n" + DiagnosisReport.shortBlock(d, diagnosisTxt, buildLog.file());
    }

    /** The diagnosis stage of a step kind: its failures are reported at it ({@link Stage#within}). */
    static Stage stage(StepKind kind) {
        return switch (kind) {
            case DEVICE_COMPILE, HOST_COMPILE -> Stage.COMPILE;
            case BUNDLE -> Stage.BUNDLE;
            case LINK -> Stage.HOST_LINK;
        };
    }

    /** Where a failed step's full diagnosis goes: {@code <output>.diagnosis.txt}. */
    public static Path diagnosisFile(BuildStep step) {
        return step.output().resolveSibling(step.output().getFileName() + ".diagnosis.txt");
    }

    private String noRecordReason(BuildStep step) {
        if (Files.exists(StepRecordStore.recordFile(step.output()))) {
            return "its record is of another plugin version";  // read() took it for none: another format
        }
        Optional<UnfinishedRun.Ending> last = UnfinishedRun.read(step.output());
        if (last.isPresent()) {  // it ran before, and did not succeed
            return last.get().reason();
        }
        if (step.kind() == StepKind.DEVICE_COMPILE && unitsBuiltBefore.contains(step.unit())) {
            return "new target";
        }
        return "not built before";
    }

    private List<String> placeholderCommand(BuildStep step) {
        List<String> c = new ArrayList<>();
        c.add(placeholders.apply(step.executable().toAbsolutePath().normalize().toString()));
        for (String a : step.arguments()) {
            c.add(placeholders.apply(a));
        }
        return c;
    }

    private Map<String, Path> tools(BuildStep step) {
        Map<String, Path> t = new LinkedHashMap<>();
        t.put(step.executable().getFileName().toString(), step.executable());
        if (step.kind() != StepKind.BUNDLE) {
            driverTools.forEach((k, v) -> {
                if (!v.equals(step.executable()) && (step.kind() == StepKind.LINK || !k.startsWith("lld-link"))
                        && (step.kind() == StepKind.DEVICE_COMPILE || !k.startsWith(DEVICE_LIB))) {
                    t.put(k, v);
                }
            });
        }
        t.values().removeIf(p -> !Files.isRegularFile(p));
        return t;
    }

    private StepRecord record(BuildStep step, List<String> command, String envDigest, Map<String, Path> tools,
                              Map<Path, FileFingerprint> before, long startedMillis) throws IOException {
        Map<String, FileFingerprint> toolPrints = new LinkedHashMap<>();
        for (Map.Entry<String, Path> e : tools.entrySet()) {
            toolPrints.put(e.getKey(), placed(FileFingerprint.of(e.getValue(), digests)));
        }
        Set<Path> read = new LinkedHashSet<>();
        for (Path in : step.inputs()) {
            read.add(in.toAbsolutePath().normalize());
        }
        if (step.depFile().isPresent()) {
            Path dep = step.depFile().get();
            if (!Files.isRegularFile(dep)) {
                throw new IOException("the compiler wrote no dependency file " + dep + " for -MD -MF");
            }
            read.addAll(DependencyFile.read(dep, workingDir));
        }
        Path out = step.output().toAbsolutePath().normalize();
        read.remove(out);
        // A file edited while the step ran may have been read before or after the edit: the record keeps
        // its content from before the step (so the next build sees a change), and a file first read in
        // this run that is newer than the step's start is recorded as unknown (it runs again).
        // (file times at millisecond resolution; on a file system that keeps whole seconds an edit in the
        // step's first second can go unseen)
        long threshold = startedMillis;
        List<String> changed = new ArrayList<>();
        List<FileFingerprint> reads = new ArrayList<>();
        for (Path p : read) {
            FileFingerprint now = FileFingerprint.of(p, digests);
            FileFingerprint was = before.get(p);
            if (was != null && !was.sha256().equals(now.sha256())) {
                changed.add(names.apply(p));
                now = was;
            } else if (was == null && now.mtime() >= threshold) {
                changed.add(names.apply(p));
                now = new FileFingerprint(now.path(), -1, -1, UNKNOWN_CONTENT);
            }
            reads.add(placed(now));
        }
        if (!changed.isEmpty()) {
            listener.warn(step.describe() + ": " + String.join(", ", changed) + " changed while it ran; it runs again"
                    + " next time");
        }
        return new StepRecord(StepRecord.FORMAT, step.id(), command, envDigest, headers(step), toolPrints, reads,
                placed(FileFingerprint.of(out, digests)));
    }

    /** What a compile step's record keeps of the project's header files ({@link HeaderFiles}); empty for other steps. */
    private String headers(BuildStep step) {
        return step.kind() == StepKind.DEVICE_COMPILE || step.kind() == StepKind.HOST_COMPILE ? headerFiles : "";
    }

    /** The digest recorded for a file whose content at the time of the step is not known: it never matches. */
    private static final String UNKNOWN_CONTENT = "0".repeat(64);

    /**
     * The declared inputs and the files the step read last time ({@code previous}, read before the record
     * was deleted), fingerprinted before it runs.
     */
    private Map<Path, FileFingerprint> beforeRun(BuildStep step, Optional<StepRecord> previous) {
        Map<Path, FileFingerprint> m = new java.util.HashMap<>();
        List<Path> known = new ArrayList<>(step.inputs());
        previous.ifPresent(r -> r.reads().forEach(f -> known.add(Path.of(f.path()))));
        for (Path p : known) {
            Path abs = p.toAbsolutePath().normalize();
            try {
                if (Files.isRegularFile(abs)) {
                    m.put(abs, FileFingerprint.of(abs, digests));
                }
            } catch (IOException e) {
                // unreadable now: recorded after the run as it is then
            }
        }
        return m;
    }

    private FileFingerprint placed(FileFingerprint f) {
        return new FileFingerprint(placeholders.apply(f.path()), f.size(), f.mtime(), f.sha256());
    }

    private FileFingerprint unplaced(FileFingerprint f) {
        return new FileFingerprint(placeholders.resolve(f.path()), f.size(), f.mtime(), f.sha256());
    }

    /** A record as read, with its placeholder paths resolved for this build's directories. */
    private StepRecord resolved(StepRecord r) {
        Map<String, FileFingerprint> tools = new LinkedHashMap<>();
        r.tools().forEach((k, v) -> tools.put(k, unplaced(v)));
        return new StepRecord(r.format(), r.step(), r.command(), r.environment(), r.headers(), tools,
                r.reads().stream().map(this::unplaced).toList(), unplaced(r.output()));
    }
}
