package dev.hipdll.pipeline;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Optional;

/**
 * How a step's last run ended when it did not succeed: a marker {@code <output>.unfinished}
 * beside the step's output, written when the step starts ({@link Ending#STARTED}), rewritten when it fails or is
 * stopped, and deleted when it succeeds (its record then says everything). The next build names it as the reason the
 * step runs, instead of "not built before": "failed in the last build", "stopped in the last build when another step
 * failed or the build was stopped". The file holds one keyword ({@link Ending#name()}); anything else in it, or more
 * than {@value #MAX_BYTES} bytes, reads as no marker.
 */
final class UnfinishedRun {
    /** The longest marker read, in bytes. */
    static final int MAX_BYTES = 16;

    /** How the last run ended, with the reason the next build gives. */
    enum Ending {
        /** Started, and the build (or its JVM) ended before the step did. */
        STARTED("its last run did not finish"),
        /** The step's program failed. */
        FAILED("failed in the last build"),
        /** Stopped because another step failed or the build was stopped. */
        STOPPED("stopped in the last build when another step failed or the build was stopped");

        private final String reason;

        Ending(String reason) {
            this.reason = reason;
        }

        /** The reason the next build gives for running the step. */
        String reason() {
            return reason;
        }
    }

    private UnfinishedRun() {
    }

    /** The marker of the step whose output is {@code output}. */
    static Path file(Path output) {
        return output.resolveSibling(output.getFileName() + ".unfinished");
    }

    /**
     * Writes the marker.
     *
     * @throws IOException when it cannot be written
     */
    static void mark(Path output, Ending ending) throws IOException {
        Files.createDirectories(output.toAbsolutePath().getParent());
        Files.writeString(file(output), ending.name(), StandardCharsets.US_ASCII);
    }

    /** Writes the marker, a failure to write ignored (the next build then says "not built before"). */
    static void markQuietly(Path output, Ending ending) {
        try {
            mark(output, ending);
        } catch (IOException e) {
            // only a reason's words depend on it
        }
    }

    /**
     * Deletes the marker (the step succeeded).
     *
     * @throws IOException when it exists and cannot be deleted
     */
    static void clear(Path output) throws IOException {
        Files.deleteIfExists(file(output));
    }

    /** How the step's last run ended, empty when there is no (readable, regular, known) marker. */
    static Optional<Ending> read(Path output) {
        Path f = file(output);
        if (!Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS)) {
            return Optional.empty();
        }
        try (InputStream in = Files.newInputStream(f, LinkOption.NOFOLLOW_LINKS)) {
            String s = new String(in.readNBytes(MAX_BYTES + 1), StandardCharsets.US_ASCII).strip();
            for (Ending e : Ending.values()) {
                if (e.name().equals(s)) {
                    return Optional.of(e);
                }
            }
        } catch (IOException e) {
            // unreadable: no marker
        }
        return Optional.empty();
    }
}
