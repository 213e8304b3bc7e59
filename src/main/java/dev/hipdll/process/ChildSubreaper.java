package dev.hipdll.process;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Platform;
import com.sun.jna.ptr.IntByReference;

/**
 * Makes this JVM a child subreaper on Linux ({@code prctl(PR_SET_CHILD_SUBREAPER, 1)}, prctl(2), Linux
 * 3.4+): a process whose parent exits is then re-parented to this JVM instead of init, so a compiler
 * descendant that detaches ({@code env -i setsid ...}, a double fork) stays a child of the JVM, where
 * {@link AdoptedOrphans} finds it and the run kills it (before, such a process
 * survived the timeout kill). Through JNA's {@code libc} mapping; the attribute is process-wide, is kept
 * for the JVM's life (prctl(2) offers no per-thread scope), and is not inherited by children.
 *
 * <p>A consequence: an orphan of any process this JVM started (another Maven plugin's) is re-parented to
 * the JVM too, and when it exits it stays a zombie until the JVM ends, since only the processes the JDK
 * started itself are reaped by it. The orphans a run ends are reaped here ({@link #reap}).
 */
final class ChildSubreaper {
    /** prctl(2) option numbers, from linux/prctl.h. */
    static final int PR_SET_CHILD_SUBREAPER = 36;
    static final int PR_GET_CHILD_SUBREAPER = 37;
    /** waitpid(2) flag. */
    static final int WNOHANG = 1;

    /** The two libc calls used. */
    interface CLibrary extends Library {
        int prctl(int option, long arg2, long arg3, long arg4, long arg5);

        int waitpid(int pid, IntByReference status, int options);
    }

    private final CLibrary libc;

    private ChildSubreaper(CLibrary libc) {
        this.libc = libc;
    }

    /**
     * The subreaper of this JVM: on Linux, with the attribute set; elsewhere, or when libc cannot be
     * loaded or prctl fails, {@code null} (nothing is adopted; the marker and snapshots still apply).
     */
    static ChildSubreaper enable() {
        if (!Platform.isLinux()) {
            return null;
        }
        try {
            CLibrary c = Native.load("c", CLibrary.class);
            return c.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0 ? new ChildSubreaper(c) : null;
        } catch (LinkageError | RuntimeException e) { // no native library: no JNA on this JVM
            return null;
        }
    }

    /** Whether the kernel says this JVM is a subreaper now ({@code PR_GET_CHILD_SUBREAPER}). */
    boolean active() {
        IntByReference v = new IntByReference();
        return libc.prctl(PR_GET_CHILD_SUBREAPER, com.sun.jna.Pointer.nativeValue(v.getPointer()), 0, 0, 0) == 0
                && v.getValue() != 0;
    }

    /**
     * Reaps {@code pid} if it is an exited child of this JVM ({@code waitpid(pid, WNOHANG)}); only for
     * adopted orphans the run ended, never for a process the JDK started (its own reaper waits for those).
     */
    void reap(long pid) {
        libc.waitpid((int) pid, null, WNOHANG);
    }
}
