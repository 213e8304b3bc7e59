package dev.hipdll.incremental;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.digest.FileDigests;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A step record is bound to its step and its own output: read back as written; a
 * record file that does not parse (not JSON, a required field missing, an output digest that is not one,
 * a path that is no path) is an error naming the file, not "no record"; one of another format is none.
 * {@link StepReuse} takes a record only for its own step and output, with the output's content as recorded.
 */
class StepRecordStoreTest {
    @TempDir
    Path dir;
    private final StepRecordStore store = new StepRecordStore();

    private Path output() throws Exception {
        Path out = dir.resolve("steps/k.cu/host.obj");
        Files.createDirectories(out.getParent());
        if (!Files.exists(out)) {
            Files.writeString(out, "object bytes");
        }
        return out;
    }

    private StepRecord record(Path out, String step) throws Exception {
        return new StepRecord(StepRecord.FORMAT, step, List.of("hipcc", "-c"), "env", "", Map.of(), List.of(),
                FileFingerprint.of(out));
    }

    private Optional<RunReason> reuse(StepRecord r, String step, Path out) {
        return StepReuse.reasonToRun(Optional.of(r), step, out, List.of("hipcc", "-c"), "env", "", Map.of(),
                Path::toString, "not built before", new FileDigests());
    }

    @Test
    void aRecordIsReadBackAndReusedForItsOwnStepAndOutput() throws Exception {
        Path out = output();
        store.write(out, record(out, "host:k.cu"));
        StepRecord r = store.read(out).orElseThrow();
        assertEquals("host:k.cu", r.step());
        assertEquals(Optional.empty(), reuse(r, "host:k.cu", out));
    }

    @Test
    void aRecordThatDoesNotParseIsAnErrorNamingTheFile() throws Exception {
        Path out = output();
        Path file = StepRecordStore.recordFile(out);
        for (String text : List.of("{ not json", "[]", "{\"format\": 2, \"step\": \"host:k.cu\"}",
                "{\"format\": 2, \"step\": \"host:k.cu\", \"command\": [], \"environment\": \"e\", \"tools\": {},"
                        + " \"reads\": [], \"output\": {\"path\": \"/x\", \"size\": 1, \"mtime\": 1, \"sha256\": \"nope\"}}",
                "{\"format\": 2, \"step\": \"host:k.cu\", \"command\": [], \"environment\": \"e\", \"tools\": {},"
                        + " \"reads\": [{\"path\": \"/a\\u0000b\", \"size\": 1, \"mtime\": 1, \"sha256\": \"x\"}],"
                        + " \"output\": {\"path\": \"/x\", \"size\": 1, \"mtime\": 1, \"sha256\": \"" + "0".repeat(64)
                        + "\"}}")) {
            Files.writeString(file, text);
            UnreadableStepRecordException e = assertThrows(UnreadableStepRecordException.class, () -> store.read(out),
                    text);
            assertEquals(file, e.file());
            assertTrue(e.getMessage().startsWith("the step record " + file + " does not parse ("), e.getMessage());
            assertTrue(e.getMessage().chars().noneMatch(c -> c == '\n' || c == 0), e.getMessage());
        }
    }

    @Test
    void aRecordOfAnotherFormatIsNone() throws Exception {
        Path out = output();
        Files.writeString(StepRecordStore.recordFile(out), "{\"format\": 1, \"whatever\": true}");
        assertEquals(Optional.empty(), store.read(out));
        Files.delete(StepRecordStore.recordFile(out));
        assertEquals(Optional.empty(), store.read(out));
    }

    @Test
    void aRecordOfAnotherStepOrOutputIsNotTrusted() throws Exception {
        Path out = output();
        Path other = Files.writeString(dir.resolve("elsewhere.obj"), "object bytes");
        RunReason step = reuse(record(out, "host:other.cu"), "host:k.cu", out).orElseThrow();
        assertEquals("its record is of another step", step.reason());
        assertTrue(step.warning().orElseThrow().contains(StepRecordStore.recordFile(out).toString()), step.toString());
        RunReason named = reuse(record(other, "host:k.cu"), "host:k.cu", out).orElseThrow();
        assertEquals("its record names another output", named.reason());
        assertTrue(named.warning().orElseThrow().contains(" names the output " + other + ", not the step's own " + out),
                named.toString());
    }

    @Test
    void anOutputReplacedWithItsSizeAndTimeKeptIsNotReused() throws Exception {
        Path out = output();
        StepRecord r = record(out, "host:k.cu");
        FileTime time = Files.getLastModifiedTime(out);
        Files.writeString(out, "foreign byte");  // same length
        Files.setLastModifiedTime(out, time);
        RunReason why = reuse(r, "host:k.cu", out).orElseThrow();
        assertEquals("its output host.obj is not what its record was written for", why.reason());
        assertTrue(why.warning().orElseThrow().startsWith("the output " + out + " has SHA-256 "), why.toString());
        Files.delete(out);
        assertEquals(RunReason.of("its output host.obj is missing"), reuse(r, "host:k.cu", out).orElseThrow());
    }
}
