package dev.hipdll.process;

import java.util.ArrayList;
import java.util.List;
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
 *       killed by SIGKILL").</li>
 * </ul>
 *
 * @param procFs    where to look
 * @param jvm       this JVM's pid
 * @param sinceTicks when the run's child started, in procfs clock ticks ({@link ProcFs.Stat#startTicks()})
 * @param ownSession this JVM's session id
 */
record AdoptedOrphans(ProcFs procFs, long jvm, long sinceTicks, long ownSession) {
    /**
     * The orphans for the run whose child is {@code root}, read while the root is not yet reaped (at launch),
     * so its procfs entry exists; without procfs, or if it cannot be read, every child counts as started
     * after it (the other conditions still apply).
     */
    static AdoptedOrphans of(ProcFs procFs, long root) {
        long self = ProcessHandle.current().pid();
        return new AdoptedOrphans(procFs, self, procFs.stat(root).map(ProcFs.Stat::startTicks).orElse(0L),
                procFs.stat(self).map(ProcFs.Stat::session).orElse(-1L));
    }

    /** The live orphans, as above. */
    List<ProcessHandle> find() {
        List<ProcessHandle> out = new ArrayList<>();
        for (long pid : procFs.childrenOf(jvm)) {
            Optional<ProcessHandle> h = ProcessHandle.of(pid);
            if (h.isEmpty() || !procFs.running(h.get())) {
                continue;
            }
            Optional<ProcFs.Stat> stat = procFs.stat(pid);
            if (stat.isEmpty() || stat.get().startTicks() < sinceTicks || procFs.hasEnvironmentName(pid, TreeMarker.NAME)) {
                continue;
            }
            boolean detached = stat.get().session() != ownSession;
            // mid-execve (another run's compiler being launched by the JDK) the environment reads as empty and
            // the marker is not there yet: such a process has no command line; read the environment again after
            if (procFs.hasCommandLine(pid) && (detached || procFs.emptyEnvironment(pid))) {
                out.add(h.get());
            }
        }
        return out;
    }
}
