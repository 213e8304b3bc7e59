package dev.hipdll.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.maven.plugin.Mojo;
import org.apache.maven.plugin.logging.SystemStreamLog;
import org.junit.jupiter.api.Test;

/**
 * {@code mvn hipdll:help}'s header: the plugin's description, from the POM's
 * {@code <description>}, as the generated help goal prints it. The help goal keeps every line break of
 * the description and wraps each line at 80 columns, so a description broken over several POM lines was
 * printed broken mid-sentence ("... from a CUDA/HIP source tree with" / " AMD's HIP SDK, ..."). Runs the
 * generated {@code HelpMojo} (target/classes, written before the tests) with its defaults.
 */
class HelpHeaderTest {
    private static final int LINE_LENGTH = 80;

    @Test
    void theDescriptionWrapsOnlyAtTheLineLength() throws Exception {
        List<String> lines = Arrays.asList(help().split("\n", -1));
        assertTrue(lines.get(0).startsWith("hipdll-maven-plugin "), lines.get(0));
        int end = lines.indexOf("");
        List<String> description = lines.subList(1, end);
        assertTrue(description.size() >= 2, description::toString);
        for (int i = 0; i < description.size(); i++) {
            String line = description.get(i);
            assertTrue(line.startsWith("  ") && !line.startsWith("   "), "indented by one level: '" + line + "'");
            assertTrue(line.length() < LINE_LENGTH, "longer than the line: '" + line + "'");
            if (i + 1 < description.size()) {
                String nextWord = description.get(i + 1).strip().split(" ")[0];
                assertTrue(line.length() + nextWord.length() >= LINE_LENGTH, "line " + (i + 1) + " of the description ends"
                        + " before the line length although '" + nextWord + "' would fit: the description has a line"
                        + " break there (keep <description> in pom.xml on one line):\n" + String.join("\n", description));
            }
        }
        assertTrue(description.get(description.size() - 1).endsWith("."), "ends with a full stop: " + description);
    }

    /** What {@code mvn hipdll:help} logs (one INFO message), with the goal's defaults: 80 columns, indent 2. */
    private static String help() throws Exception {
        Class<?> type = Class.forName("dev.hipdll.hipdll_maven_plugin.HelpMojo");
        Mojo mojo = (Mojo) type.getDeclaredConstructor().newInstance();
        set(mojo, "lineLength", LINE_LENGTH);
        set(mojo, "indentSize", 2);
        List<String> info = new ArrayList<>();
        mojo.setLog(new SystemStreamLog() {
            @Override
            public void info(CharSequence content) {
                info.add(content.toString());
            }
        });
        mojo.execute();
        assertEquals(1, info.size(), info::toString);
        return info.get(0);
    }

    private static void set(Object target, String field, int value) throws ReflectiveOperationException {
        Field f = target.getClass().getDeclaredField(field);
        f.setAccessible(true);
        f.setInt(target, value);
    }
}
