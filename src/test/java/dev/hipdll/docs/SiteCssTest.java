package dev.hipdll.docs;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The site's stylesheet lets long inline code in paragraphs and lists (a path, a property list, a
 * digest) wrap inside the content column, as it already did in tables; and the goal page says {@code arch} is required
 * unless {@code hip.skip}.
 */
class SiteCssTest {
    @Test
    void inlineCodeInTextWrapsInsideTheColumn() throws Exception {
        String css = Files.readString(Path.of("src/site/resources/css/site.css"));
        assertTrue(Pattern.compile("(?s)p code, li code \\{[^}]*overflow-wrap: anywhere;").matcher(css).find(), css);
    }

    @Test
    void archIsRequiredUnlessSkipped() throws Exception {
        String ref = Files.readString(Path.of("docs/goals-reference.md"));
        assertTrue(ref.contains("Required unless hip.skip"), "docs/goals-reference.md");
    }
}
