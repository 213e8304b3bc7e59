package dev.hipdll.pipeline;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@code build.log} in the output directory: every step's command and output lines, each line
 * prefixed with the step it belongs to ({@code [device compile backend_cuda.cu [gfx1100]]}), as
 * they arrive from the steps running at once. Flushed line by line, so a build stopped with
 * Ctrl-C keeps what ran so far. Thread-safe; a write error is kept and reported by {@link #close}.
 */
public final class BuildLogFile implements AutoCloseable {
    private final Path file;
    private final BufferedWriter out;
    private IOException error;

    /**
     * Creates (replaces) the log.
     *
     * @throws IOException when it cannot be created
     */
    public BuildLogFile(Path file) throws IOException {
        this.file = file;
        this.out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
    }

    /** The log's path. */
    public Path file() {
        return file;
    }

    /** Writes one line with its step prefix ({@code ""} for none). */
    public synchronized void line(String step, String line) {
        if (error != null) {
            return;
        }
        try {
            out.write(step.isEmpty() ? line : "[" + step + "] " + line);
            out.newLine();
            out.flush();
        } catch (IOException e) {
            error = e;
        }
    }

    /** Closes the log. @throws IOException the first write error, or the close's */
    @Override
    public synchronized void close() throws IOException {
        out.close();
        if (error != null) {
            throw error;
        }
    }
}
