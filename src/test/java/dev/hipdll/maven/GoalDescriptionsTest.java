package dev.hipdll.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;

/**
 * The goal and parameter descriptions that {@code mvn hipdll:help -Ddetail} shows, read from the
 * generated plugin descriptor: every {@code ${...}} in them is a well-formed Maven expression (the
 * Javadoc-to-descriptor conversion mangles nested braces such as {@code {@code ${a}/b/}}).
 */
class GoalDescriptionsTest {
    private static final Pattern EXPRESSION_START = Pattern.compile("\\$\\{");
    private static final Pattern EXPRESSION = Pattern.compile("\\$\\{[A-Za-z0-9_.]+}");

    @Test
    void everyPlaceholderInTheHelpIsWellFormed() throws Exception {
        Path descriptor = Path.of("target/classes/META-INF/maven/plugin.xml");
        assertTrue(Files.isRegularFile(descriptor), "the plugin descriptor is generated before the tests (process-classes)");
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(descriptor.toFile());
        NodeList descriptions = doc.getElementsByTagName("description");
        List<String> broken = new ArrayList<>();
        for (int i = 0; i < descriptions.getLength(); i++) {
            String text = descriptions.item(i).getTextContent();
            Matcher m = EXPRESSION_START.matcher(text);
            while (m.find()) {
                if (!EXPRESSION.matcher(text).region(m.start(), text.length()).lookingAt()) {
                    broken.add(text);
                    break;
                }
            }
        }
        assertTrue(descriptions.getLength() > 10, "descriptions were read");
        assertEquals(List.of(), broken);
    }
}
