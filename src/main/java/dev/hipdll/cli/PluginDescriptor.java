package dev.hipdll.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/**
 * The plugin descriptor maven-plugin-tools generates from the mojos ({@code META-INF/maven/plugin.xml}, in the
 * plugin jar and in the command-line jar): per goal its description and parameters, each with its user property
 * (the {@code ${hip.x}} expression of the goal's {@code <configuration>}), its default and its description. Read
 * with the JDK's DOM parser, external entities and DTDs refused.
 */
public final class PluginDescriptor {
    /** Where the descriptor lies on the class path. */
    public static final String RESOURCE = "META-INF/maven/plugin.xml";

    private final Map<String, GoalDescriptor> goals;
    private final String version;

    private PluginDescriptor(Map<String, GoalDescriptor> goals, String version) {
        this.goals = Map.copyOf(goals);
        this.version = version;
    }

    /**
     * The descriptor on the class path of {@code loader}.
     *
     * @throws IOException when it is missing or not the descriptor's XML
     */
    public static PluginDescriptor load(ClassLoader loader) throws IOException {
        try (InputStream in = loader.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IOException(RESOURCE + " is not on the class path: run the command-line jar as built");
            }
            return parse(in);
        }
    }

    /**
     * Parses a descriptor.
     *
     * @throws IOException when it is not well-formed XML
     */
    public static PluginDescriptor parse(InputStream in) throws IOException {
        Document doc;
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            f.setExpandEntityReferences(false);
            doc = f.newDocumentBuilder().parse(in);
        } catch (ParserConfigurationException | SAXException e) {
            throw new IOException("the plugin descriptor is not readable XML: " + e.getMessage(), e);
        }
        Element plugin = doc.getDocumentElement();
        Map<String, GoalDescriptor> goals = new HashMap<>();
        for (Element mojo : children(child(plugin, "mojos"), "mojo")) {
            String goal = text(mojo, "goal");
            Map<String, String[]> configuration = new HashMap<>();
            Element conf = child(mojo, "configuration");
            if (conf != null) {
                NodeList nodes = conf.getChildNodes();
                for (int i = 0; i < nodes.getLength(); i++) {
                    if (nodes.item(i) instanceof Element e) {
                        String def = e.hasAttribute("default-value") ? e.getAttribute("default-value") : null;
                        configuration.put(e.getTagName(), new String[] {e.getTextContent().strip(), def});
                    }
                }
            }
            List<GoalParameter> parameters = new ArrayList<>();
            for (Element p : children(child(mojo, "parameters"), "parameter")) {
                String name = text(p, "name");
                String[] c = configuration.get(name);
                if (c == null || !"true".equals(text(p, "editable"))) {
                    continue;
                }
                String expression = c[0];
                if (!expression.startsWith("${") || !expression.endsWith("}")) {
                    continue; // no user property: not settable with -D
                }
                parameters.add(new GoalParameter(name, text(p, "type"), expression.substring(2, expression.length() - 1),
                        Optional.ofNullable(c[1]), text(p, "description")));
            }
            goals.put(goal, new GoalDescriptor(goal, text(mojo, "description"), parameters));
        }
        return new PluginDescriptor(goals, text(plugin, "version"));
    }

    /** The goal named {@code goal}, if the plugin has it. */
    public Optional<GoalDescriptor> goal(String goal) {
        return Optional.ofNullable(goals.get(goal));
    }

    /** The plugin's version as the descriptor records it. */
    public String version() {
        return version;
    }

    private static Element child(Element parent, String name) {
        if (parent == null) {
            return null;
        }
        NodeList nodes = parent.getChildNodes();
        for (int i = 0; i < nodes.getLength(); i++) {
            if (nodes.item(i) instanceof Element e && e.getTagName().equals(name)) {
                return e;
            }
        }
        return null;
    }

    private static List<Element> children(Element parent, String name) {
        List<Element> out = new ArrayList<>();
        if (parent != null) {
            NodeList nodes = parent.getChildNodes();
            for (int i = 0; i < nodes.getLength(); i++) {
                Node n = nodes.item(i);
                if (n instanceof Element e && e.getTagName().equals(name)) {
                    out.add(e);
                }
            }
        }
        return out;
    }

    private static String text(Element parent, String name) {
        Element e = child(parent, name);
        return e == null ? "" : e.getTextContent().strip();
    }
}
