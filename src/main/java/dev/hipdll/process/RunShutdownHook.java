package dev.hipdll.process;

import org.apache.commons.exec.ProcessDestroyer;

/**
 * The shutdown hook of one run (commons-exec's {@link ProcessDestroyer}): registered when the child
 * has started, removed when it has ended, so a JVM that stops meanwhile (Ctrl-C, SIGTERM,
 * {@code System.exit}) first kills the child's whole tree ({@link Process#destroyForcibly()} on the
 * {@link TreeProcess}). Holds at most one process; no state is shared between runs.
 */
final class RunShutdownHook implements ProcessDestroyer {
    private Thread hook;

    @Override
    public synchronized boolean add(Process process) {
        Thread h = new Thread(process::destroyForcibly, "hipdll-kill-process-tree-" + process.pid());
        try {
            Runtime.getRuntime().addShutdownHook(h);
        } catch (IllegalStateException e) {
            process.destroyForcibly(); // the JVM is already stopping: no child may outlive it
            return false;
        }
        hook = h;
        return true;
    }

    @Override
    public synchronized boolean remove(Process process) {
        Thread h = hook;
        hook = null;
        if (h == null) {
            return false;
        }
        try {
            return Runtime.getRuntime().removeShutdownHook(h);
        } catch (IllegalStateException e) {
            return false; // the JVM is stopping: the hook runs (or ran) and kills the tree
        }
    }

    @Override
    public synchronized int size() {
        return hook == null ? 0 : 1;
    }
}
