package dev.hipdll.docs;

import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * The plugin descriptor maven-plugin-plugin generated ({@code target/classes/META-INF/maven/plugin.xml},
 * written in process-classes, before the tests), read with the JDK's DOM parser.
 *
 * @param goalPrefix the goal prefix
 * @param mojos      the goals, sorted by name
 */
public record PluginDescriptor(String goalPrefix, List<Mojo> mojos) {

    /** One goal. */
    public record Mojo(String goal, String description, String phase, boolean requiresProject, boolean threadSafe,
                       List<Parameter> parameters) {
    }

    /**
     * One parameter.
     *
     * @param name         its name in {@code <configuration>}
     * @param type         its Java type
     * @param editable     false for read-only parameters (project, basedir, ...)
     * @param required     whether it must be given
     * @param property     the user property ({@code -D}), or "" when none
     * @param defaultValue the default, or "" when none
     * @param description  the javadoc text
     * @param links        the links of the javadoc ({@code <a href="build-cache.html#...">docs/build-cache.md</a>}), as
     *                     the site's goal pages show them (from {@code target/plugin-enhanced.xml}, which keeps the
     *                     javadoc's HTML); empty when it has none
     */
    public record Parameter(String name, String type, boolean editable, boolean required, String property,
                            String defaultValue, String description, List<Link> links) {
    }

    /**
     * A link of a parameter's description.
     *
     * @param text the linked text, as in the plain description ({@code docs/build-cache.md})
     * @param href where it leads on the site, relative to the goal's page ({@code build-cache.html#signed-cache-entries})
     */
    public record Link(String text, String href) {
    }

    private static final java.util.regex.Pattern LINK =
            java.util.regex.Pattern.compile("<a\\s+href=\"([^\"]+)\"\\s*>(.*?)</a>", java.util.regex.Pattern.DOTALL);

    /** The descriptor of this build. */
    public static PluginDescriptor load() throws Exception {
        Path xml = Path.of("target/classes/META-INF/maven/plugin.xml");
        if (!Files.isRegularFile(xml)) {
            fail("no " + xml + ": run mvn process-classes (maven-plugin-plugin's descriptor goal) first");
        }
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        Document doc = f.newDocumentBuilder().parse(xml.toFile());
        Element plugin = doc.getDocumentElement();
        Map<String, List<Link>> links = links(f, Path.of("target/plugin-enhanced.xml"));
        List<Mojo> mojos = new ArrayList<>();
        for (Element m : children(child(plugin, "mojos"), "mojo")) {
            Map<String, Element> config = new HashMap<>();
            Element configuration = child(m, "configuration");
            if (configuration != null) {
                for (Element c : children(configuration, null)) {
                    config.put(c.getTagName(), c);
                }
            }
            List<Parameter> params = new ArrayList<>();
            Element parameters = child(m, "parameters");
            for (Element p : parameters == null ? List.<Element>of() : children(parameters, "parameter")) {
                String name = text(p, "name");
                Element c = config.get(name);
                String expr = c == null ? "" : c.getTextContent().trim();
                String property = expr.startsWith("${") && expr.endsWith("}") ? expr.substring(2, expr.length() - 1) : "";
                params.add(new Parameter(name, text(p, "type"), Boolean.parseBoolean(text(p, "editable")),
                        Boolean.parseBoolean(text(p, "required")), property,
                        c == null ? "" : c.getAttribute("default-value"), text(p, "description"),
                        links.getOrDefault(text(m, "goal") + "." + name, List.of())));
            }
            params.sort(java.util.Comparator.comparing(Parameter::name));
            mojos.add(new Mojo(text(m, "goal"), text(m, "description"), text(m, "phase"),
                    Boolean.parseBoolean(text(m, "requiresProject")), Boolean.parseBoolean(text(m, "threadSafe")), params));
        }
        mojos.sort(java.util.Comparator.comparing(Mojo::goal));
        return new PluginDescriptor(text(plugin, "goalPrefix"), mojos);
    }

    /** The links of each parameter's description ({@code goal.parameter}), from the descriptor that keeps HTML. */
    private static Map<String, List<Link>> links(DocumentBuilderFactory f, Path enhanced) throws Exception {
        Map<String, List<Link>> out = new HashMap<>();
        if (!Files.isRegularFile(enhanced)) {
            fail("no " + enhanced + ": run mvn process-classes (maven-plugin-plugin's descriptor goal) first");
        }
        Element plugin = f.newDocumentBuilder().parse(enhanced.toFile()).getDocumentElement();
        for (Element m : children(child(plugin, "mojos"), "mojo")) {
            Element parameters = child(m, "parameters");
            for (Element p : parameters == null ? List.<Element>of() : children(parameters, "parameter")) {
                List<Link> found = new ArrayList<>();
                java.util.regex.Matcher a = LINK.matcher(text(p, "description"));
                while (a.find()) {
                    found.add(new Link(a.group(2).replaceAll("<[^>]+>", "").replaceAll("\\s+", " ").trim(), a.group(1)));
                }
                out.put(text(m, "goal") + "." + text(p, "name"), List.copyOf(found));
            }
        }
        return out;
    }

    private static Element child(Element e, String name) {
        List<Element> c = children(e, name);
        return c.isEmpty() ? null : c.get(0);
    }

    private static List<Element> children(Element e, String name) {
        List<Element> out = new ArrayList<>();
        for (Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element el && (name == null || el.getTagName().equals(name))) {
                out.add(el);
            }
        }
        return out;
    }

    private static String text(Element e, String name) {
        Element c = child(e, name);
        return c == null ? "" : c.getTextContent().trim();
    }
}
