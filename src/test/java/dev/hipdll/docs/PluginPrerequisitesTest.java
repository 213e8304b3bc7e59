package dev.hipdll.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

/**
 * The plugin declares Maven 3.9.0 as its prerequisite, so Maven 3.8 refuses it with "requires Maven
 * version 3.9.0" instead of failing every goal on the plugin's component configurator (which 3.8 looks
 * up outside the plugin's realm: "Unable to retrieve component configurator hipdll"); README says what
 * 3.8 cannot do. Read from the descriptor maven-plugin-plugin generated (process-classes) and from the POM.
 */
class PluginPrerequisitesTest {
    private static String text(Path xml, String tag) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        Document d = f.newDocumentBuilder().parse(xml.toFile());
        return d.getElementsByTagName(tag).item(0).getTextContent().trim();
    }

    @Test
    void theDescriptorRequiresMaven39() throws Exception {
        Path descriptor = Path.of("target/classes/META-INF/maven/plugin.xml");
        assertTrue(Files.isRegularFile(descriptor), "no " + descriptor + ": run ./mvnw process-classes first");
        assertEquals("3.9.0", text(descriptor, "requiredMavenVersion"));
        assertEquals("3.9.0", text(Path.of("pom.xml"), "maven"), "pom.xml <prerequisites><maven>");
    }

    @Test
    void readmeSaysMaven39IsRequiredAndWhy() throws Exception {
        String readme = Files.readString(Path.of("README.md"));
        assertTrue(readme.contains("**Maven 3.9 is required.**"), "README states the requirement");
        assertTrue(readme.contains("requires Maven\nversion 3.9.0") || readme.contains("requires Maven version 3.9.0"),
                "README quotes Maven 3.8's refusal");
        assertTrue(readme.contains("component configurator"), "README says why 3.8 cannot run it");
    }
}
