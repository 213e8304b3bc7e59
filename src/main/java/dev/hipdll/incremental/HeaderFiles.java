package dev.hipdll.incremental;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Which header files exist in the project's own include places (the source directory tree, where quoted
 * includes look first, and each {@code includeDirectories} tree), as a count and a digest of their sorted
 * names. The build stamp and each compile step's record keep it, because the compiler's dependency file
 * names only the headers it read, not the places it looked first and found nothing: a header added later
 * in such a place (a new {@code src/main/hip/ops.h} beside the sources, shadowing
 * {@code include/ops.h}) left the build "up to date" with the old header compiled in (found by a
 * newcomer). A header added or removed there now rebuilds; its content is tracked through the
 * dependency file as before. Only names with a header extension ({@link #EXTENSIONS}) count, so an
 * editor's backup file does not rebuild.
 *
 * @param count  how many header files there are
 * @param sha256 the SHA-256 of their names ({@code <root index>:<path relative to it>}, {@code /}
 *               separated, sorted, one per line), lower-case hex
 */
public record HeaderFiles(int count, String sha256) {
    /** The file name extensions taken for headers, lower case. */
    public static final Set<String> EXTENSIONS = Set.of("h", "hh", "hpp", "hxx", "h++", "cuh", "inc", "inl", "ipp",
            "tcc", "def");

    /**
     * Lists the header files under each root that is a directory, in order; a root inside one listed before
     * is not walked again (a file added there changes the list either way); {@code exclude} (the build
     * directory, should a root contain it) is not looked into. Symbolic links are not followed.
     *
     * @throws IOException when a directory cannot be listed
     */
    public static HeaderFiles of(List<Path> roots, Path exclude) throws IOException {
        List<String> names = new ArrayList<>();
        Path skip = exclude == null ? null : exclude.toAbsolutePath().normalize();
        List<Path> walked = new ArrayList<>();
        for (int i = 0; i < roots.size(); i++) {
            Path root = roots.get(i).toAbsolutePath().normalize();
            if (!Files.isDirectory(root) || walked.stream().anyMatch(root::startsWith)) {
                continue;  // inside a root walked already (src/main/hip/include in src/main/hip): its files are listed
            }
            walked.add(root);
            int index = i;
            try (Stream<Path> files = Files.walk(root)) {
                for (Path p : (Iterable<Path>) files::iterator) {
                    if ((skip == null || !p.startsWith(skip)) && header(p) && Files.isRegularFile(p)) {
                        names.add(index + ":" + root.relativize(p).toString().replace('\\', '/'));
                    }
                }
            } catch (UncheckedIOException e) {  // the walk's iterator wraps what it meets (an unreadable directory)
                throw new IOException("cannot list the header files under " + root + ": " + e.getCause().getMessage(),
                        e.getCause());
            }
        }
        names.sort(null);
        return new HeaderFiles(names.size(), sha256(String.join("\n", names)));
    }

    /** {@code 12 (sha256 5d1c0e9a7b3f)}: the count and the digest's first 12 hex digits, for the log and the stamp. */
    public String summary() {
        return count + " (sha256 " + sha256.substring(0, 12) + ")";
    }

    private static boolean header(Path p) {
        String name = p.getFileName() == null ? "" : p.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return dot > 0 && EXTENSIONS.contains(name.substring(dot + 1).toLowerCase(Locale.ROOT));
    }

    private static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}
