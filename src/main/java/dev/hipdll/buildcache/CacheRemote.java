package dev.hipdll.buildcache;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.UnaryOperator;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/**
 * The remote store of the Apache Maven Build Cache Extension as the extension itself decides it
 * (maven-build-cache-extension 1.2.x, {@code CacheConfigImpl}: {@code isRemoteCacheEnabled}, {@code getUrl},
 * {@code getId}): its configuration file is {@code maven.build.cache.configPath} or
 * {@code <root>/.mvn/maven-build-cache-config.xml}; the cache is on unless {@code maven.build.cache.enabled} or
 * {@code <configuration><enabled>} says {@code false}; the URL is {@code maven.build.cache.remote.url} or
 * {@code <remote><url>}; the remote is used when it has a URL and {@code maven.build.cache.remote.enabled} or
 * {@code <remote enabled>} (default {@code true}) allows it; its repository id, which Maven's settings
 * (servers, mirrors) and Maven Resolver's per-repository properties are keyed by, is
 * {@code maven.build.cache.remote.server.id} or {@code <remote id>} (default {@code cache}). A property is a
 * user property ({@code -D}, {@code .mvn/maven.config}) or else a system property.
 *
 * @param url the remote's URL
 * @param id  the remote's repository id
 */
public record CacheRemote(String url, String id) {
    /** The extension's default repository id. */
    public static final String DEFAULT_ID = "cache";

    /**
     * The remote the extension will ask, or empty when the cache or its remote is off or has no URL, or the
     * configuration file cannot be read (the extension then stops the build itself).
     *
     * @param root     the build's root directory ({@code maven.multiModuleProjectDirectory})
     * @param property a property by name (user, else system), or {@code null}
     */
    public static Optional<CacheRemote> of(Path root, UnaryOperator<String> property) {
        String configPath = property.apply("maven.build.cache.configPath");
        Path file = configPath != null && !configPath.isBlank() ? Path.of(configPath)
                : root.resolve(".mvn").resolve("maven-build-cache-config.xml");
        Element configuration = null;
        Element remote = null;
        if (Files.isRegularFile(file)) {
            try {
                Element cache = parse(file).getDocumentElement();
                configuration = child(cache, "configuration");
                remote = configuration == null ? null : child(configuration, "remote");
            } catch (IOException | SAXException | ParserConfigurationException e) {
                return Optional.empty();
            }
        }
        if (!flag(property.apply("maven.build.cache.enabled"), text(child(configuration, "enabled")), true)) {
            return Optional.empty();
        }
        String url = first(property.apply("maven.build.cache.remote.url"), text(child(remote, "url")));
        if (url == null || url.isBlank()
                || !flag(property.apply("maven.build.cache.remote.enabled"), attribute(remote, "enabled"), true)) {
            return Optional.empty();
        }
        String id = first(property.apply("maven.build.cache.remote.server.id"), attribute(remote, "id"));
        return Optional.of(new CacheRemote(url.strip(), id == null || id.isBlank() ? DEFAULT_ID : id.strip()));
    }

    private static Document parse(Path file) throws IOException, SAXException, ParserConfigurationException {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        f.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
        f.setAttribute(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
        f.setExpandEntityReferences(false);
        javax.xml.parsers.DocumentBuilder builder = f.newDocumentBuilder();
        builder.setErrorHandler(new org.xml.sax.helpers.DefaultHandler() { // no "[Fatal Error]" on stderr
            @Override
            public void fatalError(org.xml.sax.SAXParseException e) throws SAXException {
                throw e;
            }
        });
        return builder.parse(file.toFile());
    }

    private static Element child(Element parent, String name) {
        if (parent == null) {
            return null;
        }
        NodeList children = parent.getChildNodes();
        for (int i = 0; i < children.getLength(); i++) {
            if (children.item(i) instanceof Element e && name.equals(e.getLocalName() != null ? e.getLocalName()
                    : e.getTagName())) {
                return e;
            }
        }
        return null;
    }

    private static String text(Element e) {
        return e == null ? null : e.getTextContent();
    }

    private static String attribute(Element e, String name) {
        return e == null || !e.hasAttribute(name) ? null : e.getAttribute(name);
    }

    private static String first(String property, String configured) {
        return property != null ? property : configured;
    }

    /** A boolean as the extension reads it ({@code Boolean.parseBoolean}): the property, else the file, else the default. */
    private static boolean flag(String property, String configured, boolean byDefault) {
        if (property != null) {
            return Boolean.parseBoolean(property.strip());
        }
        return configured == null || configured.isBlank() ? byDefault : Boolean.parseBoolean(configured.strip());
    }
}
