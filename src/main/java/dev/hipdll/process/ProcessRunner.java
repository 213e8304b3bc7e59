package dev.hipdll.process;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.commons.exec.CommandLine;
import org.apache.commons.exec.DefaultExecutor;
import org.apache.commons.exec.ExecuteException;
import org.apache.commons.exec.ExecuteWatchdog;

/**
 * Runs a child process through Apache Commons Exec (launch, timeout watchdog, shutdown hook) with
 * arguments as a list (never a shell string) and an explicit environment, and guarantees that when
 * {@link #run} returns nothing the child started is still running, however the run ended:
 * <ul>
 *   <li><b>timeout</b>: the child and every process of its tree are killed;</li>
 *   <li><b>normal exit</b> (any exit code): processes it left running (a wrapper's {@code sleep 300 &},
 *       a daemon holding the output pipe) get a termination request, and are killed after
 *       {@value #LEFTOVER_GRACE_SECONDS} s; they are named in {@link ProcessResult#leftovers()};</li>
 *   <li><b>interruption</b> of the calling thread: the tree is killed, {@link ProcessResult#interrupted()}
 *       is set and so is the thread's interrupt status;</li>
 *   <li><b>JVM shutdown</b> (Ctrl-C, SIGTERM) while the child runs: a shutdown hook registered for this
 *       run only ({@link RunShutdownHook}) kills the tree.</li>
 * </ul>
 * The tree is tracked by {@link ProcessTree}: {@link ProcessHandle#descendants()} now and in snapshots
 * every {@value #SNAPSHOT_MILLIS} ms, plus, on Linux, the {@link TreeMarker} environment variable
 * {@code HIPDLL_PROCESS_TREE} that every descendant inherits, so also an orphan re-parented to init
 * is found; and the JVM is a child subreaper ({@link ChildSubreaper}), so an orphan that cleared its
 * environment and detached ({@code env -i setsid ...}) is re-parented to the JVM and found there
 * ({@link AdoptedOrphans}). On Windows the child is put into a Job Object that kills the tree when the
 * JVM ends ({@link WindowsJob}). What each OS still lets escape is in docs/incremental-and-diagnosis.md. After the child exited the output is read for at most {@value #DRAIN_SECONDS} s more
 * (twice that when a second search for leftovers is needed); a pipe still held open then is given up
 * ({@link ProcessResult#outputAbandoned()}), never waited for.
 *
 * <p>Output: every line (stdout and stderr) is passed to a consumer as it arrives, one call at a
 * time, and the result keeps it in bounded memory ({@link BoundedLines}: the first and last 5000
 * lines, 4096 characters each). Lines are split by {@link LineSplitter}, which keeps at most 4096
 * characters of a line while it arrives and counts the rest: a 1 GB line without a line break costs
 * kilobytes, not a gigabyte ({@link ProcessResult#charsCut()}). The output is decoded as UTF-8 (bytes that
 * are not UTF-8 become U+FFFD): what LLVM's tools, hipcc and {@code vswhere -utf8} write on every OS. The
 * platform charset it was decoded with before is Cp1252 on a Windows JVM, and turned every non-ASCII path
 * in a compiler message into mojibake (found on the Windows tier, {@code ProcessTreeTest}).
 *
 * <p>Arguments reach the child exactly as given: on Windows each is encoded for the command line
 * ({@link WindowsArguments}); commons-exec's own argument handling (which trims each one) is bypassed.
 */
public final class ProcessRunner {
    /** Seconds a process left running after the child exited has to end after a termination request. */
    static final int LEFTOVER_GRACE_SECONDS = 2;
    /** Seconds to wait for the end of the output after the child exited. */
    static final int DRAIN_SECONDS = 5;
    /** Milliseconds between two snapshots of the child's descendants. */
    static final int SNAPSHOT_MILLIS = 200;
    /** Whether this JVM runs on Windows, where arguments are encoded for the command line ({@link WindowsArguments}). */
    private static final boolean WINDOWS = System.getProperty("os.name", "").startsWith("Windows");

    private final Duration timeout;
    private final Duration drainTimeout;
    private final boolean findLeftovers;
    private final String treeId;

    /** @param timeout how long the child may run before its process tree is killed */
    public ProcessRunner(Duration timeout) {
        this(timeout, Duration.ofSeconds(DRAIN_SECONDS), true);
    }

    /**
     * @param timeout       how long the child may run before its process tree is killed
     * @param drainTimeout  how long to wait for the end of the output after the child exited
     * @param findLeftovers whether to track the tree (snapshots, marker) so as to end what the child
     *                      leaves running; {@code false} only to test the bounded wait for the output
     */
    ProcessRunner(Duration timeout, Duration drainTimeout, boolean findLeftovers) {
        this(timeout, drainTimeout, findLeftovers, null);
    }

    private ProcessRunner(Duration timeout, Duration drainTimeout, boolean findLeftovers, String treeId) {
        this.timeout = timeout;
        this.drainTimeout = drainTimeout;
        this.findLeftovers = findLeftovers;
        this.treeId = treeId;
    }

    /**
     * This runner adding the build's id ({@value BuildRun#VARIABLE}{@code =<id>}, {@link BuildRun#id()}) to every
     * child's environment besides the per-run {@code HIPDLL_PROCESS_TREE} marker, so that the next build can end
     * what this build leaves if its JVM is killed. The per-run marker stays unique: steps running side by side
     * never take each other's processes for leftovers.
     */
    public ProcessRunner withBuildId(String id) {
        return new ProcessRunner(timeout, drainTimeout, findLeftovers, id);
    }

    /**
     * The names of the variables a build's child run with {@code environment} sees: those, plus the
     * {@code HIPDLL_PROCESS_TREE} marker the runner adds ({@link TreeMarker}) and the build's id
     * ({@link #withBuildId}).
     */
    public static java.util.SortedSet<String> environmentNames(java.util.Collection<String> environment) {
        java.util.SortedSet<String> names = new java.util.TreeSet<>(environment);
        names.add(TreeMarker.NAME);
        names.add(BuildRun.VARIABLE);
        return names;
    }

    /** How long a child may run. */
    public Duration timeout() {
        return timeout;
    }

    /**
     * Runs {@code executable} with {@code arguments} and returns once it and every process it started
     * have ended (see the class comment).
     *
     * @param executable  the program
     * @param arguments   its arguments, one element each, reaching the child exactly (on Windows encoded for the
     *                    command line, {@link WindowsArguments})
     * @param environment the complete environment of the child (the runner adds {@code HIPDLL_PROCESS_TREE})
     * @param workingDir  its working directory
     * @param lines       receives each output line (stdout and stderr) as it arrives, never concurrently;
     *                    a line longer than 4096 characters arrives cut, ending {@code [... N characters omitted]}
     * @return how it ended; never throws for a failing or missing program
     * @throws RuntimeException what {@code lines} threw (the first one), after the run ended
     */
    public ProcessResult run(Path executable, List<String> arguments, Map<String, String> environment, Path workingDir,
                             Consumer<String> lines) {
        // commons-exec's CommandLine trims every argument (" x" becomes "x"): it only carries the program here,
        // the arguments reach ProcessBuilder from this list (RunExecutor.launch)
        CommandLine cl = new CommandLine(executable.toString());
        List<String> command = new java.util.ArrayList<>();
        command.add(executable.toString());
        command.addAll(WINDOWS ? WindowsArguments.encode(executable.toString(), arguments) : arguments);
        TreeMarker marker = TreeMarker.random();
        if (treeId != null) {
            environment = new java.util.HashMap<>(environment);
            environment.put(BuildRun.VARIABLE, treeId);
        }
        BoundedLines kept = new BoundedLines();
        RunOutput output = new RunOutput(kept, lines);
        RunExecutor executor = new RunExecutor(workingDir.toFile(), marker, findLeftovers, command);
        OutputPumps pumps = new OutputPumps(StandardCharsets.UTF_8, kept.maxChars(), output, drainTimeout,
                executor::endLeftovers, executor::interrupted);
        ExecuteWatchdog watchdog = ExecuteWatchdog.builder().setTimeout(timeout).get();
        executor.setWatchdog(watchdog);
        executor.setStreamHandler(pumps);
        executor.setExitValues(null);
        RunShutdownHook hook = new RunShutdownHook(executor::jvmStopping);
        long start = System.nanoTime();
        int exit;
        String launchError = null;
        try {
            if (!hook.register()) {
                throw new IOException("the JVM is shutting down");
            }
            exit = executor.execute(cl, marker.addTo(environment));
        } catch (ExecuteException e) {
            exit = e.getExitValue();
        } catch (IOException e) {
            exit = -1;
            launchError = e.getMessage();
        } finally {
            executor.killTree(); // whatever path got here, nothing of the run stays
            hook.unregister();
            output.close();
        }
        boolean timedOut = watchdog.killedProcess();
        boolean interrupted = executor.wasInterrupted() || Thread.currentThread().isInterrupted();
        if (interrupted) {
            Thread.currentThread().interrupt(); // commons-exec cleared it
        }
        ProcessResult result = new ProcessResult(timedOut || interrupted ? -1 : exit, timedOut,
                Duration.ofNanos(System.nanoTime() - start), kept.lines(), launchError, interrupted,
                executor.leftovers(), pumps.abandoned(), kept.charsCut());
        if (output.failure() != null) {
            throw output.failure();
        }
        return result;
    }

    /** Launches the child as a {@link TreeProcess} and remembers it. */
    private static final class RunExecutor extends DefaultExecutor {
        private final TreeMarker marker;
        private final boolean track;
        private final List<String> command;
        private volatile TreeProcess process;
        private volatile boolean launching;
        private volatile boolean stopping;
        private volatile boolean interrupted;
        private volatile List<String> leftovers = List.of();

        RunExecutor(File dir, TreeMarker marker, boolean track, List<String> command) {
            super();
            setWorkingDirectory(dir);
            this.marker = marker;
            this.track = track;
            this.command = List.copyOf(command);
        }

        /** Starts the command with exactly {@code env} (no variable of the JVM's added) in {@code dir}. */
        private Process start(Map<String, String> env, Path dir) throws IOException {
            ProcessBuilder pb = new ProcessBuilder(command).directory(dir == null ? null : dir.toFile());
            Map<String, String> e = pb.environment();
            e.clear();
            e.putAll(env);
            return pb.start();
        }

        // commons-exec 1.5+ launches through this overload
        @Override
        protected Process launch(CommandLine command, Map<String, String> env, Path dir) throws IOException {
            launching = true;
            try {
                if (stopping) {
                    throw new IOException("the JVM is shutting down");
                }
                ChildSubreaper subreaper = track ? ChildSubreaper.enable() : null; // Linux: orphans stay ours
                // Windows: the tree dies with the JVM. The job is made before the launch, so that only the
                // assignment (microseconds) separates the child's start from its membership: made after it,
                // the first JNA load (hundreds of ms) let a child's first grandchild start outside the job
                // (found by the Windows tier's ProcessTreeTest)
                WindowsJob job = track ? WindowsJob.create() : null;
                Process p;
                try {
                    p = start(env, dir);
                } catch (IOException | RuntimeException e) {
                    if (job != null) {
                        job.close();
                    }
                    throw e;
                }
                if (job != null && !job.assign(p.pid())) {
                    job.close();
                    job = null;
                }
                ProcessTree tree;
                if (track) {
                    AdoptedOrphans adopted = subreaper == null ? null : AdoptedOrphans.of(marker.procFs(), p.pid());
                    java.util.function.Supplier<List<ProcessHandle>> found = adopted == null ? marker::find : () -> {
                        List<ProcessHandle> all = new java.util.ArrayList<>(marker.find());
                        all.addAll(adopted.find());
                        return all;
                    };
                    tree = new ProcessTree(p, found, marker.procFs(), Duration.ofMillis(SNAPSHOT_MILLIS),
                            subreaper == null ? null : subreaper::reap, job);
                } else {
                    tree = new ProcessTree(p, List::of, marker.procFs(), null);
                }
                TreeProcess t = new TreeProcess(p, tree);
                process = t;
                if (stopping) { // the shutdown hook ran before the process was known
                    t.killTree();
                }
                return t;
            } finally {
                launching = false;
            }
        }

        /** The shutdown hook: kills the tree, also of a launch in flight (waiting for it at most 2 s). */
        void jvmStopping() {
            stopping = true;
            long deadline = System.nanoTime() + Duration.ofSeconds(2).toNanos();
            while (launching && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
            killTree();
        }

        /** After the child exited: ends what it left running (nothing when tracking is off). */
        void endLeftovers() {
            TreeProcess p = process;
            if (p != null && track) {
                List<String> ended = p.tree().endLeftovers(Duration.ofSeconds(LEFTOVER_GRACE_SECONDS));
                if (!ended.isEmpty()) {  // a second call (OutputPumps' second look) adds to the first's
                    List<String> all = new ArrayList<>(leftovers);
                    all.addAll(ended);
                    leftovers = List.copyOf(all);
                }
            } else if (p != null) {
                p.tree().stopWatching();
            }
        }

        /** The calling thread was interrupted while waiting for the output: kill the tree. */
        void interrupted() {
            interrupted = true;
            killTree();
        }

        /** Kills the child and its whole tree, if it was started; closes its Windows job. */
        void killTree() {
            TreeProcess p = process;
            if (p != null) {
                p.killTree();
                p.tree().stopWatching();
                p.tree().close();
                if (!p.killed().isEmpty() && leftovers.isEmpty()) {
                    leftovers = p.killed();
                }
            }
        }

        boolean wasInterrupted() {
            TreeProcess p = process;
            return interrupted || (p != null && p.interrupted());
        }

        List<String> leftovers() {
            return leftovers;
        }
    }
}
