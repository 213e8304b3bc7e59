package dev.hipdll.io;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;

/**
 * Keeps a build's outputs off its inputs: everything the build writes goes into the
 * output directory, and that directory must not hold or overlay what the build reads. Paths are
 * compared by their real location (symbolic links of the existing part resolved), so a link does not
 * hide an overlap. Refused, each with a message naming both paths:
 * <ul>
 *   <li>an output directory that is the source directory, or is or lies inside an include directory or
 *       the SDK root (the build would write its log, stamp and provenance among the inputs);</li>
 *   <li>a source file inside the output directory (the build's own files would be compiled, and a
 *       rebuild deletes and replaces files there);</li>
 *   <li>a file the build writes ({@code names}) that exists in the output directory as a symbolic link
 *       (a write through it lands wherever it points, a source say) or as anything but a regular file or
 *       directory (a named pipe would block the write).</li>
 * </ul>
 */
public final class OutputPlacement {
    private OutputPlacement() {
    }

    /**
     * Checks where a build writes against what it reads.
     *
     * @param outDir     the output directory ({@code hip.outputDirectory})
     * @param names      the names of the files the build writes in it (the DLL, its log, stamps, ...)
     * @param sources    the translation units
     * @param sourceDir  the source directory ({@code hip.sourceDirectory})
     * @param inputDirs  further directories the build only reads: include directories, the SDK root
     * @throws IllegalArgumentException naming the output and the input it would land on
     */
    public static void check(Path outDir, Collection<String> names, List<Path> sources, Path sourceDir,
                             List<Path> inputDirs) {
        Path out = real(outDir);
        String head = "the output directory " + outDir.toAbsolutePath().normalize() + " (hip.outputDirectory)";
        if (sourceDir != null && out.equals(real(sourceDir))) {
            throw new IllegalArgumentException(head + " is the source directory (hip.sourceDirectory); the build would"
                    + " write its files among the sources: choose another directory, e.g. target/hipdll");
        }
        for (Path in : inputDirs) {
            Path r = real(in);
            if (out.startsWith(r)) {
                throw new IllegalArgumentException(head + (out.equals(r) ? " is " : " lies inside ") + "the input"
                        + " directory " + in.toAbsolutePath().normalize() + ", which the build reads; choose another"
                        + " directory, e.g. target/hipdll");
            }
        }
        for (Path s : sources) {
            if (real(s).startsWith(out)) {
                throw new IllegalArgumentException("the source " + s + " lies inside " + head + "; the build writes"
                        + " and deletes files there: move the output directory out of the source tree");
            }
        }
        for (String n : names) {
            Path p = outDir.resolve(n);
            if (Files.isSymbolicLink(p)) {
                throw new IllegalArgumentException(p + " is a symbolic link (to " + target(p) + "); the build writes this"
                        + " file and would write through the link: remove it");
            }
            if (Files.exists(p, LinkOption.NOFOLLOW_LINKS) && !Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)
                    && !Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
                throw new IllegalArgumentException(p + " is " + SpecialFiles.kind(p) + ", not a regular file; the build"
                        + " writes this file: remove it");
            }
        }
    }

    /** {@code p} absolute, with the existing part's symbolic links resolved and the rest appended. */
    static Path real(Path p) {
        Path abs = p.toAbsolutePath().normalize();
        Path existing = abs;
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing == null) {
            return abs;
        }
        try {
            return existing.toRealPath().resolve(existing.relativize(abs).toString()).normalize();
        } catch (IOException e) {
            return abs;
        }
    }

    private static String target(Path link) {
        try {
            return String.valueOf(Files.readSymbolicLink(link));
        } catch (IOException e) {
            return "?";
        }
    }
}
