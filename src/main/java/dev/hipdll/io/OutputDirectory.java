package dev.hipdll.io;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Makes sure a directory that a goal is about to write into exists and takes new files, before any
 * work starts, so that a bad output location fails at once with a message naming the directory and
 * the reason, instead of after a long compile, with a bare {@code FileSystemException} or a
 * half-written file. Checks, in order: that no existing ancestor is a file (a regular file named
 * {@code target}, say, where the directory should be), that the directory can be created, and that a
 * file can be created and deleted in it (a read-only file system, missing permissions; a probe file,
 * because permission bits say nothing for root).
 */
public final class OutputDirectory {
    private OutputDirectory() {
    }

    /**
     * Creates {@code dir} if needed and checks that files can be written in it.
     *
     * @param dir   the directory
     * @param role  what the directory is for the user, e.g. {@code "output directory"}
     * @param setBy the parameter that sets it, e.g. {@code "hip.outputDirectory"}, or {@code null}
     * @return {@code dir}, absolute and normalized
     * @throws UnwritableDirectoryException naming {@code dir}, the offending path and the reason, e.g.
     *         {@code cannot write to the output directory /p/target/hipdll (hip.outputDirectory): /p/target is a regular file, not a directory}
     */
    public static Path prepare(Path dir, String role, String setBy) throws UnwritableDirectoryException {
        Path abs = dir.toAbsolutePath().normalize();
        String head = "cannot write to the " + role + " " + abs + (setBy == null ? "" : " (" + setBy + ")") + ": ";
        for (Path p = abs; p != null; p = p.getParent()) {
            if (Files.exists(p)) {
                if (!Files.isDirectory(p)) {
                    throw new UnwritableDirectoryException(abs, head + (p.equals(abs) ? "it" : p) + " is "
                            + kind(p) + ", not a directory");
                }
                break;
            }
            if (Files.isSymbolicLink(p)) {
                throw new UnwritableDirectoryException(abs, head + p + " is a symbolic link to nothing ("
                        + target(p) + ")");
            }
        }
        try {
            Files.createDirectories(abs);
        } catch (IOException e) {
            throw new UnwritableDirectoryException(abs, head + "cannot create it (" + IoProblem.describe(e) + ")");
        }
        try {
            Path probe = Files.createTempFile(abs, ".hipdll-write-check", ".tmp");
            Files.delete(probe);
        } catch (IOException e) {
            throw new UnwritableDirectoryException(abs, head + "cannot create a file in it (" + IoProblem.describe(e) + ")");
        }
        return abs;
    }

    private static String kind(Path p) {
        if (Files.isRegularFile(p)) {
            return "a regular file";
        }
        return Files.isSymbolicLink(p) ? "a symbolic link to something that is not a directory" : "a special file";
    }

    private static String target(Path link) {
        try {
            return String.valueOf(Files.readSymbolicLink(link));
        } catch (IOException e) {
            return "unreadable";
        }
    }
}
