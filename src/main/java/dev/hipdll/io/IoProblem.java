package dev.hipdll.io;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;

/**
 * A short human reason for a failed file operation, for error messages. The JDK's
 * {@link FileSystemException} messages are often only the path ({@code AccessDeniedException},
 * {@code FileAlreadyExistsException}), which tells a user nothing; this names the file and the
 * operating system's reason, e.g. {@code "/x/target: Not a directory"} or
 * {@code "/x/out: permission denied"}.
 */
public final class IoProblem {
    private IoProblem() {
    }

    /** {@code e} as {@code "<file>: <reason>"} (or {@code "<file> -> <other>: <reason>"} for a move). */
    public static String describe(IOException e) {
        if (e instanceof FileSystemException f) {
            String where = f.getFile() == null ? "" : f.getFile() + (f.getOtherFile() == null ? "" : " -> " + f.getOtherFile());
            String reason = f.getReason() != null ? f.getReason() : defaultReason(f);
            return where.isEmpty() ? reason : where + ": " + reason;
        }
        return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
    }

    private static String defaultReason(FileSystemException e) {
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof NoSuchFileException) {
            return "no such file or directory";
        }
        if (e instanceof FileAlreadyExistsException) {
            return "already exists";
        }
        if (e instanceof NotDirectoryException) {
            return "not a directory";
        }
        if (e instanceof DirectoryNotEmptyException) {
            return "is a directory that is not empty";
        }
        return e.getClass().getSimpleName();
    }
}
