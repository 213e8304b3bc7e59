package dev.hipdll.incremental;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.hipdll.io.AtomicFile;
import dev.hipdll.io.ControlCharacters;
import dev.hipdll.io.IoProblem;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Reads and writes {@link StepRecord}s as JSON ({@code <output>.step.json}, Jackson). A record is
 * written only after its step succeeded (atomically) and deleted before the step runs again, so a
 * failed or interrupted step is never taken for done. A missing record, and one of another
 * {@link StepRecord#FORMAT} (an older or newer plugin's), count as none; a record file that exists
 * but does not parse as a record of this format is an {@link UnreadableStepRecordException}, so the
 * build can warn about it (it was not written by this plugin as it is). With a {@link RecordSeal}, every record
 * written is bound to this machine (and signed when the build signs), and every record read says who vouches for it
 *. Thread-safe: each step has its own files.
 */
public final class StepRecordStore {
    /** A record is a few KiB; a larger file is not read (the limit bounds what a damaged cache can make us read). */
    static final long MAX_RECORD_BYTES = 16L << 20;
    private final ObjectMapper json = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false)
            .enable(SerializationFeature.INDENT_OUTPUT);
    /** How records are bound to this machine and signed; empty: neither (a shard's reader). */
    private final Optional<RecordSeal> seal;

    /** A store that neither binds nor checks bindings: for reading records a build of this run just wrote. */
    public StepRecordStore() {
        this.seal = Optional.empty();
    }

    /**
     * A store that binds every record it writes ({@link RecordSeal#seal}) and says who vouches for every record it
     * reads ({@link #readChecked}).
     *
     * @param seal the machine key, signing key and trust policy
     */
    public StepRecordStore(RecordSeal seal) {
        this.seal = Optional.of(seal);
    }

    /**
     * A record as read, and who vouches for it.
     *
     * @param record  the record
     * @param binding this machine, a trusted signer, or no one ({@link RecordBinding#here()} for a store without a
     *                seal)
     */
    public record Checked(StepRecord record, RecordBinding binding) {
    }

    /** The record file of a step whose output is {@code output}. */
    public static Path recordFile(Path output) {
        return output.resolveSibling(output.getFileName() + ".step.json");
    }

    /**
     * The record of the step whose output is {@code output}: empty when there is no record file or it is
     * of another format.
     *
     * @throws UnreadableStepRecordException when the file exists but is not a regular file, is larger than
     *                                       16 MiB, cannot be read, or does not parse as a {@link StepRecord}
     *                                       (with the parser's message)
     */
    public Optional<StepRecord> read(Path output) throws UnreadableStepRecordException {
        return readChecked(output).map(Checked::record);
    }

    /**
     * As {@link #read}, with who vouches for the record: the HMAC and signature beside it checked against the record
     * file's exact bytes ({@link RecordSeal#check}).
     *
     * @throws UnreadableStepRecordException as {@link #read}
     */
    public Optional<Checked> readChecked(Path output) throws UnreadableStepRecordException {
        Path f = recordFile(output);
        if (!Files.exists(f, LinkOption.NOFOLLOW_LINKS)) {
            return Optional.empty();
        }
        byte[] bytes;
        String text;
        try {
            if (!Files.isRegularFile(f)) {
                throw new UnreadableStepRecordException(f, "is not a regular file");
            }
            long size = Files.size(f);
            if (size > MAX_RECORD_BYTES) {
                throw new UnreadableStepRecordException(f, "is " + size + " bytes, more than a record can be ("
                        + MAX_RECORD_BYTES + ")");
            }
            bytes = Files.readAllBytes(f);
            text = new String(bytes, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UnreadableStepRecordException(f, "cannot be read (" + IoProblem.describe(e) + ")");
        }
        try {
            JsonNode tree = json.readTree(text);
            if (tree == null || !tree.isObject()) {
                throw new UnreadableStepRecordException(f, "does not parse (not a JSON object)");
            }
            JsonNode format = tree.get("format");
            if (format != null && format.isInt() && format.intValue() != StepRecord.FORMAT) {
                return Optional.empty();  // another plugin version's record: none, and no warning
            }
            StepRecord r = json.treeToValue(tree, StepRecord.class);
            return Optional.of(new Checked(r, seal.map(x -> x.check(output, bytes)).orElse(RecordBinding.here())));
        } catch (IOException | RuntimeException e) {
            String m = String.valueOf(e.getMessage());
            int nl = m.indexOf('\n');  // Jackson's second line names the source; the first says what is wrong
            m = nl < 0 ? m : m.substring(0, nl);
            throw new UnreadableStepRecordException(f, "does not parse ("
                    + ControlCharacters.escape(m.length() > 200 ? m.substring(0, 197) + "..." : m) + ")");
        }
    }

    /**
     * Writes a step's record atomically.
     *
     * @throws IOException when it cannot be written
     */
    public void write(Path output, StepRecord record) throws IOException {
        byte[] bytes = json.writeValueAsBytes(record);
        if (seal.isPresent()) {
            RecordSeal.delete(output);  // a crash between the files leaves the record unbound, never bound wrongly
        }
        AtomicFile.write(recordFile(output), out -> out.write(bytes));
        if (seal.isPresent()) {
            seal.get().seal(output, bytes);
        }
    }

    /**
     * Deletes a step's record (before it runs).
     *
     * @throws IOException when it exists and cannot be deleted
     */
    public void delete(Path output) throws IOException {
        Files.deleteIfExists(recordFile(output));
        RecordSeal.delete(output);
    }
}
