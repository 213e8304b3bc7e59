package dev.hipdll.artifact;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileDigestsTest {
    @TempDir
    Path dir;

    @Test
    void agreesWithSha256AndRereadsAChangedFile() throws Exception {
        Path f = Files.writeString(dir.resolve("a.bin"), "first");
        FileDigests digests = new FileDigests();
        String first = digests.of(f);
        assertEquals(Sha256.of(f), first);
        assertEquals(first, digests.of(dir.resolve("./a.bin")), "same file by another spelling");

        Files.writeString(f, "second, longer");
        Files.setLastModifiedTime(f, FileTime.fromMillis(Files.getLastModifiedTime(f).toMillis() + 5000));
        String second = digests.of(f);
        assertNotEquals(first, second);
        assertEquals(Sha256.of(f), second);
    }
}
