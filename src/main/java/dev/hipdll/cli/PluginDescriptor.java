package dev.hipdll.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * The plugin descriptor maven-plugin-tools generates from the mojos ({@code META-INF/maven/plugin.xml}, in the
 * plugin jar and in the command-line jar): per goal its description and parameters, each with its user property
 * (the {@code ${hip.x}} expression of the goal's {@code <configuration>}), its default and its description. Read
 * with the JDK's streaming XML reader, external entities and DTDs refused.
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

    /** A descriptor of these goals (by name) and this plugin version ({@link DescriptorIndex#read}). */
    static PluginDescriptor of(Map<String, GoalDescriptor> goals, String version) {
        return new PluginDescriptor(goals, version);
    }

    /**
     * The descriptor on the class path of {@code loader}: its index ({@link DescriptorIndex}, written by the build
     * from the descriptor) when there is one, else the descriptor's XML (a class path the build's
     * {@code process-classes} did not make, such as an IDE's, or an index written from another descriptor).
     *
     * @throws IOException when both are missing, or the one read is not readable
     */
    public static PluginDescriptor load(ClassLoader loader) throws IOException {
        byte[] xml;
        try (InputStream in = loader.getResourceAsStream(RESOURCE)) {
            xml = in == null ? null : in.readAllBytes();  // its bytes, not its parse: the index must be this one's
        }
        try (InputStream index = loader.getResourceAsStream(DescriptorIndex.RESOURCE)) {
            if (index != null) {
                Optional<PluginDescriptor> read = DescriptorIndex.read(index, xml == null ? -1 : DescriptorIndex.crcOf(xml));
                if (read.isPresent()) {
                    return read.get();
                }  // a stale index, of another descriptor: the descriptor beside it is the truth
            }
        }
        if (xml == null) {
            throw new IOException(RESOURCE + " is not on the class path: run the command-line jar as built");
        }
        return parse(new java.io.ByteArrayInputStream(xml));
    }

    /**
     * The descriptor's XML on the class path of {@code loader}, parsed.
     *
     * @throws IOException when it is missing or not the descriptor's XML
     */
    public static PluginDescriptor loadXml(ClassLoader loader) throws IOException {
        try (InputStream in = loader.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IOException(RESOURCE + " is not on the class path: run the command-line jar as built");
            }
            return parse(in);
        }
    }

    /**
     * Parses a descriptor with the JDK's streaming reader (StAX: a cold start parses the 80 KB descriptor several
     * times faster than with a DOM), DTDs and external entities refused.
     *
     * @throws IOException when it is not well-formed XML
     */
    public static PluginDescriptor parse(InputStream in) throws IOException {
        XMLInputFactory f = XMLInputFactory.newFactory();
        f.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        f.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        Map<String, GoalDescriptor> goals = new HashMap<>();
        String version = "";
        try {
            XMLStreamReader r = f.createXMLStreamReader(in);
            List<String> path = new ArrayList<>();
            Mojo mojo = null;
            Map<String, String> parameter = null;
            StringBuilder text = new StringBuilder();
            String defaultValue = null;
            while (r.hasNext()) {
                int event = r.next();
                if (event == XMLStreamConstants.START_ELEMENT) {
                    path.add(r.getLocalName());
                    text.setLength(0);
                    String at = String.join("/", path);
                    if (at.equals("plugin/mojos/mojo")) {
                        mojo = new Mojo();
                    } else if (at.equals("plugin/mojos/mojo/parameters/parameter")) {
                        parameter = new HashMap<>();
                    } else if (path.size() == 5 && at.startsWith("plugin/mojos/mojo/configuration/")) {
                        defaultValue = r.getAttributeValue(null, "default-value");
                    }
                } else if (event == XMLStreamConstants.CHARACTERS || event == XMLStreamConstants.CDATA) {
                    text.append(r.getText());
                } else if (event == XMLStreamConstants.END_ELEMENT) {
                    String at = String.join("/", path);
                    String value = text.toString().strip();
                    if (at.equals("plugin/version")) {
                        version = value;
                    } else if (mojo != null && at.equals("plugin/mojos/mojo/goal")) {
                        mojo.goal = value;
                    } else if (mojo != null && at.equals("plugin/mojos/mojo/description")) {
                        mojo.description = value;
                    } else if (parameter != null && path.size() == 6
                            && at.startsWith("plugin/mojos/mojo/parameters/parameter/")) {
                        parameter.put(path.get(5), value);
                    } else if (mojo != null && at.equals("plugin/mojos/mojo/parameters/parameter")) {
                        mojo.parameters.add(parameter);
                        parameter = null;
                    } else if (mojo != null && path.size() == 5 && at.startsWith("plugin/mojos/mojo/configuration/")) {
                        mojo.configuration.put(path.get(4), new String[] {value, defaultValue});
                        defaultValue = null;
                    } else if (mojo != null && at.equals("plugin/mojos/mojo")) {
                        goals.put(mojo.goal, mojo.descriptor());
                        mojo = null;
                    }
                    path.remove(path.size() - 1);
                    text.setLength(0);
                }
            }
        } catch (XMLStreamException e) {
            throw new IOException("the plugin descriptor is not readable XML: " + e.getMessage(), e);
        }
        return new PluginDescriptor(goals, version);
    }

    /** One {@code <mojo>} while it is read. */
    private static final class Mojo {
        String goal = "";
        String description = "";
        final List<Map<String, String>> parameters = new ArrayList<>();
        final Map<String, String[]> configuration = new HashMap<>();

        /** The goal with the parameters a user sets with {@code -D}: editable, with a {@code ${hip.x}} property. */
        GoalDescriptor descriptor() {
            List<GoalParameter> out = new ArrayList<>();
            for (Map<String, String> p : parameters) {
                String name = p.getOrDefault("name", "");
                String[] c = configuration.get(name);
                if (c == null || !"true".equals(p.get("editable"))) {
                    continue;
                }
                String expression = c[0];
                if (!expression.startsWith("${") || !expression.endsWith("}")) {
                    continue; // no user property: not settable with -D
                }
                out.add(new GoalParameter(name, p.getOrDefault("type", ""),
                        expression.substring(2, expression.length() - 1), Optional.ofNullable(c[1]),
                        p.getOrDefault("description", "")));
            }
            return new GoalDescriptor(goal, description, out);
        }
    }

    /** Every goal, sorted by name. */
    public List<GoalDescriptor> goals() {
        List<GoalDescriptor> out = new ArrayList<>(goals.values());
        out.sort(ByGoal.INSTANCE);
        return out;
    }

    /** Orders goals by name. */
    private static final class ByGoal implements java.util.Comparator<GoalDescriptor> {
        static final ByGoal INSTANCE = new ByGoal();

        @Override
        public int compare(GoalDescriptor a, GoalDescriptor b) {
            return a.goal().compareTo(b.goal());
        }
    }

    /** The goal named {@code goal}, if the plugin has it. */
    public Optional<GoalDescriptor> goal(String goal) {
        return Optional.ofNullable(goals.get(goal));
    }

    /** The plugin's version as the descriptor records it. */
    public String version() {
        return version;
    }
}
