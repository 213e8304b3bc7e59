package dev.hipdll.process;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The orphans of one run that the {@link ChildSubreaper} JVM adopted and that the {@link TreeMarker}
 * cannot find because they cleared their environment: children of this JVM (procfs {@code ppid}) that
 * <ul>
 *   <li>started after the run's child ({@link ProcessHandle.Info#startInstant()}),</li>
 *   <li>carry no {@value TreeMarker#NAME} marker at all (a marked one belongs to the run named by its
 *       marker, which finds it itself), and</li>
 *   <li>left this JVM's session ({@code setsid}) or run with an empty environment ({@code env -i}):
 *       a process this JVM started directly, such as another plugin's forked JVM, has neither, so it
 *       is never taken for an orphan of the compiler.</li>
 * </ul>
 *
 * @param procFs    where to look
 * @param jvm       this JVM's pid
 * @param since     when the run's child started
 * @param ownSession this JVM's session id
 */
record AdoptedOrphans(ProcFs procFs, long jvm, Instant since, long ownSession) {
    /** The orphans for a run whose child started at {@code since}; empty without procfs. */
    static AdoptedOrphans of(ProcFs procFs, Instant since) {
        long self = ProcessHandle.current().pid();
        return new AdoptedOrphans(procFs, self, since, procFs.stat(self).map(ProcFs.Stat::session).orElse(-1L));
    }

    /** The live orphans, as above. */
    List<ProcessHandle> find() {
        List<ProcessHandle> out = new ArrayList<>();
        for (long pid : procFs.childrenOf(jvm)) {
            Optional<ProcessHandle> h = ProcessHandle.of(pid);
            if (h.isEmpty() || !procFs.running(h.get())) {
                continue;
            }
            Instant started = h.get().info().startInstant().orElse(Instant.MAX);
            if (started.isBefore(since) || procFs.hasEnvironmentName(pid, TreeMarker.NAME)) {
                continue;
            }
            boolean detached = procFs.stat(pid).map(s -> s.session() != ownSession).orElse(false);
            if (detached || procFs.emptyEnvironment(pid)) {
                out.add(h.get());
            }
        }
        return out;
    }
}
