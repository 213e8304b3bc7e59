package dev.hipdll.process;

import java.time.Duration;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * The processes of one run: the direct child ({@code root}) and everything it started, found three
 * ways, because no single one sees every process:
 * <ol>
 *   <li>{@link Process#descendants()} now (the live tree below a live root);</li>
 *   <li>snapshots of that tree taken every {@code interval} while the root runs (a child whose
 *       parent has exited is re-parented and drops out of the tree; a snapshot still names it,
 *       and {@link ProcessHandle} checks pid and start time, so a reused pid is never killed);</li>
 *   <li>{@code marked}: the processes carrying the run's {@link TreeMarker} (on Linux, also those
 *       started and orphaned between two snapshots, such as {@code sleep 300 &} in a wrapper
 *       script that exits at once), and the orphans this JVM adopted as a {@link ChildSubreaper} that
 *       cleared their environment and left the session ({@code env -i setsid ...}, {@link AdoptedOrphans}).</li>
 * </ol>
 * On Windows the tree is also in a {@link WindowsJob}, terminated on kill and closed at the end.
 * Thread-safe: the watchdog, the Maven thread, the output pumps and a shutdown hook may all kill.
 */
final class ProcessTree {
    /** How long to wait for killed processes to be gone. */
    private static final Duration REAP_WAIT = Duration.ofSeconds(5);

    private final Process root;
    private final Supplier<List<ProcessHandle>> marked;
    private final ProcFs procFs;
    private final Map<Long, ProcessHandle> seen = new ConcurrentHashMap<>();
    private final Thread watcher;
    private final java.util.function.LongConsumer reap;
    private final WindowsJob job;

    /**
     * @param root     the direct child
     * @param marked   lists the live processes carrying the run's marker ({@link TreeMarker#find()})
     * @param procFs   tells a zombie (exited, not yet reaped) from a running process
     * @param interval time between two snapshots of the descendants; {@code null}: no snapshots
     */
    ProcessTree(Process root, Supplier<List<ProcessHandle>> marked, ProcFs procFs, Duration interval) {
        this(root, marked, procFs, interval, null, null);
    }

    /**
     * @param root     the direct child
     * @param marked   lists the live processes of the run found by marker or adoption ({@link TreeMarker#find()},
     *                 {@link AdoptedOrphans#find()})
     * @param procFs   tells a zombie (exited, not yet reaped) from a running process
     * @param interval time between two snapshots of the descendants; {@code null}: no snapshots
     * @param reap     reaps an exited orphan this JVM adopted ({@link ChildSubreaper#reap}), or {@code null}
     * @param job      the Windows Job Object holding the tree ({@link WindowsJob}), or {@code null}
     */
    ProcessTree(Process root, Supplier<List<ProcessHandle>> marked, ProcFs procFs, Duration interval,
                java.util.function.LongConsumer reap, WindowsJob job) {
        this.root = root;
        this.marked = marked;
        this.procFs = procFs;
        this.reap = reap;
        this.job = job;
        if (interval == null) {
            watcher = null;
            return;
        }
        watcher = new Thread(() -> {
            try {
                while (root.isAlive()) {
                    snapshot();
                    root.waitFor(interval.toMillis(), TimeUnit.MILLISECONDS);
                }
            } catch (InterruptedException e) {
                // stopped
            }
        }, "hipdll-process-tree-" + root.pid());
        watcher.setDaemon(true);
        watcher.start();
    }

    /** Records the current descendants of the root. */
    void snapshot() {
        try {
            root.descendants().forEach(h -> seen.putIfAbsent(h.pid(), h));
        } catch (RuntimeException e) {
            // the process table could not be read this time; the next snapshot tries again
        }
    }

    /**
     * The live processes of the run other than the root, keyed by pid. With a Windows job, exactly the job's
     * members: the parent links of Windows' process table are pids that may have been reused, and under Wine
     * the system services (services.exe, winedevice.exe, rpcss.exe, ...) that a compiler's first console
     * start brings up have it as their parent; taking them for leftovers killed them and hung every later
     * process of the prefix (found by the Windows tier's HeldDllTest).
     */
    private Map<Long, ProcessHandle> members() {
        List<Long> inJob = job == null ? null : job.processIds();
        if (inJob != null) {
            Map<Long, ProcessHandle> all = new LinkedHashMap<>();
            for (long pid : inJob) {
                ProcessHandle.of(pid).filter(ProcessHandle::isAlive).ifPresent(h -> all.put(pid, h));
            }
            all.remove(root.pid());
            all.remove(ProcessHandle.current().pid());
            return all;
        }
        snapshot();
        Map<Long, ProcessHandle> all = new LinkedHashMap<>();
        for (ProcessHandle h : seen.values()) {
            if (procFs.running(h)) {
                all.put(h.pid(), h);
            }
        }
        for (ProcessHandle h : marked.get()) {
            all.putIfAbsent(h.pid(), h);
        }
        all.remove(root.pid());
        all.remove(ProcessHandle.current().pid());
        return all;
    }

    /**
     * Kills the root and every other process of the run at once ({@link ProcessHandle#destroyForcibly()},
     * SIGKILL on Linux), looking again for processes started meanwhile, and waits until they are gone
     * (at most a few seconds). Used on timeout, interruption and JVM shutdown.
     *
     * @return a description of each process killed besides the root, e.g. {@code pid 4711 (/usr/bin/sleep 300)}
     */
    List<String> kill() {
        Map<Long, String> killed = new LinkedHashMap<>();
        Map<Long, ProcessHandle> all = new LinkedHashMap<>();
        if (job != null) {
            job.terminate(); // Windows: every process in the job, at once
        }
        for (int round = 0; round < 5; round++) {
            Map<Long, ProcessHandle> members = members(); // before the root dies and its children are re-parented
            root.destroyForcibly();
            if (members.isEmpty()) {
                break;
            }
            for (ProcessHandle h : members.values()) {
                killed.computeIfAbsent(h.pid(), pid -> ProcessLabel.of(h, procFs));
                h.destroyForcibly();
                all.put(h.pid(), h);
            }
        }
        awaitGone(all.values(), REAP_WAIT);
        return List.copyOf(killed.values());
    }

    /**
     * After the root has exited: ends the processes it left running. Each gets a termination request
     * first ({@link ProcessHandle#destroy()}, SIGTERM on Linux, so that a server such as wineserver can
     * save its state), and is killed ({@link ProcessHandle#destroyForcibly()}) when it is still
     * running after {@code grace}.
     *
     * @return a description of each process ended, e.g. {@code pid 4711 (/usr/bin/sleep 300)}
     */
    List<String> endLeftovers(Duration grace) {
        stopWatching();
        Map<Long, String> ended = new LinkedHashMap<>();
        Map<Long, ProcessHandle> all = new LinkedHashMap<>();
        for (int round = 0; round < 5; round++) {
            Map<Long, ProcessHandle> members = members();
            if (members.isEmpty()) {
                break;
            }
            for (ProcessHandle h : members.values()) {
                ended.computeIfAbsent(h.pid(), pid -> ProcessLabel.of(h, procFs));
                h.destroy();
                all.put(h.pid(), h);
            }
            awaitGone(members.values(), grace);
            members.values().stream().filter(procFs::running).forEach(ProcessHandle::destroyForcibly);
        }
        if (job != null) {
            job.terminate(); // whatever of the job still runs after the grace period
        }
        awaitGone(all.values(), REAP_WAIT);
        return List.copyOf(ended.values());
    }

    /** Closes the Windows job, if any: what still runs in it ends (kill on job close). */
    void close() {
        if (job != null) {
            job.close();
        }
    }

    /** Stops taking snapshots. */
    void stopWatching() {
        if (watcher != null) {
            watcher.interrupt();
        }
    }

    /** Waits until none of {@code handles} runs (a zombie has ended), at most {@code limit}. */
    private void awaitGone(Collection<ProcessHandle> handles, Duration limit) {
        long deadline = System.nanoTime() + limit.toNanos();
        while (handles.stream().anyMatch(procFs::running) && System.nanoTime() < deadline) {
            reapAdopted(handles);
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        reapAdopted(handles);
    }

    /**
     * Reaps the ended processes of {@code handles} that are children of this JVM other than the root: orphans
     * it adopted as a subreaper, which the JDK does not reap (it reaps only what it started).
     */
    private void reapAdopted(Collection<ProcessHandle> handles) {
        if (reap == null) {
            return;
        }
        long self = ProcessHandle.current().pid();
        for (ProcessHandle h : handles) {
            if (h.pid() != root.pid() && procFs.zombie(h.pid())
                    && procFs.stat(h.pid()).map(st -> st.ppid() == self).orElse(false)) {
                reap.accept(h.pid());
            }
        }
    }
}
