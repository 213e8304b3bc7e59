package dev.hipdll.process;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The orphans of one run that the {@link ChildSubreaper} JVM adopted and that the {@link TreeMarker}
 * cannot find because they cleared their environment: children of this JVM (procfs {@code ppid}) that
 * <ul>
 *   <li>started no earlier than the run's child (procfs {@code starttime}, {@link ProcFs.Stat#startTicks()}:
 *       the same clock for both; an earlier version compared {@link ProcessHandle.Info#startInstant()}
 *       with {@link java.time.Instant#now()}, and as the former is up to a second behind the wall clock,
 *       an orphan started within that second was taken for an older process and left running),</li>
 *   <li>carry no {@value TreeMarker#NAME} marker at all (a marked one belongs to the run named by its
 *       marker, which finds it itself), and</li>
 *   <li>left this JVM's session ({@code setsid}) or run with an empty environment ({@code env -i}):
 *       a process this JVM started directly, such as another plugin's forked JVM, has neither, so it
 *       is never taken for an orphan of the compiler;</li>
 *   <li>have a command line: in the middle of {@code execve} a process has none and its environment
 *       reads as empty for a moment, so the compiler of another run launched at that instant (another
 *       step of the same build, not yet carrying its own marker as procfs shows it) looked like an
 *       {@code env -i} orphan and was killed (seen once in a full test run: "host compile failed,
 *       killed by SIGKILL");</li>
 *   <li>are not the JDK's launch helper ({@value #JDK_LAUNCH_HELPER}, through which {@link ProcessBuilder}
 *       starts every process on Linux): it runs with a command line and, for a while, an empty environment
 *       (seen with a procfs scan beside 400 launches), and becomes another run's program when it execs;</li>
 *   <li>still look so after a pause ({@link #CONFIRM_MILLIS} ms): the kernel sets a new program's
 *       argument and environment ranges one after the other, so for an instant in {@code execve} a process
 *       can show its new command line and still an empty environment; another run's shell launched then
 *       was killed by this run's search (seen once in a full test run: {@code ConcurrentRunsTest}, "run 47:
 *       exit 137"). A real orphan looks the same after the pause; one in {@code execve} carries its marker. A child
 *       seen in {@code execve} at a look is looked at again ({@link #MAX_LOOKS}), not dropped.</li>
 * </ul>
 *
 * @param procFs    where to look
 * @param jvm       this JVM's pid
 * @param sinceTicks when the run's child started, in procfs clock ticks ({@link ProcFs.Stat#startTicks()})
 * @param ownSession this JVM's session id
 */
record AdoptedOrphans(ProcFs procFs, long jvm, long sinceTicks, long ownSession, Pause pause) {
    /** The JDK's launch helper on Linux ({@code lib/jspawnhelper}, jdk.lang.Process.launchMechanism POSIX_SPAWN). */
    static final String JDK_LAUNCH_HELPER = "jspawnhelper";
    /** How long a candidate must keep looking like an orphan before it counts as one, in milliseconds. */
    static final long CONFIRM_MILLIS = 20;

    /** The wait between the two looks at a candidate. */
    interface Pause {
        /** Waits; an interrupt ends the wait early (the candidates are then looked at again at once). */
        void await();
    }

    /** {@link #CONFIRM_MILLIS} ms of sleep; an interrupt is kept for the caller. */
    static final Pause SLEEP = () -> {
        try {
            Thread.sleep(CONFIRM_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    };

    /**
     * The orphans for the run whose child is {@code root}, read while the root is not yet reaped (at launch),
     * so its procfs entry exists; without procfs, or if it cannot be read, every child counts as started
     * after it (the other conditions still apply).
     */
    static AdoptedOrphans of(ProcFs procFs, long root) {
        return of(procFs, root, SLEEP);
    }

    /** As {@link #of(ProcFs, long)}, with another wait between the two looks (a test's). */
    static AdoptedOrphans of(ProcFs procFs, long root, Pause pause) {
        long self = ProcessHandle.current().pid();
        return new AdoptedOrphans(procFs, self, procFs.stat(root).map(ProcFs.Stat::startTicks).orElse(0L),
                procFs.stat(self).map(ProcFs.Stat::session).orElse(-1L), pause);
    }

    /**
     * The most looks at the children: a candidate must look orphaned at two of them, a pause apart; one that is in
     * {@code execve} at a look (or still the JDK's launch helper) is looked at again, up to this many looks.
     */
    static final int MAX_LOOKS = 6;

    /** What one look at a child of this JVM says. */
    private enum Look {
        /** Not an orphan of this run (a marker, older than the run, this JVM's own, gone): never looked at again. */
        NOT,
        /** Cannot be told now: in the middle of {@code execve} (no command line yet) or the JDK's launch helper. */
        UNDECIDED,
        /** Every condition above holds. */
        ORPHANED
    }

    /**
     * The live orphans, as above: the children that looked orphaned at two looks a {@link #pause} apart. A child
     * seen in {@code execve} is looked at again rather than dropped: an orphan that {@code env -i setsid} execs twice
     * on its way to its program was seen mid-exec at the second look and left running (once in 120 runs of
     * {@code DetachedDescendantTest}). No candidate, no pause.
     */
    List<ProcessHandle> find() {
        Map<Long, ProcessHandle> pending = new LinkedHashMap<>();
        Map<Long, Integer> sightings = new HashMap<>();
        List<ProcessHandle> out = new ArrayList<>();
        for (long pid : procFs.childrenOf(jvm)) {
            ProcessHandle.of(pid).ifPresent(h -> pending.put(pid, h));
        }
        for (int look = 0; look < MAX_LOOKS && !pending.isEmpty(); look++) {
            if (look > 0) {
                pause.await();
            }
            for (Iterator<ProcessHandle> it = pending.values().iterator(); it.hasNext(); ) {
                ProcessHandle h = it.next();
                Look l = look(h);
                if (l == Look.NOT) {
                    it.remove();
                } else if (l == Look.ORPHANED && sightings.merge(h.pid(), 1, Integer::sum) >= 2) {
                    out.add(h);
                    it.remove();
                }
            }
        }
        return out;
    }

    /** One look at a child of this JVM: every condition above but the pause. */
    private Look look(ProcessHandle h) {
        long pid = h.pid();
        if (!procFs.running(h)) {
            return Look.NOT;
        }
        Optional<ProcFs.Stat> stat = procFs.stat(pid);
        if (stat.isEmpty() || stat.get().startTicks() < sinceTicks || procFs.hasEnvironmentName(pid, TreeMarker.NAME)) {
            return Look.NOT;
        }
        // mid-execve (another run's compiler being launched by the JDK) the environment reads as empty and
        // the marker is not there yet: such a process has no command line; the JDK's launch helper is a
        // launch of this JVM in progress, which execs the run's program next
        Optional<String> program = procFs.program(pid);
        if (program.isEmpty() || JDK_LAUNCH_HELPER.equals(program.get())) {
            return Look.UNDECIDED;
        }
        boolean detached = stat.get().session() != ownSession;
        // the environment read again, after the command line
        return detached || procFs.emptyEnvironment(pid) ? Look.ORPHANED : Look.NOT;
    }
}
