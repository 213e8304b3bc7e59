package dev.hipdll.io;

import java.nio.file.Path;

/**
 * A directory a goal must write into cannot take files; the message names the directory, the path
 * at fault (a file standing where a directory should be, say) and the reason. Checked, and no
 * {@link java.io.IOException}, so callers report it as a user-facing failure rather than as an
 * unexpected I/O error.
 */
public final class UnwritableDirectoryException extends Exception {
    private static final long serialVersionUID = 1L;

    private final transient Path directory;

    /**
     * @param directory the directory that cannot be written
     * @param message   the full message
     */
    public UnwritableDirectoryException(Path directory, String message) {
        super(message);
        this.directory = directory;
    }

    /** The directory that cannot be written. */
    public Path directory() {
        return directory;
    }
}
