package dev.hipdll.process;

import com.sun.jna.Library;
import com.sun.jna.Pointer;
import com.sun.jna.Structure;
import com.sun.jna.WString;

/**
 * The kernel32 calls a {@link WindowsJob} makes (Microsoft, "Job Objects"; x64 only, one calling
 * convention there). An interface so that the call sequence is tested on Linux with a recording fake;
 * on Windows JNA implements it. Handles are {@link Pointer}s; {@code null} is failure.
 */
interface JobObjectApi extends Library {
    /** {@code JobObjectExtendedLimitInformation}, JOBOBJECTINFOCLASS 9. */
    int JOB_OBJECT_EXTENDED_LIMIT_INFORMATION_CLASS = 9;
    /** {@code JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE}: closing the last handle of the job terminates every process in it. */
    int JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE = 0x2000;
    /** Access rights AssignProcessToJobObject needs: {@code PROCESS_SET_QUOTA | PROCESS_TERMINATE}. */
    int PROCESS_SET_QUOTA = 0x0100;
    int PROCESS_TERMINATE = 0x0001;

    Pointer CreateJobObjectW(Pointer securityAttributes, WString name);

    boolean SetInformationJobObject(Pointer job, int infoClass, Structure info, int length);

    Pointer OpenProcess(int desiredAccess, boolean inheritHandle, int pid);

    boolean AssignProcessToJobObject(Pointer job, Pointer process);

    boolean TerminateJobObject(Pointer job, int exitCode);

    /** {@code JobObjectBasicProcessIdList}, JOBOBJECTINFOCLASS 3: two DWORD counts, then a ULONG_PTR per process id. */
    int JOB_OBJECT_BASIC_PROCESS_ID_LIST_CLASS = 3;

    boolean QueryInformationJobObject(Pointer job, int infoClass, Pointer info, int length, Pointer returnLength);

    boolean CloseHandle(Pointer handle);

    /**
     * {@code JOBOBJECT_EXTENDED_LIMIT_INFORMATION} (winnt.h), 144 bytes on x64: the basic limits (64 bytes),
     * {@code IO_COUNTERS} (6 x 8 bytes) and four {@code SIZE_T}; {@code SIZE_T} and {@code ULONG_PTR} are
     * 8 bytes, so this layout is for 64-bit processes only.
     */
    @Structure.FieldOrder({"perProcessUserTimeLimit", "perJobUserTimeLimit", "limitFlags", "minimumWorkingSetSize",
            "maximumWorkingSetSize", "activeProcessLimit", "affinity", "priorityClass", "schedulingClass",
            "readOperationCount", "writeOperationCount", "otherOperationCount", "readTransferCount",
            "writeTransferCount", "otherTransferCount", "processMemoryLimit", "jobMemoryLimit",
            "peakProcessMemoryUsed", "peakJobMemoryUsed"})
    class ExtendedLimitInformation extends Structure {
        public long perProcessUserTimeLimit;
        public long perJobUserTimeLimit;
        public int limitFlags;
        public long minimumWorkingSetSize;
        public long maximumWorkingSetSize;
        public int activeProcessLimit;
        public long affinity;
        public int priorityClass;
        public int schedulingClass;
        public long readOperationCount;
        public long writeOperationCount;
        public long otherOperationCount;
        public long readTransferCount;
        public long writeTransferCount;
        public long otherTransferCount;
        public long processMemoryLimit;
        public long jobMemoryLimit;
        public long peakProcessMemoryUsed;
        public long peakJobMemoryUsed;

        /** Offset of a field, for the layout test. */
        int offsetOf(String field) {
            return fieldOffset(field);
        }
    }
}
