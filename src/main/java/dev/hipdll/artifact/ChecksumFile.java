package dev.hipdll.artifact;

import dev.hipdll.io.AtomicFile;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

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

    /**
     * The largest checksum file {@link #read} accepts, in bytes: one line of {@code sha256sum}
     * output is 66 bytes plus the file name; a list for many files still fits.
     */
    public static final long MAX_BYTES = 64 * 1024;

    /**
     * The digest a checksum file states (the first word of its first line; a bare digest works too).
     * The file's size is checked before it is read ({@link #MAX_BYTES}), and it must be UTF-8 text.
     *
     * @throws IOException              when the file cannot be read
     * @throws IllegalArgumentException when it is larger than {@link #MAX_BYTES}, not UTF-8 text, or
     *                                  its first word is no SHA-256 digest; the message names the file
     *                                  and what was expected
     */
    public static String read(Path checksumFile) throws IOException {
        String expected = "expected a .sha256 file in sha256sum format ('<64 hex digits>  <file name>')";
        long size = Files.size(checksumFile);
        if (size > MAX_BYTES) {
            throw new IllegalArgumentException(checksumFile + ": " + size + " bytes; " + expected + " of at most "
                    + MAX_BYTES + " bytes");
        }
        String text;
        try (InputStream in = Files.newInputStream(dev.hipdll.io.SpecialFiles.requireRegular(checksumFile))) {
            byte[] bytes = in.readNBytes((int) MAX_BYTES + 1);
            if (bytes.length > MAX_BYTES) {
                throw new IllegalArgumentException(checksumFile + ": more than " + MAX_BYTES + " bytes; " + expected);
            }
            text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new IllegalArgumentException(checksumFile + ": not UTF-8 text (is this a binary file?); " + expected);
        }
        String line = text.lines().findFirst().orElse("").replace("\uFEFF", "");
        String first = line.trim().split("\\s+")[0];
        try {
            return Sha256.parse(first);
        } catch (IllegalArgumentException e) {
            String shown = first.length() > 80 ? first.substring(0, 80) + "... (" + first.length() + " characters)" : first;
            throw new IllegalArgumentException(checksumFile + ", line 1: expected a SHA-256 digest (64 hex digits), got '"
                    + shown + "'");
        }
    }
}
