package dev.hipdll.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every guide in docs/ becomes a site page ({@code ./mvnw site}), and src/site/site.xml's menu
 * links each of them (a new doc without a menu entry would be a page nobody finds), and no more.
 */
class SiteMenuTest {
    @Test
    void everyDocIsInTheSiteMenu() throws Exception {
        Set<String> docs = new TreeSet<>();
        try (Stream<Path> s = Files.list(Path.of("docs"))) {
            s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".md"))
                    .forEach(n -> docs.add(n.substring(0, n.length() - 3)));
        }
        Set<String> menu = new TreeSet<>();
        Matcher m = Pattern.compile("href=\"([a-z0-9-]+)\\.html\"").matcher(Files.readString(Path.of("src/site/site.xml")));
        while (m.find()) {
            menu.add(m.group(1));
        }
        menu.removeIf(n -> n.equals("index") || n.equals("plugin-info") || n.endsWith("-mojo"));
        assertEquals(docs, menu, "docs/*.md and the site menu (src/site/site.xml) disagree");
    }
}
