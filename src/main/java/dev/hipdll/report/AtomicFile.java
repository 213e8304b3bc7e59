package dev.hipdll.report;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * Writes a file so that readers see the old file or the whole new one, never half of it. The file is
 * world-readable ({@code rw-r--r--} on POSIX file systems), like any file Maven writes: a temporary file
 * is created owner-only, so its permissions are set before it is renamed into place.
 */
final class AtomicFile {
    /** Writes the content into {@code target}. */
    interface Writer {
        void write(OutputStream out) throws IOException;
    }

    private AtomicFile() {
    }

    /** Writes to a temporary file beside {@code target}, then renames it over {@code target}. */
    static void write(Path target, Writer writer) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, target.getFileName().toString(), ".tmp");
        try {
            try (OutputStream out = Files.newOutputStream(tmp)) {
                writer.write(out);
            }
            PosixFileAttributeView posix = Files.getFileAttributeView(tmp, PosixFileAttributeView.class);
            if (posix != null) {
                posix.setPermissions(PosixFilePermissions.fromString("rw-r--r--"));
            }
            try {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
