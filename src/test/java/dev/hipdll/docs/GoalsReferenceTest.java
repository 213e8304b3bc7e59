package dev.hipdll.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * docs/goals-reference.md is generated from the plugin descriptor and must match it: a parameter
 * added, renamed or re-documented without regenerating fails here. Regenerate with
 * {@code mvn -B test -Dtest=GoalsReferenceTest -Dhipdll.updateDocs=true -Dinvoker.skip}.
 */
class GoalsReferenceTest {
    private static final Path DOC = Path.of("docs/goals-reference.md");

    @Test
    void docsMatchTheDescriptor() throws Exception {
        PluginDescriptor d = PluginDescriptor.load();
        String expected = GoalsReference.render(d);
        if (Boolean.getBoolean("hipdll.updateDocs")) {
            Files.writeString(DOC, expected, StandardCharsets.UTF_8);
        }
        assertTrue(Files.isRegularFile(DOC), DOC + " is missing: regenerate it (see this test's comment)");
        assertEquals(expected, Files.readString(DOC, StandardCharsets.UTF_8),
                DOC + " drifted from the plugin descriptor: run mvn -B test -Dtest=GoalsReferenceTest -Dhipdll.updateDocs=true -Dinvoker.skip");
    }

    @Test
    void everyUserParameterIsDocumented() throws Exception {
        for (PluginDescriptor.Mojo m : PluginDescriptor.load().mojos()) {
            for (PluginDescriptor.Parameter p : m.parameters()) {
                if (p.editable()) {
                    assertTrue(!p.description().isBlank(), m.goal() + "." + p.name() + " has no javadoc description");
                }
            }
        }
    }
}
