package dev.hipdll.process;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.commons.exec.CommandLine;
import org.apache.commons.exec.DefaultExecutor;
import org.apache.commons.exec.ExecuteException;
import org.apache.commons.exec.ExecuteWatchdog;
import org.apache.commons.exec.LogOutputStream;
import org.apache.commons.exec.PumpStreamHandler;

/**
 * Runs a child process through Apache Commons Exec: arguments as a list (never a shell string),
 * an explicit environment, a timeout after which the whole process tree is killed (descendants
 * first, via {@link ProcessHandle}), and every output line passed to a consumer as it arrives. The
 * result keeps the output in bounded memory ({@link BoundedLines}: the first and last 5000 lines,
 * 4096 characters each), so a child printing 100 MB costs no more heap than one printing 1 MB.
 */
public final class ProcessRunner {
    private final Duration timeout;

    /** @param timeout how long the child may run before its process tree is killed */
    public ProcessRunner(Duration timeout) {
        this.timeout = timeout;
    }

    /** How long a child may run. */
    public Duration timeout() {
        return timeout;
    }

    /**
     * Runs {@code executable} with {@code arguments}.
     *
     * @param executable  the program
     * @param arguments   its arguments, one element each, passed without re-quoting
     * @param environment the complete environment of the child
     * @param workingDir  its working directory
     * @param lines       receives each output line (stdout and stderr) as it arrives
     * @return how it ended; never throws for a failing or missing program
     */
    public ProcessResult run(Path executable, List<String> arguments, Map<String, String> environment, Path workingDir,
                             Consumer<String> lines) {
        CommandLine cl = new CommandLine(executable.toString());
        for (String a : arguments) {
            cl.addArgument(a, false);
        }
        BoundedLines output = new BoundedLines();
        LogOutputStream sink = new LogOutputStream() {
            @Override
            protected void processLine(String line, int level) {
                output.add(line);
                lines.accept(line);
            }
        };
        TreeKillingExecutor executor = new TreeKillingExecutor(workingDir.toFile());
        TreeWatchdog watchdog = new TreeWatchdog(timeout, executor);
        executor.setWatchdog(watchdog);
        executor.setStreamHandler(new PumpStreamHandler(sink));
        executor.setExitValues(null);
        long start = System.nanoTime();
        int exit;
        String launchError = null;
        try {
            exit = executor.execute(cl, environment);
        } catch (ExecuteException e) {
            exit = e.getExitValue();
        } catch (IOException e) {
            exit = -1;
            launchError = e.getMessage();
        } finally {
            executor.killTree();
            try {
                sink.close();
            } catch (IOException ignored) {
                // the sink holds no resource
            }
        }
        boolean timedOut = watchdog.fired();
        return new ProcessResult(timedOut ? -1 : exit, timedOut, Duration.ofNanos(System.nanoTime() - start),
                output.lines(), launchError);
    }

    /**
     * A watchdog that, on timeout, kills the descendants before the process (so none is orphaned).
     * Whether it fired is its own flag: commons-exec's {@code killedProcess()} is only set when the
     * process is still alive when the watchdog gets to it, but a shell whose child was just killed
     * exits at once (status 137), so a killed compiler would read as an ordinary failure.
     */
    private static final class TreeWatchdog extends ExecuteWatchdog {
        private final TreeKillingExecutor executor;
        private volatile boolean fired;

        @SuppressWarnings("deprecation") // the builder cannot create a subclass
        TreeWatchdog(Duration timeout, TreeKillingExecutor executor) {
            super(timeout.toMillis());
            this.executor = executor;
        }

        @Override
        public synchronized void timeoutOccured(org.apache.commons.exec.Watchdog w) {
            fired = true;
            executor.killDescendants();
            super.timeoutOccured(w);
        }

        /** Whether the timeout fired (the process tree was killed, or had just ended by itself at the limit). */
        boolean fired() {
            return fired || killedProcess();
        }
    }

    /** An executor that remembers its process so that its descendants can be killed too. */
    private static final class TreeKillingExecutor extends DefaultExecutor {
        private volatile Process process;

        TreeKillingExecutor(File dir) {
            super();
            setWorkingDirectory(dir);
        }

        @Override
        protected Process launch(CommandLine command, Map<String, String> env, File dir) throws IOException {
            Process p = super.launch(command, env, dir);
            process = p;
            return p;
        }

        // commons-exec 1.5+ launches through this overload; without it the process was never
        // remembered and a timeout killed only the direct child, leaving its children running.
        @Override
        protected Process launch(CommandLine command, Map<String, String> env, Path dir) throws IOException {
            Process p = super.launch(command, env, dir);
            process = p;
            return p;
        }

        /** Kills every still-running descendant of the process. */
        void killDescendants() {
            Process p = process;
            if (p != null) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
            }
        }

        /** Kills every still-running descendant, then the process itself. */
        void killTree() {
            Process p = process;
            if (p == null) {
                return;
            }
            killDescendants();
            if (p.isAlive()) {
                p.destroyForcibly();
            }
        }
    }
}
