package dev.hipdll.io;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * {@link FileOpener#standard()}: {@link FileChannel#open} with {@link StandardOpenOption#READ}, for
 * regular files only (a named pipe, socket, device or directory is refused by its attributes before
 * any open, {@link SpecialFiles#requireRegular}). A named class rather than a lambda: verify runs in
 * a fresh JVM, where each lambda costs a class spun at its first use.
 */
final class StandardFileOpener implements FileOpener {
    static final StandardFileOpener INSTANCE = new StandardFileOpener();

    private StandardFileOpener() {
    }

    @Override
    public FileChannel open(Path file) throws IOException {
        return FileChannel.open(SpecialFiles.requireRegular(file), StandardOpenOption.READ);
    }
}
