package dev.hipdll.provenance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code -Dhip.provenance=} naming something that is not a provenance file fails at once with the
 * file and why: a named pipe hung verify (opening it waits for a writer), a directory said only
 * "Is a directory", and a huge file was read whole into memory.
 */
class ProvenanceJsonReadTest {
    @TempDir
    Path dir;

    private String error(Path f) {
        return assertTimeoutPreemptively(Duration.ofMinutes(5),
                () -> assertThrows(ProvenanceException.class, () -> new ProvenanceJson().read(f)).getMessage());
    }

    @Test
    void aNamedPipeIsRefusedWithoutOpeningIt() throws Exception {
        Path fifo = dir.resolve("provenance.json");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        assertEquals(fifo + ": is not a regular file (a named pipe, socket or device); expected a provenance.json", error(fifo));
    }

    @Test
    void aDirectoryIsNamed() throws Exception {
        Path d = Files.createDirectories(dir.resolve("provenance"));
        assertEquals(d + ": is a directory; expected a provenance.json", error(d));
    }

    @Test
    void aHugeFileIsRefusedBeforeReading() throws Exception {
        Path big = dir.resolve("big.json");
        try (RandomAccessFile f = new RandomAccessFile(big.toFile(), "rw")) {
            f.setLength(ProvenanceJson.MAX_BYTES + 1L); // sparse: no disk, no heap
        }
        assertEquals(big + ": " + (ProvenanceJson.MAX_BYTES + 1L) + " bytes; expected a provenance.json of at most 16 MiB",
                error(big));
    }

    @Test
    void aMissingFileIsNamed() {
        Path gone = dir.resolve("gone.json");
        assertEquals("cannot read " + gone + ": no such file or directory", error(gone));
    }
}
