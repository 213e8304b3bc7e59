package dev.hipdll.process;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * What Linux procfs tells about processes that {@link ProcessHandle} does not (proc(5)): the
 * environment a process was started with ({@code <root>/<pid>/environ}) and whether it is a zombie
 * ({@code <root>/<pid>/stat}, state {@code Z}: exited, waiting to be reaped by its parent or init;
 * {@link ProcessHandle#isAlive()} still says {@code true} for it). Without procfs (Windows, macOS:
 * {@code <root>/self} does not exist) it finds nothing and knows no zombies.
 *
 * @param root where procfs is mounted ({@code /proc})
 */
record ProcFs(Path root) {
    /** procfs at {@code /proc}. */
    static ProcFs standard() {
        return new ProcFs(Path.of("/proc"));
    }

    /** Whether procfs is there. */
    boolean present() {
        return Files.isDirectory(root.resolve("self"));
    }

    /**
     * The pids of the processes, other than this JVM, whose start-up environment holds exactly the
     * entry {@code NAME=value}; processes that cannot be read (another user's, gone meanwhile) are
     * skipped. Empty without procfs.
     */
    List<Long> withEnvironmentEntry(String name, String value) {
        List<Long> found = new ArrayList<>();
        if (!present()) {
            return found;
        }
        byte[] entry = (name + "=" + value).getBytes(StandardCharsets.UTF_8);
        long self = ProcessHandle.current().pid();
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(root, p -> isPid(p.getFileName().toString()))) {
            for (Path dir : dirs) {
                long pid = Long.parseLong(dir.getFileName().toString());
                if (pid != self && holds(dir.resolve("environ"), entry)) {
                    found.add(pid);
                }
            }
        } catch (IOException | RuntimeException e) {
            // procfs vanished or is unreadable: nothing more to find
        }
        return found;
    }

    /** Whether {@code pid} is a zombie (has exited but was not reaped yet); false without procfs. */
    boolean zombie(long pid) {
        String stat;
        try {
            stat = Files.readString(root.resolve(Long.toString(pid)).resolve("stat"), StandardCharsets.ISO_8859_1);
        } catch (IOException | RuntimeException e) {
            return false;
        }
        // pid (comm) state ...; comm may itself contain ") ", so the state follows the last ')'
        int close = stat.lastIndexOf(')');
        return close > 0 && close + 2 < stat.length() && stat.charAt(close + 2) == 'Z';
    }

    /**
     * The fields of {@code <root>/<pid>/stat} used here (proc(5)).
     *
     * @param ppid       the parent's pid (field 4)
     * @param session    the session id (field 6)
     * @param startTicks when the process started (field 22, {@code starttime}), in clock ticks
     *                   ({@code sysconf(_SC_CLK_TCK)}, 100 per second on Linux) since boot: the kernel's
     *                   own clock, so two of them compare exactly, unlike {@link ProcessHandle.Info#startInstant()},
     *                   which adds the boot time in whole seconds ({@code btime} of {@code /proc/stat}) and is
     *                   up to a second off the wall clock
     */
    record Stat(long ppid, long session, long startTicks) {
    }

    /**
     * The name of {@code pid}'s program ({@code <root>/<pid>/comm}, at most 15 bytes: the kernel's
     * {@code TASK_COMM_LEN}), also readable for a zombie, whose command line is gone; empty when it cannot
     * be read (no procfs, the process reaped meanwhile).
     */
    Optional<String> programName(long pid) {
        try {
            String comm = Files.readString(root.resolve(Long.toString(pid)).resolve("comm"), StandardCharsets.ISO_8859_1).strip();
            return comm.isEmpty() ? Optional.empty() : Optional.of(comm);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** The parent, session and start time of {@code pid}; empty when it cannot be read. */
    Optional<Stat> stat(long pid) {
        try {
            String stat = Files.readString(root.resolve(Long.toString(pid)).resolve("stat"), StandardCharsets.ISO_8859_1);
            // pid (comm) state ppid pgrp session ...; comm may contain spaces and ')'
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
            return Optional.of(new Stat(Long.parseLong(f[1]), Long.parseLong(f[3]), Long.parseLong(f[19])));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** The pids whose parent is {@code parent}; empty without procfs. */
    List<Long> childrenOf(long parent) {
        List<Long> found = new ArrayList<>();
        if (!present()) {
            return found;
        }
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(root, p -> isPid(p.getFileName().toString()))) {
            for (Path dir : dirs) {
                long pid = Long.parseLong(dir.getFileName().toString());
                if (stat(pid).map(s -> s.ppid() == parent).orElse(false)) {
                    found.add(pid);
                }
            }
        } catch (IOException | RuntimeException e) {
            // procfs vanished or is unreadable
        }
        return found;
    }

    /** Whether the start-up environment of {@code pid} has a variable {@code name} (any value). */
    boolean hasEnvironmentName(long pid, String name) {
        byte[] env = environ(pid);
        if (env == null) {
            return false;
        }
        byte[] prefix = (name + "=").getBytes(StandardCharsets.UTF_8);
        int start = 0;
        for (int i = 0; i <= env.length; i++) {
            if (i == env.length || env[i] == 0) {
                if (i - start >= prefix.length && Arrays.equals(env, start, start + prefix.length, prefix, 0, prefix.length)) {
                    return true;
                }
                start = i + 1;
            }
        }
        return false;
    }

    /** Whether {@code pid} started with an empty environment ({@code env -i}); false when unreadable. */
    boolean emptyEnvironment(long pid) {
        byte[] env = environ(pid);
        return env != null && env.length == 0;
    }

    /**
     * The file name of {@code pid}'s program as its command line names it (the first NUL-terminated element
     * of {@code <root>/<pid>/cmdline}, after the last {@code /}), e.g. {@code jspawnhelper}; empty when it has
     * no command line or cannot be read. A process in the middle of {@code execve} has none, and then its
     * environment reads as empty too, for a moment, whatever it will be (the kernel sets both when the new
     * program's stack is built).
     */
    Optional<String> program(long pid) {
        byte[] cmd;
        try {
            cmd = Files.readAllBytes(root.resolve(Long.toString(pid)).resolve("cmdline")); // procfs sizes read 0
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
        if (cmd.length == 0) {
            return Optional.empty();
        }
        int end = 0;
        while (end < cmd.length && cmd[end] != 0) {
            end++;
        }
        String argv0 = new String(cmd, 0, end, StandardCharsets.UTF_8);
        return Optional.of(argv0.substring(argv0.lastIndexOf('/') + 1));
    }

    private byte[] environ(long pid) {
        try {
            return Files.readAllBytes(root.resolve(Long.toString(pid)).resolve("environ"));
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** Whether {@code h} still runs: alive and not a zombie. */
    boolean running(ProcessHandle h) {
        return h.isAlive() && !zombie(h.pid());
    }

    private static boolean holds(Path environ, byte[] entry) {
        byte[] env;
        try {
            env = Files.readAllBytes(environ);
        } catch (IOException | RuntimeException e) {
            return false;
        }
        int start = 0; // entries are NAME=value, each ended by NUL
        for (int i = 0; i <= env.length; i++) {
            if (i == env.length || env[i] == 0) {
                if (i - start == entry.length && Arrays.equals(env, start, i, entry, 0, entry.length)) {
                    return true;
                }
                start = i + 1;
            }
        }
        return false;
    }

    private static boolean isPid(String name) {
        if (name.isEmpty()) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            if (name.charAt(i) < '0' || name.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }
}
