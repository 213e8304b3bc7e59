package dev.hipdll.io;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * Writes a file so that readers see the old file or the whole new one, never half of it: the content
 * goes to a temporary file beside the target ({@code <name><random>.tmp}, in the same directory so the
 * rename stays on one file system), which is then renamed over the target ({@code ATOMIC_MOVE}, or a
 * plain replacing move where the file system has no atomic rename). Missing parent directories are
 * created. The file is world-readable ({@code rw-r--r--} on POSIX file systems), like any file Maven
 * writes: a temporary file is created owner-only, so its permissions are set before the rename. On any
 * error the temporary file is deleted and the target is left as it was.
 */
public final class AtomicFile {
    /** Writes the content into the temporary file; the stream is closed by {@link AtomicFile}. */
    public interface Writer {
        /** Writes the whole content to {@code out}. */
        void write(OutputStream out) throws IOException;
    }

    private AtomicFile() {
    }

    /**
     * Writes to a temporary file beside {@code target}, then renames it over {@code target}.
     *
     * @throws IOException when the directory, the temporary file or the rename fails, or {@code writer} throws
     */
    public static void write(Path target, Writer writer) throws IOException {
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

    /**
     * Writes {@code text} as UTF-8 (exactly these characters: no line ends are added or translated).
     *
     * @throws IOException as {@link #write(Path, Writer)}
     */
    public static void writeString(Path target, String text) throws IOException {
        write(target, out -> out.write(text.getBytes(StandardCharsets.UTF_8)));
    }
}
