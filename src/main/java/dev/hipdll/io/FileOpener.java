package dev.hipdll.io;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * How the readers of a file that may be large (the DLL verify reads, the files a build digests) open
 * it for reading: the one place they get a channel from, so a test can count how often a file is
 * opened and how many bytes are read from it. Production code uses {@link #standard()}.
 */
@FunctionalInterface
public interface FileOpener {
    /**
     * Opens {@code file} for reading.
     *
     * @return a channel positioned at 0; the caller closes it
     * @throws IOException when the file cannot be opened
     */
    FileChannel open(Path file) throws IOException;

    /**
     * {@link FileChannel#open} with {@link StandardOpenOption#READ}, for regular files only: a named pipe,
     * socket, device or directory is refused by its attributes before any open ({@link SpecialFiles#requireRegular}),
     * since opening a named pipe blocks until a writer comes.
     */
    static FileOpener standard() {
        return StandardFileOpener.INSTANCE;
    }
}
