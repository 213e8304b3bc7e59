package dev.hipdll.provenance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.digest.ChecksumFile;
import dev.hipdll.digest.ChecksumList;
import dev.hipdll.digest.Sha256;
import dev.hipdll.testing.Exec;
import dev.hipdll.testing.Fixtures;
import dev.hipdll.findings.Check;
import dev.hipdll.findings.Verdict;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The artifact.sha256 check on a real DLL, from a digest, a .sha256 file and a provenance document. */
class ExpectedDigestTest {
    @TempDir
    Path dir;
    Path dll;
    String digest;

    @BeforeEach
    void build() {
        dll = Fixtures.exampleDll(dir, "coli_hip.dll", List.of("gfx1151"), List.of());
        digest = Exec.ok(dir, List.of("sha256sum", dll.toString())).split("\\s+")[0];
    }

    @Test
    void matchingDigestPasses() {
        Check c = ExpectedDigest.of(digest.toUpperCase(), "-Dhip.expectedSha256").check(dll);
        assertEquals(Verdict.PASS, c.verdict(), c.toString());
        assertEquals(ExpectedDigest.CHECK_ID, c.id());
    }

    @Test
    void aChangedByteFails() throws Exception {
        byte[] bytes = Files.readAllBytes(dll);
        bytes[bytes.length / 2] ^= 1;
        Path tampered = Files.write(dir.resolve("tampered.dll"), bytes);
        Check c = ExpectedDigest.of(digest, "-Dhip.expectedSha256").check(tampered);
        assertEquals(Verdict.FAIL, c.verdict());
        assertEquals(Sha256.of(tampered), c.found());
        assertEquals(Verdict.FAIL, ExpectedDigest.of(digest, "x").check(dir.resolve("missing.dll")).verdict());
    }

    @Test
    void badDigestIsRefusedWithWhatWasGiven() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ExpectedDigest.of("abc", "x"));
        assertTrue(e.getMessage().contains("64 hex digits") && e.getMessage().contains("'abc'"), e.getMessage());
    }

    @Test
    void checksumFileIsSha256sumCompatible() throws Exception {
        Path sum = ChecksumFile.write(dll);
        assertEquals(dir.resolve("coli_hip.dll.sha256"), sum);
        assertEquals(digest + "  coli_hip.dll\n", Files.readString(sum));
        assertTrue(Exec.ok(dir, List.of("sha256sum", "-c", sum.getFileName().toString())).contains("coli_hip.dll: OK"));
        assertEquals(digest, ChecksumList.digestFor(sum, dll));
    }

    @Test
    void fromChecksumFileOrValue() throws Exception {
        Path sum = ChecksumFile.write(dll);
        ExpectedDigest e = ExpectedDigest.fromValueOrFile(sum.toString(), "-Dhip.expectedSha256", dll);
        assertEquals(digest, e.sha256());
        assertEquals("-Dhip.expectedSha256 (coli_hip.dll.sha256, the line for coli_hip.dll)", e.source());
        assertEquals(Verdict.PASS, e.check(dll).verdict());
        assertEquals(digest, ExpectedDigest.fromValueOrFile(" " + digest + " ", "x", dll).sha256());
        Path bad = Files.writeString(dir.resolve("bad.sha256"), "nothex  coli_hip.dll\n");
        IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
                () -> ExpectedDigest.fromValueOrFile(bad.toString(), "x", dll));
        assertTrue(ex.getMessage().startsWith(bad + ": no line names coli_hip.dll")
                && ex.getMessage().contains("line 1 is not a sha256sum line") && !ex.getMessage().contains("nothex"),
                ex.getMessage());
        IllegalArgumentException none = assertThrows(IllegalArgumentException.class,
                () -> ExpectedDigest.fromValueOrFile(dir.resolve("absent.sha256").toString(), "x", dll));
        assertTrue(none.getMessage().contains("or a .sha256 file"), none.getMessage());
    }

    /**
     * Item 10: {@code -Dhip.expectedSha256=<file>} naming a file that is not there (often the DLL's
     * own {@code .sha256}, not downloaded) said only "expected a SHA-256 digest ... or a .sha256 file, got
     * '...'"; it says the file does not exist. A wrong-length digest is still called a digest.
     */
    @Test
    void aMissingChecksumFileIsSaidToBeMissing() {
        Path absent = dir.resolve("coli_hip.dll.sha256");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ExpectedDigest.fromValueOrFile(absent.toString(), "-Dhip.expectedSha256", dll));
        assertEquals(absent.toAbsolutePath().normalize() + " does not exist; expected a SHA-256 digest (64 hex digits)"
                + " or a .sha256 file", e.getMessage());
        IllegalArgumentException shortDigest = assertThrows(IllegalArgumentException.class,
                () -> ExpectedDigest.fromValueOrFile(digest.substring(1), "-Dhip.expectedSha256", dll));
        assertTrue(shortDigest.getMessage().startsWith("expected a SHA-256 digest (64 hex digits) or a .sha256 file, got '"),
                shortDigest.getMessage());
    }

    @Test
    void fromProvenanceDocument() throws Exception {
        Path prov = Files.writeString(dir.resolve("provenance.json"),
                "{\"formatVersion\":1,\"output\":{\"file\":\"coli_hip.dll\",\"size\":1,\"sha256\":\"" + digest + "\"},\"future\":true}");
        ExpectedDigest e = ExpectedDigest.fromProvenance(prov);
        assertEquals(Verdict.PASS, e.check(dll).verdict());
        assertEquals("provenance.json (output.sha256)", e.source());
    }

    @Test
    void brokenProvenanceNamesFileAndProblem() throws Exception {
        Path notJson = Files.writeString(dir.resolve("a.json"), "{ not json");
        ProvenanceException e1 = assertThrows(ProvenanceException.class, () -> ExpectedDigest.fromProvenance(notJson));
        assertTrue(e1.getMessage().startsWith(notJson + ": not a provenance document") && e1.getMessage().contains("line 1"),
                e1.getMessage());
        Path noDigest = Files.writeString(dir.resolve("b.json"), "{\"formatVersion\":1}");
        ProvenanceException e2 = assertThrows(ProvenanceException.class, () -> ExpectedDigest.fromProvenance(noDigest));
        assertTrue(e2.getMessage().contains("no output.sha256"), e2.getMessage());
        Path badDigest = Files.writeString(dir.resolve("c.json"), "{\"output\":{\"sha256\":\"zz\"}}");
        ProvenanceException e3 = assertThrows(ProvenanceException.class, () -> ExpectedDigest.fromProvenance(badDigest));
        assertTrue(e3.getMessage().contains("output.sha256") && e3.getMessage().contains("'zz'"), e3.getMessage());
        assertThrows(ProvenanceException.class, () -> ExpectedDigest.fromProvenance(dir.resolve("absent.json")));
    }

    @Test
    void aHugeChecksumFileIsRefusedBeforeItIsRead() throws Exception {
        Path huge = dir.resolve("huge.sha256");
        try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(huge.toFile(), "rw")) {
            f.setLength(3L << 30); // sparse: 3 GiB that take no disk
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ExpectedDigest.fromValueOrFile(huge.toString(), "-Dhip.expectedSha256", dll));
        assertTrue(e.getMessage().startsWith(huge + ": 3221225472 bytes; expected a list in sha256sum format")
                && e.getMessage().contains("of at most 65536 bytes"), e.getMessage());
    }

    @Test
    void aBinaryChecksumFileIsNamedAsSuch() throws Exception {
        Path binary = Files.write(dir.resolve("coli_hip.dll.sha256"), Files.readAllBytes(dll).length > 4096
                ? java.util.Arrays.copyOf(Files.readAllBytes(dll), 4096) : Files.readAllBytes(dll));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ExpectedDigest.fromValueOrFile(binary.toString(), "-Dhip.expectedSha256", dll));
        assertTrue(e.getMessage().startsWith(binary + ": not UTF-8 text") && e.getMessage().contains("sha256sum format"),
                e.getMessage());
        Path longLine = Files.writeString(dir.resolve("long.sha256"), "a".repeat(60000) + "  coli_hip.dll\n");
        IllegalArgumentException l = assertThrows(IllegalArgumentException.class,
                () -> ExpectedDigest.fromValueOrFile(longLine.toString(), "x", dll));
        assertTrue(l.getMessage().length() < 400 && l.getMessage().contains("line 1 is not a sha256sum line")
                && !l.getMessage().contains("aaaa"), l.getMessage());
    }

    @Test
    void aDirectoryOrAPipeIsNamedNotOpened() throws Exception {
        Path fifo = dir.resolve("digest.fifo");
        Exec.ok(dir, List.of("mkfifo", fifo.toString()));
        IllegalArgumentException p = assertThrows(IllegalArgumentException.class,
                () -> ExpectedDigest.fromValueOrFile(fifo.toString(), "x", dll));
        assertTrue(p.getMessage().startsWith(fifo + ": is not a regular file (a named pipe"), p.getMessage());
        IllegalArgumentException d = assertThrows(IllegalArgumentException.class,
                () -> ExpectedDigest.fromValueOrFile(dir.toString(), "x", dll));
        assertTrue(d.getMessage().startsWith(dir + ": is a directory"), d.getMessage());
    }
}
