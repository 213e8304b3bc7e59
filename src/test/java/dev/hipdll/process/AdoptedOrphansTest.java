package dev.hipdll.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.testing.Toolchain;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which adopted children count as orphans of a run: start times compare in procfs clock ticks, the
 * root's against the child's. Comparing the JDK's {@code startInstant} (boot time in whole seconds plus
 * ticks) with the wall clock left an orphan started within a second of its run running, in about one
 * run of 60 ({@code DetachedDescendantTest} failed now and then). A procfs of the
 * test's own making decides parent, session, environment and start ticks; the pids are of real
 * processes, as {@link ProcessHandle} needs them alive.
 */
class AdoptedOrphansTest {
    private static final long ROOT = 4_000_000; // above pid_max's default: no real process has it
    private static final long OWN_SESSION = 7;

    @TempDir
    Path proc;
    private final List<Process> started = new ArrayList<>();

    @AfterEach
    void stop() {
        started.forEach(Process::destroyForcibly);
    }

    private long realProcess() throws Exception {
        Toolchain.require("sleep");
        Process p = new ProcessBuilder("sleep", "60").start();
        started.add(p);
        return p.pid();
    }

    private void entry(long pid, long ppid, long session, long startTicks, String environ) throws Exception {
        entry(pid, ppid, session, startTicks, environ, "sleep\0" + "300\0");
    }

    private void entry(long pid, long ppid, long session, long startTicks, String environ, String cmdline) throws Exception {
        Path d = Files.createDirectories(proc.resolve(Long.toString(pid)));
        Files.writeString(d.resolve("cmdline"), cmdline);
        // proc(5): pid (comm) state ppid pgrp session tty_nr tpgid flags minflt cminflt majflt cmajflt utime stime
        // cutime cstime priority nice num_threads itrealvalue starttime vsize rss
        Files.writeString(d.resolve("stat"), pid + " (a) b) S " + ppid + " " + pid + " " + session
                + " 0 -1 4194304 0 0 0 0 0 0 0 0 20 0 1 0 " + startTicks + " 2560000 300\n");
        Files.writeString(d.resolve("environ"), environ);
    }

    private AdoptedOrphans orphans(long rootStartTicks) throws Exception {
        long jvm = ProcessHandle.current().pid();
        Files.createDirectories(proc.resolve("self"));
        entry(jvm, 1, OWN_SESSION, 5, "PATH=/bin\0");
        entry(ROOT, jvm, OWN_SESSION, rootStartTicks, "HIPDLL_PROCESS_TREE=x\0");
        return AdoptedOrphans.of(new ProcFs(proc), ROOT);
    }

    @Test
    void anOrphanStartedInTheRootsOwnTickIsFound() throws Exception {
        AdoptedOrphans o = orphans(1000);
        long same = realProcess();
        long later = realProcess();
        entry(same, ProcessHandle.current().pid(), 99, 1000, "");
        entry(later, ProcessHandle.current().pid(), 99, 1001, "");
        assertEquals(List.of(same, later).stream().sorted().toList(),
                o.find().stream().map(ProcessHandle::pid).sorted().toList());
    }

    @Test
    void aChildOlderThanTheRootIsNot() throws Exception {
        AdoptedOrphans o = orphans(1000);
        long older = realProcess();
        entry(older, ProcessHandle.current().pid(), 99, 999, "");
        assertEquals(List.of(), o.find());
    }

    @Test
    void aChildInTheJvmsSessionWithAnEnvironmentIsNot() throws Exception {
        AdoptedOrphans o = orphans(1000);
        long plain = realProcess();
        long emptyEnv = realProcess();
        long marked = realProcess();
        long jvm = ProcessHandle.current().pid();
        entry(plain, jvm, OWN_SESSION, 1200, "PATH=/bin\0");
        entry(emptyEnv, jvm, OWN_SESSION, 1200, "");
        entry(marked, jvm, 99, 1200, TreeMarker.NAME + "=another-run\0");
        assertEquals(List.of(emptyEnv), o.find().stream().map(ProcessHandle::pid).toList());
    }

    /**
     * In the middle of {@code execve} a process has no command line and its environment reads as empty: the
     * compiler of another step, launched at that instant, is not an orphan of this run (it was killed once in
     * a full test run, "host compile ... killed by SIGKILL").
     */
    @Test
    void aProcessInTheMiddleOfExecIsNot() throws Exception {
        onlyTheOrphanIsFoundBesideAChildWith("");
    }

    /**
     * A child of the JVM in the JVM's session, started after the root, with an empty environment and the
     * command line {@code cmdline}, beside a real orphan: only the orphan is found.
     */
    private void onlyTheOrphanIsFoundBesideAChildWith(String cmdline) throws Exception {
        AdoptedOrphans o = orphans(1000);
        long other = realProcess();
        long orphan = realProcess();
        long jvm = ProcessHandle.current().pid();
        entry(other, jvm, OWN_SESSION, 1200, "", cmdline);
        entry(orphan, jvm, OWN_SESSION, 1200, "");
        assertEquals(List.of(orphan), o.find().stream().map(ProcessHandle::pid).toList());
    }

    /**
     * For an instant in {@code execve} a process shows its new command line and still an empty environment
     * (the kernel sets the two ranges one after the other): another run's shell launched then was killed as an
     * {@code env -i} orphan once ({@code ConcurrentRunsTest}, "run 47: exit 137"). A candidate counts only if
     * it still looks orphaned after the pause; here its marker appears during it.
     */
    @Test
    void aProcessWhoseMarkerAppearsDuringThePauseIsNot() throws Exception {
        long jvm = ProcessHandle.current().pid();
        orphans(1000);  // writes the JVM's and the root's entries
        long launching = realProcess();
        long orphan = realProcess();
        entry(launching, jvm, OWN_SESSION, 1200, "");
        entry(orphan, jvm, OWN_SESSION, 1200, "");
        int[] pauses = {0};
        AdoptedOrphans o = AdoptedOrphans.of(new ProcFs(proc), ROOT, () -> {
            pauses[0]++;
            try {
                entry(launching, jvm, OWN_SESSION, 1200, TreeMarker.NAME + "=another-run\0PATH=/bin\0");
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        assertEquals(List.of(orphan), o.find().stream().map(ProcessHandle::pid).toList());
        assertEquals(1, pauses[0], "one pause for the candidates");
        assertEquals(List.of(orphan), o.find().stream().map(ProcessHandle::pid).toList(), "a real orphan stays one");
    }

    /**
     * {@code env -i setsid sleep} execs twice on its way to its program: an orphan seen as {@code setsid} at the first
     * look can be in {@code execve} (no command line) at the second. It is looked at again, not dropped: dropped, it
     * was left running once in 120 runs of {@code DetachedDescendantTest}.
     */
    @Test
    void anOrphanInExecAtTheSecondLookIsLookedAtAgain() throws Exception {
        long jvm = ProcessHandle.current().pid();
        orphans(1000);
        long orphan = realProcess();
        entry(orphan, jvm, 99, 1200, "", "setsid\0sleep\0" + "300\0");
        int[] pauses = {0};
        AdoptedOrphans o = AdoptedOrphans.of(new ProcFs(proc), ROOT, () -> {
            pauses[0]++;
            try { // the second look: in execve; the third: the program
                entry(orphan, jvm, 99, 1200, "", pauses[0] == 1 ? "" : "sleep\0" + "300\0");
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        assertEquals(List.of(orphan), o.find().stream().map(ProcessHandle::pid).toList());
        assertEquals(2, pauses[0]);
    }

    /** A child that stays in {@code execve} is looked at {@link AdoptedOrphans#MAX_LOOKS} times, then left: no endless wait. */
    @Test
    void aChildThatStaysUndecidedIsLeftAfterTheLastLook() throws Exception {
        long jvm = ProcessHandle.current().pid();
        orphans(1000);
        long stuck = realProcess();
        entry(stuck, jvm, OWN_SESSION, 1200, "", "");
        int[] pauses = {0};
        AdoptedOrphans o = AdoptedOrphans.of(new ProcFs(proc), ROOT, () -> pauses[0]++);
        assertEquals(List.of(), o.find());
        assertEquals(AdoptedOrphans.MAX_LOOKS - 1, pauses[0]);
    }

    /** The JDK's jspawnhelper runs with a command line and, for a while, an empty environment: a launch, not an orphan. */
    @Test
    void theJdksLaunchHelperIsNot() throws Exception {
        onlyTheOrphanIsFoundBesideAChildWith("/usr/lib/jvm/java-17-openjdk-amd64/lib/jspawnhelper\0" + "13:14:15\0");
    }

    @Test
    void noCandidateNoPause() throws Exception {
        orphans(1000);
        int[] pauses = {0};
        AdoptedOrphans o = AdoptedOrphans.of(new ProcFs(proc), ROOT, () -> pauses[0]++);
        assertEquals(List.of(), o.find());
        assertEquals(0, pauses[0]);
    }

    @Test
    void theRealStatGivesStartTicksInOrder() throws Exception {
        if (!Files.isDirectory(Path.of("/proc/self"))) {
            Toolchain.missing("procfs at /proc (Linux)");
        }
        ProcFs real = ProcFs.standard();
        long jvm = real.stat(ProcessHandle.current().pid()).orElseThrow().startTicks();
        long child = real.stat(realProcess()).orElseThrow().startTicks();
        assertTrue(jvm > 0 && child >= jvm, "jvm " + jvm + ", child " + child);
    }
}
