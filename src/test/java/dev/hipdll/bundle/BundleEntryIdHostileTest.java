package dev.hipdll.bundle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * {@link BundleEntryId#parse} on ids from untrusted bundles: it splits every id as the grammar
 * {@code ^([A-Za-z0-9_]+)-(.*?)-+(<target ID>)$} does (checked against that regular expression
 * over random ids built from the grammar's pieces), and the longest ids a bundle may hold (4096
 * bytes, 4096 entries) built to make that expression backtrack quadratically parse in seconds; the
 * expression itself needed about three minutes for one such bundle.
 */
class BundleEntryIdHostileTest {
    private static final Pattern GRAMMAR = Pattern.compile(
            "^([A-Za-z0-9_]+)-(.*?)-+(gfx[0-9a-z]+(?:-[0-9]+)*(?:-generic)?(?::[a-z]+[+-])*)$");

    @Test
    void splitsLikeTheGrammar() {
        String[] pieces = {"hip", "hipv4", "host", "-", "--", "gfx", "gfx90a", "gfx9", "-4", "-generic", ":xnack+",
            ":sramecc-", "amdgcn", "amd", "x", "\n", ":", "+", "_", "1"};
        Random r = new Random(11);
        for (int t = 0; t < 200_000; t++) {
            StringBuilder sb = new StringBuilder();
            for (int i = r.nextInt(9); i > 0; i--) {
                sb.append(pieces[r.nextInt(pieces.length)]);
            }
            String id = sb.toString();
            Matcher m = GRAMMAR.matcher(id);
            String expected = m.matches() ? m.group(1) + "|" + m.group(2).replaceAll("-+$", "") + "|" + m.group(3) : "";
            BundleEntryId got = BundleEntryId.parse(id);
            assertEquals(expected, got.targetId().isEmpty() ? "" : got.kind() + "|" + got.triple() + "|" + got.targetId(),
                    "id '" + id.replace("\n", "\\n") + "'");
        }
    }

    @Test
    void backtrackingIdsOfTheLongestLengthParseQuickly() {
        int max = OffloadBundleReader.MAX_ID_LENGTH;
        String[] ids = {
            "a-" + "-".repeat(max - 3) + "x",
            "hip-" + "-gfx1".repeat((max - 5) / 5) + "!",
            "hip-amdgcn-gfx90a" + ":xnack+".repeat((max - 18) / 7) + "!",
        };
        assertTimeoutPreemptively(Duration.ofMinutes(5), () -> {
            for (String id : ids) {
                for (int i = 0; i < OffloadBundleReader.MAX_ENTRIES; i++) {
                    assertEquals("", BundleEntryId.parse(id).targetId());
                }
            }
        });
    }
}
