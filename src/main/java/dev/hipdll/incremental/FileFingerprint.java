package dev.hipdll.incremental;

import dev.hipdll.digest.FileDigests;
import dev.hipdll.digest.Sha256;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What a file was when a stamp was taken: its path, size in bytes, modification time in
 * milliseconds since the epoch, and the SHA-256 of its content (lower-case hex). Symbolic links
 * are followed (the stand-in SDK's clang is one).
 *
 * <p>A file counts as changed when its content differs. Size and modification time are a fast
 * path: when both equal the recorded ones the content is not read again; when either differs the
 * file is hashed and only a different hash is a change (a {@code touch} alone is not).
 *
 * @param path   the absolute, normalized path
 * @param size   size in bytes
 * @param mtime  last modification time, ms since 1970-01-01T00:00Z
 * @param sha256 SHA-256 of the content, 64 hex digits
 */
public record FileFingerprint(String path, long size, long mtime, String sha256) {

    /** How a file compares with its fingerprint. */
    public enum State {
        /** same size and modification time (the content is not read) */
        SAME,
        /** another size or modification time, but the same content (read and hashed to tell) */
        SAME_CONTENT,
        /** the content differs */
        CHANGED,
        /** the file no longer exists or cannot be read */
        MISSING
    }

    /**
     * Fingerprints {@code file}.
     *
     * @throws IOException when the file cannot be read
     */
    public static FileFingerprint of(Path file) throws IOException {
        return of(file, new FileDigests());
    }

    /**
     * Fingerprints {@code file}, taking its digest from the build's shared {@code digests}.
     *
     * @throws IOException when the file cannot be read
     */
    public static FileFingerprint of(Path file, FileDigests digests) throws IOException {
        Path p = file.toAbsolutePath().normalize();
        return new FileFingerprint(p.toString(), Files.size(p), Files.getLastModifiedTime(p).toMillis(), digests.of(p));
    }

    /**
     * How the file at {@link #path()} compares with this fingerprint, and its fingerprint now.
     *
     * @param state   see {@link State}
     * @param current for {@link State#SAME_CONTENT}: this fingerprint with the size and time the
     *                file has now (taken before it was hashed), so a stamp that records it need not
     *                hash the file again; otherwise this fingerprint
     */
    public record Comparison(State state, FileFingerprint current) {
    }

    /** Compares the file at {@link #path()} with this fingerprint (see the class comment for the rule). */
    public State check() {
        return compare().state();
    }

    /** As {@link #check()}, with the file's current fingerprint. */
    public Comparison compare() {
        Path p = Path.of(path);
        try {
            if (!Files.isRegularFile(p)) {
                return new Comparison(State.MISSING, this);
            }
            long nowSize = Files.size(p);
            long nowTime = Files.getLastModifiedTime(p).toMillis();
            if (nowSize == size && nowTime == mtime) {
                return new Comparison(State.SAME, this);
            }
            return Sha256.of(p).equals(sha256)
                    ? new Comparison(State.SAME_CONTENT, new FileFingerprint(path, nowSize, nowTime, sha256))
                    : new Comparison(State.CHANGED, this);
        } catch (IOException e) {
            return new Comparison(State.MISSING, this);
        }
    }
}
