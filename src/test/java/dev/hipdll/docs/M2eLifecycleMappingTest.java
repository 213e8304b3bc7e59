package dev.hipdll.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** The embedded m2e mapping (in the plugin jar) covers exactly the plugin's goals, each with one action. */
class M2eLifecycleMappingTest {
    @Test
    void everyGoalIsMappedOnce() throws Exception {
        Path xml = Path.of("target/classes/META-INF/m2e/lifecycle-mapping-metadata.xml");
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        Document doc = f.newDocumentBuilder().parse(xml.toFile());
        assertEquals("lifecycleMappingMetadata", doc.getDocumentElement().getTagName());
        List<String> mapped = new ArrayList<>();
        NodeList executions = doc.getElementsByTagName("pluginExecution");
        for (int i = 0; i < executions.getLength(); i++) {
            Element e = (Element) executions.item(i);
            Element action = (Element) e.getElementsByTagName("action").item(0);
            assertTrue(action != null && (action.getElementsByTagName("execute").getLength()
                    + action.getElementsByTagName("ignore").getLength()) == 1, "each execution has one action");
            NodeList goals = e.getElementsByTagName("goal");
            for (int g = 0; g < goals.getLength(); g++) {
                mapped.add(goals.item(g).getTextContent().trim());
            }
        }
        TreeSet<String> goals = new TreeSet<>();
        PluginDescriptor.load().mojos().stream().map(PluginDescriptor.Mojo::goal).filter(g -> !g.equals("help")).forEach(goals::add);
        assertEquals(goals, new TreeSet<>(mapped), "goals without (or with stale) m2e mapping");
        assertEquals(mapped.size(), new TreeSet<>(mapped).size(), "a goal mapped twice: " + mapped);
    }
}
