package dev.hipdll.incremental;

import dev.hipdll.authenticode.UnsignedImage;
import dev.hipdll.digest.FileDigests;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;

/**
 * Where a DLL's stamps live: beside the DLL, {@code <dll>.stamp.json} (committed: the last build
 * that succeeded, and passed {@code verify} when verify ran in the same Maven build) and
 * {@code <dll>.stamp-pending.json} (built, waiting for {@code verify} to pass). Every write goes
 * to a temporary file in the same directory and is moved into place atomically, so a reader never
 * sees half a stamp. An unreadable or malformed stamp reads as absent (the DLL is rebuilt). The
 * JSON layout is {@link StampJson}'s.
 */
public final class StampStore {
    private final Path dll;

    /** @param dll the DLL whose stamps this store holds */
    public StampStore(Path dll) {
        this.dll = dll.toAbsolutePath().normalize();
    }

    /** The committed stamp's file. */
    public Path committedFile() {
        return dll.resolveSibling(dll.getFileName() + ".stamp.json");
    }

    /** The pending stamp's file. */
    public Path pendingFile() {
        return dll.resolveSibling(dll.getFileName() + ".stamp-pending.json");
    }

    /** The committed stamp, if there is a readable one. */
    public Optional<BuildStamp> committed() {
        return read(committedFile());
    }

    /** The pending stamp, if there is a readable one. */
    public Optional<BuildStamp> pending() {
        return read(pendingFile());
    }

    /**
     * Removes both stamps: called before a rebuild starts, so that a failed build leaves none.
     *
     * @throws IOException when a stamp cannot be deleted
     */
    public void clear() throws IOException {
        Files.deleteIfExists(committedFile());
        Files.deleteIfExists(pendingFile());
    }

    /** Writes {@code stamp} as the committed stamp, atomically. */
    public void commit(BuildStamp stamp) throws IOException {
        write(committedFile(), stamp);
        Files.deleteIfExists(pendingFile());
    }

    /**
     * Rewrites the committed stamp, atomically, leaving a pending one alone: for an up-to-date
     * check that found files with new times and the same content ({@link StampDecision#refreshedStamp()}).
     */
    public void refreshCommitted(BuildStamp stamp) throws IOException {
        write(committedFile(), stamp);
    }

    /** Writes {@code stamp} as the pending stamp, atomically (verify promotes it). */
    public void writePending(BuildStamp stamp) throws IOException {
        write(pendingFile(), stamp);
    }

    /**
     * Promotes the pending stamp to the committed one, after verify passed on the DLL: only when the
     * pending stamp records exactly the DLL's current content, or the DLL differs from it only by an Authenticode
     * signature another tool gave it after the build (then the next build says "up to date (signed after the
     * build)").
     *
     * @return whether a stamp was committed
     * @throws IOException when the stamp cannot be moved
     */
    public boolean promotePending() throws IOException {
        return promotePending(new FileDigests());
    }

    /**
     * As {@link #promotePending()}, with the DLL's digest from {@code digests} (verify records the
     * digest of the bytes it checked there, so the DLL is not read again).
     *
     * @return whether a stamp was committed
     * @throws IOException when the stamp cannot be moved
     */
    public boolean promotePending(FileDigests digests) throws IOException {
        Optional<BuildStamp> p = read(pendingFile());
        if (p.isEmpty()) {
            return false;
        }
        if (!Files.isRegularFile(dll) || !digests.of(dll).equals(p.get().output().sha256())
                && !signedAfterBuild(p.get())) {
            Files.deleteIfExists(pendingFile());
            return false;
        }
        move(pendingFile(), committedFile());
        return true;
    }

    /**
     * Whether the DLL differs from the one {@code stamp} records only by an Authenticode signature another tool gave
     * it after the build (its image without the signature is the stamp's {@link BuildStamp#unsignedSha256()}).
     */
    private boolean signedAfterBuild(BuildStamp stamp) throws IOException {
        Optional<String> image = UnsignedImage.sha256(dll);
        return image.isPresent() && image.get().equals(stamp.unsignedSha256());
    }

    /** Deletes the pending stamp (verify failed), leaving the DLL without a stamp. */
    public void discardPending() throws IOException {
        Files.deleteIfExists(pendingFile());
    }

    private static Optional<BuildStamp> read(Path file) {
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try (InputStream in = Files.newInputStream(file)) {
            return Optional.of(StampJson.read(in));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static void write(Path file, BuildStamp stamp) throws IOException {
        Files.createDirectories(file.getParent());
        Path tmp = Files.createTempFile(file.getParent(), file.getFileName().toString(), ".tmp");
        try {
            try (OutputStream out = Files.newOutputStream(tmp)) {
                StampJson.write(stamp, out);
            }
            move(tmp, file);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    private static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
