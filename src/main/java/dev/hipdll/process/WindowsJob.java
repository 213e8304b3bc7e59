package dev.hipdll.process;

import com.sun.jna.Native;
import com.sun.jna.Platform;
import com.sun.jna.Pointer;
import java.util.List;

/**
 * A Windows Job Object holding the compiler: created with
 * {@code JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE}, the child is assigned to it right after it started, and
 * every process it starts later belongs to the job too (Windows 8+ nests jobs, so this works also when
 * the JVM itself runs in a CI job). Closing the job's last handle terminates every process in it; the
 * kernel closes the handle when the JVM dies however it dies (Task Manager, {@code taskkill /F}), so the
 * compiler dies with the JVM. A timeout or interruption terminates the job at once
 * ({@code TerminateJobObject}).
 *
 * <p>What remains possible: a process the child starts between its own start and the assignment (the JDK
 * cannot start a process suspended) is outside the job; a process started with
 * {@code CREATE_BREAKAWAY_FROM_JOB} leaves it only when the job allows breakaway, which this one does not.
 */
final class WindowsJob implements AutoCloseable {
    private final JobObjectApi api;
    private final Pointer job;
    /** Set once the handle is closed: no call uses it afterwards (the value may name another object by then). */
    private final java.util.concurrent.atomic.AtomicBoolean closed = new java.util.concurrent.atomic.AtomicBoolean();

    private WindowsJob(JobObjectApi api, Pointer job) {
        this.api = api;
        this.job = job;
    }

    /** A job through the real kernel32 on 64-bit Windows; {@code null} elsewhere or when it cannot be made. */
    static WindowsJob create() {
        if (!Platform.isWindows() || Native.POINTER_SIZE != 8) {
            return null;
        }
        try {
            return create(Native.load("kernel32", JobObjectApi.class));
        } catch (LinkageError | RuntimeException e) { // no native library: no JNA on this JVM
            return null;
        }
    }

    /** A job made through {@code api}; {@code null} when a call fails. */
    static WindowsJob create(JobObjectApi api) {
        Pointer job = api.CreateJobObjectW(null, null);
        if (job == null) {
            return null;
        }
        JobObjectApi.ExtendedLimitInformation info = limits();
        if (!api.SetInformationJobObject(job, JobObjectApi.JOB_OBJECT_EXTENDED_LIMIT_INFORMATION_CLASS, info, info.size())) {
            api.CloseHandle(job);
            return null;
        }
        return new WindowsJob(api, job);
    }

    /** The limits set: kill on job close, nothing else. */
    static JobObjectApi.ExtendedLimitInformation limits() {
        JobObjectApi.ExtendedLimitInformation info = new JobObjectApi.ExtendedLimitInformation();
        info.limitFlags = JobObjectApi.JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE;
        info.write();
        return info;
    }

    /** Puts the process {@code pid} into the job; false when it cannot be opened or assigned. */
    boolean assign(long pid) {
        Pointer process = api.OpenProcess(JobObjectApi.PROCESS_SET_QUOTA | JobObjectApi.PROCESS_TERMINATE, false, (int) pid);
        if (process == null) {
            return false;
        }
        try {
            return api.AssignProcessToJobObject(job, process);
        } finally {
            api.CloseHandle(process);
        }
    }

    /** How many process ids {@link #processIds()} asks for at most. */
    static final int MAX_PROCESS_IDS = 4096;

    /**
     * The ids of the processes in the job now ({@code QueryInformationJobObject}, JobObjectBasicProcessIdList:
     * a {@code JOBOBJECT_BASIC_PROCESS_ID_LIST}, two DWORD counts then one ULONG_PTR per id at offset 8), at
     * most {@value #MAX_PROCESS_IDS}. Membership is exact: a process is in the job because a member started it
     * (or it was assigned), never because its parent pid happens to match, which is all the process table's
     * parent links say on Windows.
     *
     * @return the ids, or {@code null} when the query failed
     */
    List<Long> processIds() {
        if (closed.get()) {
            return null;
        }
        com.sun.jna.Memory info = new com.sun.jna.Memory(8L + 8L * MAX_PROCESS_IDS);
        info.clear();
        if (!api.QueryInformationJobObject(job, JobObjectApi.JOB_OBJECT_BASIC_PROCESS_ID_LIST_CLASS, info,
                (int) info.size(), null)) {
            return null;
        }
        int n = Math.min(info.getInt(4), MAX_PROCESS_IDS);
        List<Long> ids = new java.util.ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            ids.add(info.getLong(8L + 8L * i));
        }
        return ids;
    }

    /** Terminates every process in the job now. */
    void terminate() {
        if (!closed.get()) {
            api.TerminateJobObject(job, 1);
        }
    }

    /** Closes the job handle: what still runs in it is terminated (kill on job close). */
    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            api.CloseHandle(job);
        }
    }
}
