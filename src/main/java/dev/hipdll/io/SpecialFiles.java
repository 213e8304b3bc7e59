package dev.hipdll.io;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * Tells regular files and directories from special files (named pipes, sockets, character and
 * block devices) by their attributes, without opening them: opening a named pipe for reading blocks
 * until a writer comes ({@code open(2)}, {@code fifo(7)}), and {@code opendir} on one blocks the same
 * way, which hung {@code hipdll:doctor} on a pipe in {@code PATH}. Every place that
 * opens a file or directory it was given (a parameter, a {@code PATH} entry, a file found by a scan)
 * asks here first.
 */
public final class SpecialFiles {
    private SpecialFiles() {
    }

    /**
     * {@code p}, when it is a regular file (links followed) or does not exist (the caller's open then says
     * so); otherwise an exception naming it and what it is, without opening it.
     *
     * @throws IOException e.g. {@code /tmp/p.dll is a named pipe, socket or device (a special file), not a regular file; it was not opened}
     */
    public static Path requireRegular(Path p) throws IOException {
        BasicFileAttributes a;
        try {
            a = Files.readAttributes(p, BasicFileAttributes.class);
        } catch (IOException e) {
            return p; // missing or unreadable: the open reports it
        }
        if (!a.isRegularFile()) {
            throw new java.nio.file.FileSystemException(p.toString(), null, kind(p) + ", not a regular file; it was not opened");
        }
        return p;
    }

    /**
     * The entries of {@code dir} matching {@code glob} (all when {@code null}), or none when {@code dir} is not a
     * directory: {@link Files#newDirectoryStream} on a named pipe blocks (opendir(3) opens it), which hung
     * {@code hipdll:doctor} on a pipe in {@code PATH}.
     *
     * @throws IOException when the directory cannot be read
     */
    public static java.util.List<Path> list(Path dir, String glob) throws IOException {
        if (!Files.isDirectory(dir)) {
            return java.util.List.of();
        }
        java.util.List<Path> out = new java.util.ArrayList<>();
        try (java.nio.file.DirectoryStream<Path> ds = glob == null ? Files.newDirectoryStream(dir)
                : Files.newDirectoryStream(dir, glob)) {
            ds.forEach(out::add);
        }
        return out;
    }

    /** Whether {@code p} (links followed) is a regular file; {@code false} when it does not exist. */
    public static boolean isRegularFile(Path p) {
        return Files.isRegularFile(p);
    }

    /** Whether {@code p} (links followed) is a directory; {@code false} when it does not exist. */
    public static boolean isDirectory(Path p) {
        return Files.isDirectory(p);
    }

    /** Whether {@code p} exists (links followed) and is neither a regular file nor a directory. */
    public static boolean isSpecial(Path p) {
        try {
            BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class);
            return a.isOther() || (!a.isRegularFile() && !a.isDirectory());
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * What {@code p} is, for a message: {@code a regular file}, {@code a directory}, {@code a named pipe
     * or another special file}, {@code a symbolic link to nothing}, {@code nothing}.
     */
    public static String kind(Path p) {
        if (Files.isRegularFile(p)) {
            return "a regular file";
        }
        if (Files.isDirectory(p)) {
            return "a directory";
        }
        if (Files.exists(p)) {
            return "a named pipe, socket or device (a special file)";
        }
        return Files.exists(p, LinkOption.NOFOLLOW_LINKS) ? "a symbolic link to nothing" : "nothing";
    }
}
