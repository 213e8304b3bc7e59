package dev.hipdll.provenance;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.hipdll.io.AtomicFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads and writes {@link Provenance} as JSON with Jackson: pretty-printed, fields in declaration
 * order, {@code null} fields left out, {@code \n} line ends (so the document's bytes do not depend
 * on the platform). Unknown fields are ignored when reading (a newer writer may add some).
 */
public final class ProvenanceJson {
    /** The largest provenance document read: 16 MiB (the example's is 3 KiB); checked before reading. */
    public static final int MAX_BYTES = 16 << 20;

    private final ObjectMapper mapper = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .setSerializationInclusion(JsonInclude.Include.NON_NULL);

    /** The document as JSON text ending in a newline. */
    public String toJson(Provenance provenance) {
        try {
            return mapper.writer().withDefaultPrettyPrinter().writeValueAsString(provenance)
                    .replace("\r\n", "\n") + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialize provenance: " + e.getMessage(), e);
        }
    }

    /** Writes {@code file} atomically ({@link AtomicFile}). */
    public void write(Provenance provenance, Path file) throws IOException {
        AtomicFile.writeString(file, toJson(provenance));
    }

    /**
     * Reads a provenance document.
     *
     * @throws ProvenanceException when it cannot be read, is not a regular file, is larger than {@link #MAX_BYTES}
     *                             or is no provenance document (naming the file and why)
     */
    public Provenance read(Path file) throws ProvenanceException {
        Provenance p;
        try {
            if (Files.exists(file) && !Files.isRegularFile(file)) { // opening a named pipe would block forever
                throw new ProvenanceException(file + ": " + (Files.isDirectory(file) ? "is a directory"
                        : "is not a regular file (a named pipe, socket or device)") + "; expected a provenance.json");
            }
            long size = Files.size(file);
            if (size > MAX_BYTES) {
                throw new ProvenanceException(file + ": " + size + " bytes; expected a provenance.json of at most "
                        + (MAX_BYTES >> 20) + " MiB");
            }
            p = mapper.readValue(Files.readAllBytes(file), Provenance.class);
        } catch (JsonProcessingException e) {
            throw new ProvenanceException(file + ": not a provenance document: " + e.getOriginalMessage()
                    + (e.getLocation() == null ? "" : " (line " + e.getLocation().getLineNr() + ", column "
                    + e.getLocation().getColumnNr() + ")"));
        } catch (IOException e) {
            throw new ProvenanceException("cannot read " + (e instanceof java.nio.file.FileSystemException
                    ? dev.hipdll.io.IoProblem.describe(e) : file + ": " + dev.hipdll.io.IoProblem.describe(e)));
        }
        if (p == null || p.output() == null || p.output().sha256() == null) {
            throw new ProvenanceException(file + ": no output.sha256 field (expected a hipdll provenance.json)");
        }
        return p;
    }
}
