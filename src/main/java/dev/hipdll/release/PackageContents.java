package dev.hipdll.release;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;

/**
 * What was read of a release package: its PE files, the entries refused (each named with the reason), and
 * whether reading stopped early (a limit of {@link PackageLimits} reached: nothing of the package is
 * verified then). Closing it deletes the temporary directory a zip was unpacked to.
 *
 * @param source      the directory or zip given
 * @param kind        {@code "directory"} or {@code "zip"}
 * @param bytes       the package's size: the zip file's, or the sum of the directory's regular files, in bytes
 * @param entries     how many entries were looked at (files, directories, links)
 * @param files       the PE files, in the package's order (a zip's central directory, a directory's sorted walk)
 * @param otherNames  the file names (without directories, as found) of every regular file, PE or not, for the
 *                    import closure's "the package ships it"
 * @param refused     one line per entry refused or problem met, naming the entry and the reason
 * @param badNames    one line per entry refused because Windows cannot hold or rewrites its name
 *                    ({@link WindowsNames}: a trailing period or space, a reserved device name, a reserved
 *                    character, two names differing only in case), naming the entry and the rule; such an entry
 *                    is neither unpacked nor verified
 * @param stopped     why reading stopped before the end, or {@code null} when every entry was looked at
 * @param temporary   the temporary directory to delete on {@link #close()}, or {@code null}
 */
public record PackageContents(Path source, String kind, long bytes, int entries, List<PackageFile> files,
                              List<String> otherNames, List<String> refused, List<RefusedName> badNames, String stopped,
                              Path temporary)
        implements Closeable {
    /** Creates the value; the lists are copied. */
    public PackageContents {
        files = List.copyOf(files);
        otherNames = List.copyOf(otherNames);
        refused = List.copyOf(refused);
        badNames = List.copyOf(badNames);
    }

    /** Deletes the temporary directory, if any (links inside are deleted, never followed). */
    @Override
    public void close() throws IOException {
        if (temporary == null || !Files.isDirectory(temporary)) {
            return;
        }
        Files.walkFileTree(temporary, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.deleteIfExists(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
                Files.deleteIfExists(dir);
                return FileVisitResult.CONTINUE;
            }
        });
    }
}
