package dev.hipdll.digest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.testing.CountingOpener;
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

    @Test
    void aDigestComputedElsewhereIsRememberedOnlyForTheSnapshotItWasTakenOf() throws Exception {
        Path f = Files.writeString(dir.resolve("b.bin"), "content");
        CountingOpener reads = new CountingOpener();
        FileDigests digests = new FileDigests(reads);
        FileDigests.Snapshot before = FileDigests.Snapshot.of(f);
        assertTrue(digests.remember(before, Sha256.of(f)));
        assertEquals(Sha256.of(f), digests.of(f));
        assertEquals(0, reads.opens(f), "served from what was remembered");

        Path g = Files.writeString(dir.resolve("c.bin"), "old");
        FileDigests.Snapshot old = FileDigests.Snapshot.of(g);
        String oldDigest = Sha256.of(g);
        Files.writeString(g, "new, changed while it was being read");
        assertFalse(digests.remember(old, oldDigest), "the file changed after the snapshot");
        assertEquals(Sha256.of(g), digests.of(g));
        assertEquals(1, reads.opens(g), "read again, through the opener");
    }
}
