package dev.hipdll.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The one atomic writer behind verify.json, doctor.json, provenance.json, .sha256 and environment.txt. */
class AtomicFileTest {
    @TempDir
    Path dir;

    @Test
    void writesTheExactTextCreatingDirectoriesAndLeavesNoTemporaryFile() throws IOException {
        Path file = dir.resolve("a/b/report.json");
        AtomicFile.writeString(file, "{}\n");
        AtomicFile.writeString(file, "{\"x\": 1}");
        assertEquals("{\"x\": 1}", Files.readString(file, StandardCharsets.UTF_8));
        try (Stream<Path> s = Files.list(file.getParent())) {
            assertEquals(1, s.count(), "only the target remains");
        }
        if (Files.getFileAttributeView(file, PosixFileAttributeView.class) != null) {
            assertEquals("rw-r--r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        }
    }

    @Test
    void aFailingWriterLeavesTheOldFileWholeAndNoTemporaryFile() throws IOException {
        Path file = dir.resolve("verify.json");
        AtomicFile.writeString(file, "old");
        IOException e = assertThrows(IOException.class, () -> AtomicFile.write(file, out -> {
            out.write("half".getBytes(StandardCharsets.UTF_8));
            throw new IOException("disk full");
        }));
        assertEquals("disk full", e.getMessage());
        assertEquals("old", Files.readString(file));
        try (Stream<Path> s = Files.list(dir)) {
            assertEquals(1, s.count(), "the temporary file is deleted");
        }
    }
}
