package dev.hipdll.digest;

import dev.hipdll.io.AtomicFile;
import java.io.IOException;
import java.nio.file.Path;

/**
 * A {@code .sha256} file beside an artifact in the format of GNU {@code sha256sum} (and
 * {@code sha256sum -c}): one line, {@code <64 hex digits><space><space><file name>\n}. The file
 * name is the artifact's own name, so the check works in the directory the two are downloaded to.
 * Such files, and lists of many, are read by {@link ChecksumList}.
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
     * Writes {@code out}: {@code digest} and {@code nameInside}, the name the file has where the
     * checksum is checked (e.g. its name in a Maven repository, {@code <artifactId>-<version>-<classifier>.dll}),
     * so {@code sha256sum -c} works there.
     *
     * @return {@code out}
     * @throws IOException              when {@code out} cannot be written
     * @throws IllegalArgumentException when {@code digest} is not 64 hex digits, or {@code nameInside} is
     *                                  empty or holds a line break or a path separator
     */
    public static Path writeNamed(String digest, String nameInside, Path out) throws IOException {
        if (!digest.matches("[0-9a-f]{64}")) {
            throw new IllegalArgumentException("not a SHA-256 digest (64 lowercase hex digits): '" + digest + "'");
        }
        if (nameInside.isEmpty() || nameInside.contains("\n") || nameInside.contains("\r") || nameInside.contains("/")
                || nameInside.contains("\\")) {
            throw new IllegalArgumentException("a checksum file names one file, without a directory: '" + nameInside + "'");
        }
        AtomicFile.writeString(out, digest + "  " + nameInside + "\n");
        return out;
    }
}
