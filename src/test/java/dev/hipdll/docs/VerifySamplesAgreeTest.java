package dev.hipdll.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * docs/verify.md shows one run three ways (the table, verify.json, TEST-hipdll-verify.xml): the
 * DLL's size must be the same number in all three.
 */
class VerifySamplesAgreeTest {
    @Test
    void oneRunHasOneSize() throws Exception {
        String doc = Files.readString(Path.of("docs/verify.md"));
        Set<String> sizes = new TreeSet<>();
        for (Pattern p : new Pattern[] {Pattern.compile("none in (\\d+) bytes"), Pattern.compile("\"size\": \"(\\d+)\""),
            Pattern.compile("<property name=\"size\" value=\"(\\d+)\"/>")}) {
            Matcher m = p.matcher(doc);
            assertTrue(m.find(), "docs/verify.md has no sample matching " + p);
            do {
                sizes.add(m.group(1));
            } while (m.find());
        }
        assertEquals(1, sizes.size(), "docs/verify.md's samples of one run give different DLL sizes: " + sizes);
    }
}
