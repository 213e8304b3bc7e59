package dev.hipdll.process;

import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The child process as commons-exec sees it: every call goes to the real process, except that
 * {@link #destroy()} and {@link #destroyForcibly()} kill the whole {@link ProcessTree} (commons-exec
 * destroys the process when its watchdog times out and when the waiting thread is interrupted, and
 * would otherwise reach only the direct child), and {@link #waitFor()} notes an interruption of the
 * waiting thread (commons-exec clears the thread's interrupt status afterwards, see EXEC-46).
 */
final class TreeProcess extends Process {
    private final Process process;
    private final ProcessTree tree;
    private volatile boolean interrupted;
    private volatile List<String> killed = List.of();

    TreeProcess(Process process, ProcessTree tree) {
        this.process = process;
        this.tree = tree;
    }

    /** The tree of this process. */
    ProcessTree tree() {
        return tree;
    }

    /** Whether the thread waiting for the process was interrupted. */
    boolean interrupted() {
        return interrupted;
    }

    /** Notes that the thread running this process was interrupted. */
    void markInterrupted() {
        interrupted = true;
    }

    /** Descriptions of the processes besides this one that the last kill ended. */
    List<String> killed() {
        return killed;
    }

    /** Kills this process and every process of its tree (see {@link ProcessTree#kill()}). */
    void killTree() {
        List<String> k = tree.kill();
        if (!k.isEmpty()) {
            killed = k;
        }
    }

    @Override
    public OutputStream getOutputStream() {
        return process.getOutputStream();
    }

    @Override
    public InputStream getInputStream() {
        return process.getInputStream();
    }

    @Override
    public InputStream getErrorStream() {
        return process.getErrorStream();
    }

    @Override
    public int waitFor() throws InterruptedException {
        try {
            int exit = process.waitFor();
            if (Thread.currentThread().isInterrupted()) {
                interrupted = true;
            }
            return exit;
        } catch (InterruptedException e) {
            interrupted = true;
            throw e;
        }
    }

    @Override
    public boolean waitFor(long timeout, TimeUnit unit) throws InterruptedException {
        try {
            return process.waitFor(timeout, unit);
        } catch (InterruptedException e) {
            interrupted = true;
            throw e;
        }
    }

    @Override
    public int exitValue() {
        return process.exitValue();
    }

    @Override
    public void destroy() {
        killTree();
    }

    @Override
    public Process destroyForcibly() {
        killTree();
        return this;
    }

    @Override
    public boolean supportsNormalTermination() {
        return process.supportsNormalTermination();
    }

    @Override
    public boolean isAlive() {
        return process.isAlive();
    }

    @Override
    public long pid() {
        return process.pid();
    }

    @Override
    public CompletableFuture<Process> onExit() {
        return process.onExit().thenApply(p -> this);
    }

    @Override
    public ProcessHandle toHandle() {
        return process.toHandle();
    }

    @Override
    public ProcessHandle.Info info() {
        return process.info();
    }

    @Override
    public Stream<ProcessHandle> children() {
        return process.children();
    }

    @Override
    public Stream<ProcessHandle> descendants() {
        return process.descendants();
    }
}
