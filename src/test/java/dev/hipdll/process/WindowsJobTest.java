package dev.hipdll.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.jna.Pointer;
import com.sun.jna.Structure;
import com.sun.jna.WString;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The Windows Job Object's parts that run anywhere: the call sequence against a
 * recording kernel32, the kill-on-close flag, and the structure's x64 layout as winnt.h defines it
 * (JOBOBJECT_BASIC_LIMIT_INFORMATION 64 bytes, IO_COUNTERS 48, JOBOBJECT_EXTENDED_LIMIT_INFORMATION 144;
 * JNA lays it out by the C rules, which x86-64 Linux and Windows share for these types).
 */
class WindowsJobTest {
    /** Records each call; returns fixed handles; can be told to fail a call. */
    private static final class Recorder implements JobObjectApi {
        final List<String> calls = new ArrayList<>();
        final Pointer job = new Pointer(0x100);
        final Pointer process = new Pointer(0x200);
        String fail = "";
        int flags = -1;
        int size = -1;

        @Override
        public Pointer CreateJobObjectW(Pointer securityAttributes, WString name) {
            calls.add("CreateJobObjectW(" + securityAttributes + ", " + name + ")");
            return fail.equals("create") ? null : job;
        }

        @Override
        public boolean SetInformationJobObject(Pointer j, int infoClass, Structure info, int length) {
            calls.add("SetInformationJobObject(" + (j == job ? "job" : j) + ", " + infoClass + ", " + length + ")");
            flags = info.getPointer().getInt(16);
            size = length;
            return !fail.equals("set");
        }

        @Override
        public Pointer OpenProcess(int desiredAccess, boolean inheritHandle, int pid) {
            calls.add("OpenProcess(0x" + Integer.toHexString(desiredAccess) + ", " + inheritHandle + ", " + pid + ")");
            return process;
        }

        @Override
        public boolean AssignProcessToJobObject(Pointer j, Pointer p) {
            calls.add("AssignProcessToJobObject(" + (j == job ? "job" : j) + ", " + (p == process ? "process" : p) + ")");
            return true;
        }

        @Override
        public boolean QueryInformationJobObject(Pointer j, int infoClass, Pointer info, int length, Pointer returned) {
            calls.add("QueryInformationJobObject(" + (j == job ? "job" : j) + ", " + infoClass + ")");
            info.setInt(0, 2);
            info.setInt(4, 2);
            info.setLong(8, 4711);
            info.setLong(16, 4712);
            return !fail.equals("query");
        }

        @Override
        public boolean TerminateJobObject(Pointer j, int exitCode) {
            calls.add("TerminateJobObject(" + (j == job ? "job" : j) + ", " + exitCode + ")");
            return true;
        }

        @Override
        public boolean CloseHandle(Pointer h) {
            calls.add("CloseHandle(" + (h == job ? "job" : h == process ? "process" : h) + ")");
            return true;
        }
    }

    @Test
    void theJobKillsOnCloseAndHoldsTheChild() {
        Recorder k = new Recorder();
        WindowsJob job = WindowsJob.create(k);
        assertNotNull(job);
        assertTrue(job.assign(4711));
        job.terminate();
        job.close();
        assertEquals(List.of("CreateJobObjectW(null, null)", "SetInformationJobObject(job, 9, 144)",
                "OpenProcess(0x101, false, 4711)", "AssignProcessToJobObject(job, process)", "CloseHandle(process)",
                "TerminateJobObject(job, 1)", "CloseHandle(job)"), k.calls);
        assertEquals(0x2000, k.flags, "JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE");
    }

    @Test
    void theJobListsItsProcessIds() {
        Recorder k = new Recorder();
        WindowsJob job = WindowsJob.create(k);
        assertEquals(List.of(4711L, 4712L), job.processIds());
        assertEquals("QueryInformationJobObject(job, 3)", k.calls.get(k.calls.size() - 1));
        k.fail = "query";
        assertNull(job.processIds(), "a failed query is no answer, not an empty job");
    }

    @Test
    void aFailedSetupLeavesNoHandle() {
        Recorder k = new Recorder();
        k.fail = "set";
        assertNull(WindowsJob.create(k));
        assertEquals("CloseHandle(job)", k.calls.get(k.calls.size() - 1));
        Recorder c = new Recorder();
        c.fail = "create";
        assertNull(WindowsJob.create(c));
        assertEquals(1, c.calls.size());
    }

    @Test
    void theLimitStructureHasTheX64Layout() {
        JobObjectApi.ExtendedLimitInformation info = WindowsJob.limits();
        assertEquals(144, info.size());
        assertEquals(16, info.offsetOf("limitFlags"));
        assertEquals(24, info.offsetOf("minimumWorkingSetSize"));
        assertEquals(40, info.offsetOf("activeProcessLimit"));
        assertEquals(48, info.offsetOf("affinity"));
        assertEquals(60, info.offsetOf("schedulingClass"));
        assertEquals(64, info.offsetOf("readOperationCount")); // IO_COUNTERS after the 64-byte basic limits
        assertEquals(112, info.offsetOf("processMemoryLimit"));
        assertEquals(136, info.offsetOf("peakJobMemoryUsed"));
        assertEquals(0x2000, info.getPointer().getInt(16));
    }

    @Test
    void offWindowsThereIsNoJob() {
        if (!com.sun.jna.Platform.isWindows()) {
            assertNull(WindowsJob.create());
        }
    }
}
