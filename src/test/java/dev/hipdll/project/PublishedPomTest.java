package dev.hipdll.project;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * The plugin's POM carries what a published Maven plugin carries (description, url, scm, licenses,
 * developers), the LICENSE file is the Apache License 2.0 the POM names, the Apache Maven Wrapper
 * of this project and of the example pins Maven 3.9.11 with its SHA-256, and README tells a
 * Windows user how to get the plugin.
 */
class PublishedPomTest {
    private static Element pom() throws Exception {
        return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(Path.of("pom.xml").toFile())
                .getDocumentElement();
    }

    /** The text of the first child element named {@code name} directly under {@code parent}, or "". */
    private static String child(Element parent, String name) {
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && e.getTagName().equals(name)) {
                return e.getTextContent().strip();
            }
        }
        return "";
    }

    private static Element element(Element parent, String name) {
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && e.getTagName().equals(name)) {
                return e;
            }
        }
        throw new AssertionError("pom.xml has no <" + name + "> under <" + parent.getTagName() + ">");
    }

    @Test
    void pomHasThePublishedMetadata() throws Exception {
        Element p = pom();
        assertTrue(child(p, "description").contains("coli_hip.dll"), "description: " + child(p, "description"));
        assertTrue(child(p, "url").startsWith("https://"), "url: " + child(p, "url"));
        Element scm = element(p, "scm");
        for (String f : new String[] {"connection", "developerConnection", "url"}) {
            assertTrue(!child(scm, f).isEmpty(), "scm/" + f + " is empty");
        }
        assertTrue(child(scm, "connection").startsWith("scm:git:"), child(scm, "connection"));
        Element license = element(element(p, "licenses"), "license");
        assertEquals("Apache-2.0", child(license, "name"));
        assertTrue(child(license, "url").contains("LICENSE-2.0"), child(license, "url"));
        Element developer = element(element(p, "developers"), "developer");
        assertTrue(!child(developer, "name").isEmpty(), "developer has no name");
    }

    @Test
    void licenseFileIsApache2() throws Exception {
        String text = Files.readString(Path.of("LICENSE"));
        assertTrue(text.contains("Apache License") && text.contains("Version 2.0, January 2004"), "LICENSE is not Apache-2.0");
        assertTrue(text.contains("END OF TERMS AND CONDITIONS"), "LICENSE is not the whole text");
    }

    @Test
    void wrappersPinMaven3911WithItsDigest() throws Exception {
        for (Path dir : new Path[] {Path.of("."), Path.of("examples/colibri-backend")}) {
            Properties w = new Properties();
            try (var in = Files.newInputStream(dir.resolve(".mvn/wrapper/maven-wrapper.properties"))) {
                w.load(in);
            }
            assertTrue(w.getProperty("distributionUrl", "")
                    .endsWith("/org/apache/maven/apache-maven/3.9.11/apache-maven-3.9.11-bin.zip"), dir + ": " + w);
            assertEquals(64, w.getProperty("distributionSha256Sum", "").length(), dir + ": " + w);
            assertTrue(Files.isExecutable(dir.resolve("mvnw")), dir + "/mvnw is not executable");
            assertTrue(Files.isRegularFile(dir.resolve("mvnw.cmd")), dir + "/mvnw.cmd missing");
        }
    }

    @Test
    void readmeSaysHowToGetThePlugin() throws Exception {
        String readme = Files.readString(Path.of("README.md"));
        String windows = readme.substring(readme.indexOf("## Using it on Windows"));
        assertTrue(windows.contains("mvnw.cmd install"), "README's Windows section does not say how to install the plugin");
        assertTrue(windows.contains("dev.hipdll:hipdll-maven-plugin:0.1.0-SNAPSHOT"), "no coordinates in the Windows section");
        for (String command : new String[] {"./scripts/demo", "./scripts/test"}) {
            String script = Files.readString(Path.of(command));
            assertTrue(script.contains("mvnw"), command + " does not run Maven through the wrapper");
        }
    }
}
