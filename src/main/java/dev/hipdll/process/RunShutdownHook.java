package dev.hipdll.process;

/**
 * The shutdown hook of one run: registered before the child is launched and removed when the run
 * has ended, so a JVM that stops meanwhile (Ctrl-C, SIGTERM, {@code System.exit}) first runs
 * {@code kill} (which kills the child's whole tree). Registering it before the launch leaves no
 * window in which a started child is unprotected; the kill itself copes with a launch in flight
 * (see {@code ProcessRunner}). No state is shared between runs.
 */
final class RunShutdownHook {
    private final Thread hook;
    private boolean registered;

    /** @param kill what to do when the JVM stops during the run */
    RunShutdownHook(Runnable kill) {
        this.hook = new Thread(kill, "hipdll-kill-process-tree");
    }

    /**
     * Registers the hook.
     *
     * @return false when the JVM is already stopping (then nothing may be started)
     */
    synchronized boolean register() {
        try {
            Runtime.getRuntime().addShutdownHook(hook);
            registered = true;
            return true;
        } catch (IllegalStateException e) {
            return false;
        }
    }

    /**
     * Removes the hook if it is registered.
     *
     * @return whether it was registered and is removed now (false also while the JVM stops: then it runs)
     */
    synchronized boolean unregister() {
        if (!registered) {
            return false;
        }
        registered = false;
        try {
            return Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            return false;
        }
    }

    /** Whether the hook is registered. */
    synchronized boolean registered() {
        return registered;
    }
}
