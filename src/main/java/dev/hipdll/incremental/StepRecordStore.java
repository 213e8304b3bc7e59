package dev.hipdll.incremental;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.hipdll.io.AtomicFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Reads and writes {@link StepRecord}s as JSON ({@code <output>.step.json}, Jackson). A record is
 * written only after its step succeeded (atomically) and deleted before the step runs again, so a
 * failed or interrupted step is never taken for done. A record that cannot be read (an older
 * format, a truncated file) counts as none. Thread-safe: each step has its own file.
 */
public final class StepRecordStore {
    private static final long MAX_RECORD_BYTES = 16L << 20;
    private final ObjectMapper json = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false)
            .enable(SerializationFeature.INDENT_OUTPUT);

    /** The record file of a step whose output is {@code output}. */
    public static Path recordFile(Path output) {
        return output.resolveSibling(output.getFileName() + ".step.json");
    }

    /** The record of the step whose output is {@code output}, if one was written and can be read. */
    public Optional<StepRecord> read(Path output) {
        Path f = recordFile(output);
        try {
            if (!Files.isRegularFile(f) || Files.size(f) > MAX_RECORD_BYTES) {
                return Optional.empty();
            }
            StepRecord r = json.readValue(Files.readString(f, StandardCharsets.UTF_8), StepRecord.class);
            return r.format() == StepRecord.FORMAT ? Optional.of(r) : Optional.empty();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * Writes a step's record atomically.
     *
     * @throws IOException when it cannot be written
     */
    public void write(Path output, StepRecord record) throws IOException {
        AtomicFile.writeString(recordFile(output), json.writeValueAsString(record));
    }

    /**
     * Deletes a step's record (before it runs).
     *
     * @throws IOException when it exists and cannot be deleted
     */
    public void delete(Path output) throws IOException {
        Files.deleteIfExists(recordFile(output));
    }
}
