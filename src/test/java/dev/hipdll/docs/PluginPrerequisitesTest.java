package dev.hipdll.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.codehaus.plexus.component.configurator.ComponentConfigurator;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The plugin declares Maven 3.8.1 as its prerequisite and keeps working there: the
 * goals' component configurator ({@code @Mojo(configurator = "hipdll")}) is a Plexus component declared in
 * {@code META-INF/plexus/components.xml}, which Maven 3.8 finds, not a JSR-330 indexed one, which it does not
 * ("Unable to retrieve component configurator hipdll"). README says what 3.8 cannot do. Read from the
 * descriptor maven-plugin-plugin generated (process-classes), the packaged resources and the POM; IT
 * maven-3.8-build-and-verify runs every goal on Maven 3.8.8.
 */
class PluginPrerequisitesTest {
    private static final Path CLASSES = Path.of("target/classes");

    private static Document parse(Path xml) throws Exception {
        assertTrue(Files.isRegularFile(xml), "no " + xml + ": run ./mvnw process-classes first");
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        return f.newDocumentBuilder().parse(xml.toFile());
    }

    private static String text(Path xml, String tag) throws Exception {
        return parse(xml).getElementsByTagName(tag).item(0).getTextContent().trim();
    }

    private static String child(Element e, String tag) {
        NodeList l = e.getElementsByTagName(tag);
        return l.getLength() == 0 ? null : l.item(0).getTextContent().trim();
    }

    @Test
    void theDescriptorRequiresMaven381() throws Exception {
        assertEquals("3.8.1", text(CLASSES.resolve("META-INF/maven/plugin.xml"), "requiredMavenVersion"));
        assertEquals("3.8.1", text(Path.of("pom.xml"), "maven"), "pom.xml <prerequisites><maven>");
    }

    @Test
    void everyGoalsConfiguratorIsAPlexusComponentThatMaven38Finds() throws Exception {
        NodeList mojos = parse(CLASSES.resolve("META-INF/maven/plugin.xml")).getElementsByTagName("mojo");
        List<String> hints = new ArrayList<>();
        for (int i = 0; i < mojos.getLength(); i++) {
            Element mojo = (Element) mojos.item(i);
            String goal = child(mojo, "goal");
            String hint = child(mojo, "configurator");
            if (!"help".equals(goal)) {
                assertEquals("hipdll", hint, "goal " + goal + "'s configurator");
            }
            if (hint != null && !hints.contains(hint)) {
                hints.add(hint);
            }
        }
        assertFalse(hints.isEmpty(), "no goal names a configurator");
        NodeList components = parse(CLASSES.resolve("META-INF/plexus/components.xml")).getElementsByTagName("component");
        for (String hint : hints) {
            String implementation = null;
            for (int i = 0; i < components.getLength(); i++) {
                Element c = (Element) components.item(i);
                if (ComponentConfigurator.class.getName().equals(child(c, "role")) && hint.equals(child(c, "role-hint"))) {
                    implementation = child(c, "implementation");
                }
            }
            assertTrue(implementation != null, "components.xml declares no ComponentConfigurator '" + hint + "'");
            Class<?> type = Class.forName(implementation);
            assertTrue(ComponentConfigurator.class.isAssignableFrom(type), implementation + " is no ComponentConfigurator");
            type.getConstructor().newInstance();
        }
    }

    @Test
    void readmeSaysWhereMaven38StopsAndWhy() throws Exception {
        String readme = Files.readString(Path.of("README.md")).replace('\n', ' ');
        assertTrue(readme.contains("**Maven 3.9 builds this project; the plugin runs on Maven 3.8.1 or later.**"),
                "README states the requirement");
        assertTrue(readme.contains("maven-3.8-build-and-verify"), "README names the IT that runs it on 3.8");
        assertTrue(readme.contains("What 3.8 cannot do: caching `hipdll:build` with the Build Cache Extension"),
                "README says what 3.8 cannot do");
        assertTrue(readme.contains("The short form `mvn hipdll:<goal>` works on 3.8 too, once the plugin was installed with `./mvnw install`"),
                "README says when the short form works on 3.8");
        assertTrue(Files.isDirectory(Path.of("src/it/maven-3.8-build-and-verify")), "the IT README names");
    }
}
