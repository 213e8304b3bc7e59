package dev.hipdll.digest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.provenance.ExpectedDigest;
import dev.hipdll.testing.Exec;
import dev.hipdll.findings.Check;
import dev.hipdll.findings.Verdict;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code -Dhip.expectedSha256=<list>} read as {@code sha256sum -c} reads it: the line for the
 * DLL's file name, in GNU, escaped and BSD format; a list without one fails naming the list and the DLL; nothing of
 * the list that is not a digest reaches a message. Where a list is valid for coreutils, {@code sha256sum -c} run in
 * the list's directory is the oracle.
 */
class ChecksumListTest {
    @TempDir
    Path dir;
    Path dll;
    String digest;
    String other;

    @BeforeEach
    void files() throws Exception {
        dll = Files.write(dir.resolve("coli_hip.dll"), "MZ the DLL's bytes".getBytes(StandardCharsets.US_ASCII));
        Files.write(dir.resolve("other.dll"), "MZ another DLL".getBytes(StandardCharsets.US_ASCII));
        digest = Sha256.of(dll);
        other = Sha256.of(dir.resolve("other.dll"));
    }

    private Path list(String name, String text) throws Exception {
        return Files.writeString(dir.resolve(name), text);
    }

    /** What coreutils says of the list, checking only the DLL's line (the others are checked by it too). */
    private void sha256sumAgrees(Path list, boolean ok) {
        Exec.Result r = Exec.run(dir, List.of("sha256sum", "-c", list.getFileName().toString()));
        assertEquals(ok, r.exit() == 0, "sha256sum -c " + list.getFileName() + ":\n" + r.output());
    }

    @Test
    void theDllOnLineTwoOfAGnuListPasses() throws Exception {
        Path sums = list("SHA256SUMS", other + "  other.dll\n" + digest + "  coli_hip.dll\n");
        sha256sumAgrees(sums, true);
        ExpectedDigest e = ExpectedDigest.fromValueOrFile(sums.toString(), "-Dhip.expectedSha256", dll);
        assertEquals(digest, e.sha256());
        Check c = e.check(dll);
        assertEquals(Verdict.PASS, c.verdict(), c.toString());
        assertEquals("-Dhip.expectedSha256 (SHA256SUMS, the line for coli_hip.dll)", e.source());
    }

    @Test
    void anotherFilesCorrectLookingDigestOnLineOneDoesNotPass() throws Exception {
        // line 1: the DLL's own digest, but for another file name; no line names coli_hip.dll
        Path sums = list("SHA256SUMS", digest + "  release-notes.txt\n" + other + "  other.dll\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ExpectedDigest.fromValueOrFile(sums.toString(), "-Dhip.expectedSha256", dll));
        assertTrue(e.getMessage().startsWith(sums + ": no line names coli_hip.dll (2 sha256sum lines name other files)"),
                e.getMessage());
        assertFalse(e.getMessage().contains("release-notes") || e.getMessage().contains("other.dll"), e.getMessage());

        // line 1 holds the DLL's digest for another name, line 2 a wrong digest for the DLL: the check fails
        Path wrong = list("wrong.sha256", digest + "  other.dll\n" + other + "  coli_hip.dll\n");
        sha256sumAgrees(wrong, false);
        Check c = ExpectedDigest.fromValueOrFile(wrong.toString(), "x", dll).check(dll);
        assertEquals(Verdict.FAIL, c.verdict(), c.toString());
    }

    @Test
    void bsdTaggedBinaryEscapedCrlfAndCommentedLinesAreReadAsSha256sumReadsThem() throws Exception {
        String upper = digest.toUpperCase(Locale.ROOT);
        for (String text : List.of(
                "SHA256 (other.dll) = " + other + "\nSHA256 (coli_hip.dll) = " + digest + "\n",
                "SHA256(coli_hip.dll)= " + digest + "\n",
                other + " *other.dll\n" + upper + " *coli_hip.dll\n",
                "# published with release 7\r\n" + other + "  other.dll\r\n" + digest + "  coli_hip.dll\r\n",
                "\\" + digest + "  coli_hip.dll\n",
                "\\SHA256 (coli_hip.dll) = " + digest + "\n",
                "  " + digest + "\t coli_hip.dll\n",
                other + " other.dll\n" + digest + " coli_hip.dll\n",  // "BSD reversed" (md5 -r style)
                digest + "  ./coli_hip.dll\n")) {
            Path sums = list("case.sha256", text);
            sha256sumAgrees(sums, true);
            assertEquals(digest, ChecksumList.digestFor(sums, dll), text);
        }
    }

    @Test
    void linesSha256sumDoesNotTakeAreNotTakenEither() throws Exception {
        for (String text : List.of(
                digest + "coli_hip.dll\n",                              // no separator
                digest + "  coli_hip.dll.bak\n",                        // another file
                "\\" + digest + "  coli\\x_hip.dll\n",                  // an escape sha256sum does not know
                "SHA512 (coli_hip.dll) = " + digest + "\n",             // another algorithm's tag
                other + "  other.dll\n" + digest + " coli_hip.dll\n",   // GNU then "reversed": coreutils refuses the mix
                "MD5 (coli_hip.dll) = " + digest.substring(0, 32) + "\n")) {
            Path sums = list("bad.sha256", text);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> ChecksumList.digestFor(sums, dll), text);
            assertTrue(e.getMessage().startsWith(sums + ": no line names coli_hip.dll"), e.getMessage());
        }
    }

    @Test
    void aNameWithABackslashOrNewlineIsReadFromItsEscapedLine() throws Exception {
        Path odd = Files.write(dir.resolve("odd\\name.dll"), "MZ odd".getBytes(StandardCharsets.US_ASCII));
        String written = Exec.ok(dir, List.of("sha256sum", odd.getFileName().toString()));
        assertTrue(written.startsWith("\\"), written);
        Path sums = list("odd.sha256", written);
        assertEquals(Sha256.of(odd), ChecksumList.digestFor(sums, odd));
    }

    @Test
    void twoLinesForTheDllWithDifferentDigestsFail() throws Exception {
        Path sums = list("twice.sha256", digest + "  coli_hip.dll\n" + other + "  other.dll\n" + other + "  coli_hip.dll\n");
        sha256sumAgrees(sums, false);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ChecksumList.digestFor(sums, dll));
        assertEquals(sums + ": lines 1, 3 name coli_hip.dll with different digests; sha256sum -c would fail one of them",
                e.getMessage());
    }

    @Test
    void aFileHoldingOnlyABareDigestStillStatesIt() throws Exception {
        assertEquals(digest, ChecksumList.digestFor(list("bare.sha256", "# from the release page\n" + digest + "\n"), dll));
        Path two = list("bare2.sha256", digest + "\n" + other + "  other.dll\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ChecksumList.digestFor(two, dll));
        assertTrue(e.getMessage().contains("line 1 is not a sha256sum line"), e.getMessage());
    }

    @Test
    void aSecretsFileGivenByMistakeNeverReachesAMessage() throws Exception {
        String secret = "AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY";
        String hexSecret = "deadbeef".repeat(8);  // looks like a digest, but names no file
        String token = "ghp_" + "A1b2C3d4".repeat(5);
        Path secrets = list("secrets.env", secret + "\n" + hexSecret + " " + token + "\nexport TOKEN=" + token + "\n"
                + "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ExpectedDigest.fromValueOrFile(secrets.toString(), "-Dhip.expectedSha256", dll));
        String m = e.getMessage();
        for (String fragment : List.of("AWS", "wJalr", "deadbeef", "ghp_", "A1b2", "TOKEN", "PRIVATE", "MIIE")) {
            assertFalse(m.contains(fragment), fragment + " in: " + m);
        }
        assertTrue(m.startsWith(secrets + ": no line names coli_hip.dll (1 sha256sum line names other files;"
                + " lines 1, 3, 4, 5, 6 are not sha256sum lines)"), m);
    }
}
