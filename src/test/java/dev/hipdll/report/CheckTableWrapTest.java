package dev.hipdll.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.findings.Check;
import dev.hipdll.findings.CheckIds;
import dev.hipdll.findings.Verdict;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A long digest in an EXPECTED cell wraps at a word's boundary and is never cut mid-hex, so it can
 * be copied from the log whole.
 */
class CheckTableWrapTest {
    private static final String SHA = "3f9a0c1b2d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8";

    @Test
    void aDigestIsNeverCut() {
        assertEquals(List.of("the .sha256 file's digest:", SHA, "(sha256sum -c)"),
                CheckTable.wrap("the .sha256 file's digest: " + SHA + " (sha256sum -c)"));
        assertEquals(List.of("sha256:" + SHA), CheckTable.wrap("sha256:" + SHA), "one word longer than a cell");
        assertEquals(List.of("words that fit in a cell"), CheckTable.wrap("words that fit in a cell"));
    }

    @Test
    void theTableShowsTheDigestWholeOnOneLine() {
        List<String> lines = new CheckTable().table("t", List.of(Check.of(CheckIds.ARTIFACT_SHA256, "digest",
                Verdict.FAIL, "SHA-256 " + SHA, "other")), "OK", "REJECTED").lines();
        assertTrue(lines.stream().anyMatch(l -> l.strip().equals(SHA)), String.join("\n", lines));
    }
}
