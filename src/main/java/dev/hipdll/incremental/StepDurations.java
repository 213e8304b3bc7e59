package dev.hipdll.incremental;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.hipdll.io.AtomicFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * How long each build step took when it last ran, kept across builds in {@value #FILE_NAME} in the step directory
 * (as Ninja keeps {@code .ninja_log}): the durations critical-path scheduling starts from
 * ({@code dev.hipdll.graph.CriticalPath}). Only steps that ran are recorded (a reused step's few milliseconds say
 * nothing of its compile); a step that did not run this time keeps its earlier duration.
 *
 * <p>The file is JSON, {@code {"format":1,"millis":{"<step id>":<ms>,...}}}. A file that is missing or does not parse
 * is an empty history (scheduling then estimates every step); it is written atomically. Thread-safe: the steps of
 * a build record their durations from several workers.
 */
public final class StepDurations {
    /** The file's name in the step directory. */
    public static final String FILE_NAME = "step-durations.json";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path file;
    private final Map<String, Long> millis;

    private StepDurations(Path file, Map<String, Long> millis) {
        this.file = file;
        this.millis = new ConcurrentHashMap<>(millis);
    }

    /**
     * Reads the history of a step directory.
     *
     * @param stepDir the step directory ({@code target/hipdll/steps})
     * @return the history; empty when there is none or it cannot be read
     */
    public static StepDurations load(Path stepDir) {
        Path file = stepDir.resolve(FILE_NAME);
        Map<String, Long> read = new TreeMap<>();
        if (Files.isRegularFile(file)) {
            try {
                Map<String, Object> doc = JSON.readValue(file.toFile(), new TypeReference<Map<String, Object>>() { });
                if (doc.get("millis") instanceof Map<?, ?> m) {
                    m.forEach((k, v) -> {
                        if (k instanceof String id && v instanceof Number n && n.longValue() >= 0) {
                            read.put(id, n.longValue());
                        }
                    });
                }
            } catch (IOException e) {
                // not a history: start without one
            }
        }
        return new StepDurations(file, read);
    }

    /** The last recorded duration of a step in milliseconds, or {@code -1} when it never ran here. */
    public long millis(String stepId) {
        return millis.getOrDefault(stepId, -1L);
    }

    /** Every recorded duration, by step id (a copy). */
    public Map<String, Long> all() {
        return new TreeMap<>(millis);
    }

    /**
     * Records that a step ran for {@code ms} milliseconds.
     *
     * @param stepId the step's id
     * @param ms     its duration, at least 0
     */
    public void ran(String stepId, long ms) {
        millis.put(stepId, Math.max(0, ms));
    }

    /**
     * Writes the history (atomically).
     *
     * @param keep only the steps of this build are kept, so the history does not grow with removed sources
     * @throws IOException when the file cannot be written
     */
    public void save(java.util.Set<String> keep) throws IOException {
        Map<String, Long> out = new TreeMap<>(millis);
        out.keySet().retainAll(keep);
        Map<String, Object> doc = new TreeMap<>(Map.of("format", 1, "millis", out));
        AtomicFile.write(file, o -> JSON.writerWithDefaultPrettyPrinter().writeValue(o, doc));
    }
}
