package dev.hipdll.artifact;

import dev.hipdll.io.AtomicFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A {@code .sha256} file beside an artifact in the format of GNU {@code sha256sum} (and
 * {@code sha256sum -c}): one line, {@code <64 hex digits><space><space><file name>\n}. The file
 * name is the artifact's own name, so the check works in the directory the two are downloaded to.
 */
public final class ChecksumFile {
    private ChecksumFile() {
    }

    /**
     * Writes {@code <file>.sha256} beside {@code file} (atomically, {@link AtomicFile}).
     *
     * @return the checksum file
     * @throws IOException when {@code file} cannot be read or the checksum cannot be written
     */
    public static Path write(Path file) throws IOException {
        return write(file, new FileDigests());
    }

    /**
     * Writes {@code <file>.sha256} beside {@code file}, taking the digest from {@code digests}.
     *
     * @return the checksum file
     * @throws IOException when {@code file} cannot be read or the checksum cannot be written
     */
    public static Path write(Path file, FileDigests digests) throws IOException {
        String digest = digests.of(file);
        Path out = file.resolveSibling(file.getFileName() + ".sha256");
        AtomicFile.writeString(out, digest + "  " + file.getFileName() + "\n");
        return out;
    }

    /**
     * The digest a checksum file states (the first word of its first line; a bare digest works too).
     *
     * @throws IOException              when the file cannot be read
     * @throws IllegalArgumentException when its first word is no SHA-256 digest
     */
    public static String read(Path checksumFile) throws IOException {
        List<String> lines = Files.readAllLines(checksumFile, StandardCharsets.UTF_8);
        String first = lines.isEmpty() ? "" : lines.get(0).trim().split("\\s+")[0];
        try {
            return Sha256.parse(first);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(checksumFile + ", line 1: " + e.getMessage());
        }
    }
}
