package dev.hipdll.digest;

import dev.hipdll.io.FileOpener;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * SHA-256 digests of files, each file read at most once while it is unchanged: one instance serves
 * one build (or one {@code hipdll:verify}), so the checksum file, the provenance and the build
 * stamp, which all digest the DLL, hipcc, clang, {@code amdhip64.lib} and the sources, share the
 * reads (clang.exe of a real SDK is over 100 MB), and verify's {@code artifact.sha256} check and
 * stamp promotion take the digest its one streaming pass over the DLL computed
 * ({@link #remember}). A file counts as unchanged while its absolute path, size and modification
 * time are (a {@link Snapshot}); a changed file is read again. Thread-safe (the steps of one build
 * share it; two threads may both read a file not known yet, and agree); not meant to
 * outlive a build.
 */
public final class FileDigests {
    /**
     * What identifies one content of a file for this cache.
     *
     * @param path        the absolute, normalized path
     * @param size        size in bytes
     * @param mtimeMillis last modification time, ms since the epoch
     */
    public record Snapshot(Path path, long size, long mtimeMillis) {
        /**
         * Stats {@code file} (following links).
         *
         * @throws IOException when it cannot be read
         */
        public static Snapshot of(Path file) throws IOException {
            Path p = file.toAbsolutePath().normalize();
            return new Snapshot(p, Files.size(p), Files.getLastModifiedTime(p).toMillis());
        }
    }

    private final Map<Snapshot, String> digests = new java.util.concurrent.ConcurrentHashMap<>();
    private final FileOpener opener;

    /** Digests that read files with {@link FileOpener#standard()}. */
    public FileDigests() {
        this(FileOpener.standard());
    }

    /** @param opener how a file whose digest is not known yet is opened (tests count the reads) */
    public FileDigests(FileOpener opener) {
        this.opener = opener;
    }

    /**
     * The digest of {@code file}'s bytes as 64 lower-case hex digits ({@link Sha256}), read only
     * when no digest is known for its current {@link Snapshot}.
     *
     * @throws IOException when the file cannot be read
     */
    public String of(Path file) throws IOException {
        Snapshot key = Snapshot.of(file);
        String known = digests.get(key);
        if (known == null) {
            try (FileChannel ch = opener.open(key.path())) {
                known = Sha256.of(ch);
            }
            digests.put(key, known);
        }
        return known;
    }

    /**
     * The digest known for {@code file}'s current {@link Snapshot}, without reading it: empty when it was
     * neither read by {@link #of} nor {@link #remember}ed since it last changed (e.g. verify did not read
     * the whole file within its budget).
     *
     * @throws IOException when the file cannot be stat'ed
     */
    public java.util.Optional<String> known(Path file) throws IOException {
        return java.util.Optional.ofNullable(digests.get(Snapshot.of(file)));
    }

    /**
     * Records a digest computed elsewhere while reading the whole file (e.g. verify's streaming
     * pass), if the file is still what {@code before} (taken before the read started) says: same
     * path, size and modification time. Otherwise the file changed during the read and nothing is
     * recorded, so the next {@link #of} reads it again.
     *
     * @param before the file's snapshot taken before it was opened
     * @param sha256 the digest of the bytes read, 64 hex digits
     * @return whether it was recorded
     * @throws IOException when the file cannot be stat'ed any more
     */
    public boolean remember(Snapshot before, String sha256) throws IOException {
        if (!Snapshot.of(before.path()).equals(before)) {
            return false;
        }
        digests.put(before, Sha256.parse(sha256));
        return true;
    }
}
