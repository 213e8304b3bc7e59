package dev.hipdll.provenance;

import dev.hipdll.digest.Sha256;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * The digest of a directory tree: the SHA-256 of its manifest, which lists every regular file under
 * it that passes a filter as {@code <sha256 of the file>  <path relative to the directory, / separators>\n},
 * sorted by path (the output of {@code sha256sum} over the sorted file list). Equal trees give
 * equal digests on every machine; symbolic links are followed.
 */
public final class TreeDigest {
    private TreeDigest() {
    }

    /**
     * Digests the files under {@code dir} whose path (relative, {@code /} separators) passes {@code include}.
     *
     * @throws IOException when the tree cannot be walked or a file read
     */
    public static String of(Path dir, Predicate<String> include) throws IOException {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(dir, java.nio.file.FileVisitOption.FOLLOW_LINKS)) {
            files = walk.filter(Files::isRegularFile).toList();
        }
        StringBuilder manifest = new StringBuilder();
        for (String rel : files.stream().map(f -> dir.relativize(f).toString().replace('\\', '/'))
                .filter(include).sorted().toList()) {
            manifest.append(Sha256.of(dir.resolve(rel))).append("  ").append(rel).append('\n');
        }
        return Sha256.of(manifest.toString().getBytes(StandardCharsets.UTF_8));
    }
}
