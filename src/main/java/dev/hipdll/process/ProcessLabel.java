package dev.hipdll.process;

/**
 * How a process is named in the build log: {@code pid 4242 (clang-19 -cc1 ...)}, its command line cut
 * to {@value #MAX_CHARS} characters. When the JDK cannot tell the command line (the process has exited
 * and is a zombie, or it belongs to another user), the program name from procfs is given instead,
 * {@code pid 4242 (clang-19, exited)}; when nothing can be read any more, that is said:
 * {@code pid 4242 (gone before its name could be read)}, never a bare {@code ?}.
 */
final class ProcessLabel {
    /** The most characters of a command line shown. */
    static final int MAX_CHARS = 200;

    private ProcessLabel() {
    }

    /** The label of {@code h}, with procfs ({@code procFs}) as the fallback for its name. */
    static String of(ProcessHandle h, ProcFs procFs) {
        ProcessHandle.Info info = h.info();
        String what = info.commandLine().orElse(null);
        if (what == null) {
            what = info.command().orElse(null);
        }
        if (what == null) {
            String name = procFs.programName(h.pid()).orElse(null);
            what = name == null ? "gone before its name could be read"
                    : name + (procFs.zombie(h.pid()) ? ", exited" : "");
        }
        if (what.length() > MAX_CHARS) {
            what = what.substring(0, MAX_CHARS) + "...";
        }
        return "pid " + h.pid() + " (" + what + ")";
    }
}
