package dev.hipdll.docs;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A parameter description that points to a page of the docs links it: the goal pages of the site
 * ({@code build-mojo.html}, from the javadoc's HTML) and the generated reference ({@code goals-reference.md}) lead
 * to the page, where {@code mvn hipdll:help} shows its name ({@code docs/build-cache.md}). Every
 * {@code docs/<page>.md} in a description is the text of a link to {@code <page>.html} (the site renders docs/*.md
 * as pages beside the goal pages), the page exists, and an anchor is an explicit {@code <a id>} of that page
 * (the ids the site and GitHub agree on, see {@link DocLinksTest}).
 */
class ParameterDocLinksTest {
    private static final Pattern DOC = Pattern.compile("docs/([a-z0-9-]+)\\.md");

    @Test
    void aDocPageNamedInADescriptionIsALinkToThatPage() throws Exception {
        List<String> problems = new ArrayList<>();
        int links = 0;
        for (PluginDescriptor.Mojo m : PluginDescriptor.load().mojos()) {
            for (PluginDescriptor.Parameter p : m.parameters()) {
                String where = "hipdll:" + m.goal() + " " + p.name();
                Matcher d = DOC.matcher(p.description());
                while (d.find()) {
                    String page = d.group(1);
                    boolean linked = false;
                    for (PluginDescriptor.Link l : p.links()) {
                        linked |= l.text().contains(d.group()) && l.href().matches(Pattern.quote(page) + "\\.html(#.*)?");
                    }
                    if (!linked) {
                        problems.add(where + ": " + d.group() + " is not a link to " + page + ".html: write <a href=\""
                                + page + ".html\">" + d.group() + "</a>");
                    }
                }
                for (PluginDescriptor.Link l : p.links()) {
                    links++;
                    problems.addAll(leads(where, l));
                }
            }
        }
        assertTrue(problems.isEmpty(), String.join("\n", problems));
        assertTrue(links >= 5, "the build goal's descriptions link docs pages: " + links);
    }

    /** What is wrong with a link: a page that is not in docs/, an anchor that is not an explicit id there. */
    private static List<String> leads(String where, PluginDescriptor.Link l) throws Exception {
        Matcher h = Pattern.compile("([a-z0-9-]+)\\.html(?:#(.+))?").matcher(l.href());
        if (!h.matches()) {
            return List.of(where + ": " + l.href() + " is not a page of the site (page.html or page.html#anchor)");
        }
        Path md = Path.of("docs", h.group(1) + ".md");
        if (!Files.isRegularFile(md)) {
            return List.of(where + ": " + l.href() + ": no " + md);
        }
        if (h.group(2) != null && !Files.readString(md).contains("<a id=\"" + h.group(2) + "\"></a>")) {
            return List.of(where + ": " + l.href() + ": " + md + " has no <a id=\"" + h.group(2) + "\"></a>");
        }
        return List.of();
    }
}
