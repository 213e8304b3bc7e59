package dev.hipdll.docs;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every relative link and {@code #anchor} in docs/*.md and README.md leads somewhere, as the docs are read
 * in both places they are published (dead links on the site):
 * <ul>
 *   <li><b>the repository</b> (GitHub): the linked file exists; an anchor is the GitHub id of a heading of
 *       the linked file (lower case, punctuation other than {@code -} and {@code _} dropped, spaces as
 *       {@code -}, {@code -1}, {@code -2} ... for repeated headings) or an explicit {@code <a id>} in it;</li>
 *   <li><b>the site</b> ({@code ./mvnw site}, docs/*.md only: README.md is not a site page): the site holds
 *       docs/ alone (each {@code .md} as a page, the other files as they are), so a relative link may not leave
 *       docs/ (a file elsewhere in the repository is linked by its address on GitHub, which is checked to name
 *       an existing file); and the site's renderer (Doxia) gives headings ids of its own
 *       ({@code Which_GPUs_run_the_DLL_.28hip.gpus.29}), so an anchor must be an explicit
 *       {@code <a id="..."></a>} in the heading, which Doxia keeps as the section's id, and which must equal
 *       the heading's GitHub id so the two readings agree.</li>
 * </ul>
 * Code blocks and inline code are not read for links.
 */
class DocLinksTest {
    /** Where the repository's files are on GitHub (the POM's {@code <scm><url>}), for links that leave docs/. */
    static final String REPOSITORY_FILES = "https://github.com/hipdll/hipdll-maven-plugin/blob/main/";

    private static final Pattern INLINE_LINK = Pattern.compile("!?\\[[^\\]]*\\]\\(\\s*<?([^)\\s>]+)>?(?:\\s+\"[^\"]*\")?\\s*\\)");
    private static final Pattern REFERENCE_LINK = Pattern.compile("(?m)^ {0,3}\\[[^\\]]+\\]:\\s+<?(\\S+?)>?(?:\\s.*)?$");
    private static final Pattern HREF = Pattern.compile("href=\"([^\"]+)\"");
    private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.*?)\\s*#*\\s*$");
    private static final Pattern EXPLICIT_ID = Pattern.compile("<a\\s+(?:id|name)=\"([^\"]+)\"\\s*>\\s*</a>");

    @Test
    void everyRelativeLinkAndAnchorResolvesInTheRepositoryAndOnTheSite() throws IOException {
        Path root = Path.of("").toAbsolutePath();
        Path docs = root.resolve("docs");
        assertTrue(Files.readString(root.resolve("pom.xml")).contains("<url>" + REPOSITORY_FILES.replace("/blob/main/", "")
                + "</url>"), "the POM's scm url is not " + REPOSITORY_FILES);
        List<Path> files = new ArrayList<>();
        try (Stream<Path> s = Files.list(docs)) {
            s.filter(p -> p.toString().endsWith(".md")).sorted().forEach(files::add);
        }
        files.add(root.resolve("README.md"));
        List<String> dead = new ArrayList<>();
        int links = 0;
        for (Path file : files) {
            boolean sitePage = file.getParent().equals(docs);
            String name = root.relativize(file).toString();
            for (String target : links(Files.readString(file))) {
                links++;
                if (target.startsWith(REPOSITORY_FILES)) {
                    String path = target.substring(REPOSITORY_FILES.length()).replaceFirst("#.*", "");
                    if (!Files.exists(root.resolve(path))) {
                        dead.add(name + ": " + target + ": no file " + path + " in the repository");
                    }
                    continue;
                }
                if (target.matches("[a-zA-Z][a-zA-Z0-9+.-]*:.*")) {
                    continue; // another site, mailto:
                }
                int hash = target.indexOf('#');
                String path = hash < 0 ? target : target.substring(0, hash);
                String anchor = hash < 0 ? null : target.substring(hash + 1);
                Path linked = path.isEmpty() ? file : file.getParent().resolve(path).normalize();
                if (!Files.exists(linked)) {
                    dead.add(name + ": " + target + ": no file " + root.relativize(linked));
                    continue;
                }
                if (sitePage && !linked.startsWith(docs)) {
                    dead.add(name + ": " + target + ": leaves docs/, so it is dead on the site; link "
                            + REPOSITORY_FILES + root.relativize(linked) + " instead");
                }
                if (anchor == null) {
                    continue;
                }
                if (!linked.toString().endsWith(".md")) {
                    dead.add(name + ": " + target + ": an anchor into a file that is no Markdown page");
                    continue;
                }
                Anchors a = anchors(Files.readString(linked));
                if (!a.github().contains(anchor) && !a.explicit().contains(anchor)) {
                    dead.add(name + ": " + target + ": no heading of " + root.relativize(linked) + " has the id '" + anchor
                            + "'");
                } else if (sitePage && !a.explicit().contains(anchor)) {
                    dead.add(name + ": " + target + ": dead on the site, whose heading ids are Doxia's: put <a id=\""
                            + anchor + "\"></a> into that heading of " + root.relativize(linked));
                }
            }
            for (Map.Entry<String, String> e : anchors(Files.readString(file)).mismatched().entrySet()) {
                dead.add(name + ": the heading '" + e.getValue() + "' has <a id=\"" + e.getKey() + "\">, but GitHub"
                        + " calls it '" + githubId(e.getValue()) + "'");
            }
        }
        assertTrue(links > 60, "only " + links + " links found");
        assertTrue(dead.isEmpty(), dead.size() + " dead link(s):\n" + String.join("\n", dead));
    }

    /** GitHub's id of a heading whose text (without markup) is {@code text}. */
    static String githubId(String text) {
        return text.strip().toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{M}\\p{N}\\p{Pc} -]", "").replace(' ', '-');
    }

    /** The link targets of a Markdown text: inline, reference definitions and HTML href, outside code. */
    static List<String> links(String markdown) {
        String text = withoutCode(markdown);
        List<String> out = new ArrayList<>();
        for (Pattern p : List.of(INLINE_LINK, REFERENCE_LINK, HREF)) {
            Matcher m = p.matcher(text);
            while (m.find()) {
                out.add(m.group(1));
            }
        }
        return out;
    }

    /**
     * @param github     the ids GitHub gives the headings
     * @param explicit   the {@code <a id>} / {@code <a name>} anywhere outside code
     * @param mismatched explicit ids in a heading that are not the heading's GitHub id, with the heading's text
     */
    record Anchors(Set<String> github, Set<String> explicit, Map<String, String> mismatched) {
    }

    static Anchors anchors(String markdown) {
        Set<String> github = new LinkedHashSet<>();
        Set<String> explicit = new LinkedHashSet<>();
        Map<String, String> mismatched = new HashMap<>();
        Map<String, Integer> seen = new HashMap<>();
        for (String line : withoutCodeBlocks(markdown).split("\n")) {
            Matcher ids = EXPLICIT_ID.matcher(line);
            while (ids.find()) {
                explicit.add(ids.group(1));
            }
            Matcher h = HEADING.matcher(line);
            if (!h.matches()) {
                continue;
            }
            String text = h.group(1).replaceAll("<[^>]+>", "").replaceAll("\\[([^\\]]*)\\]\\([^)]*\\)", "$1")
                    .replace("`", "").replace("**", "");
            String id = githubId(text);
            int n = seen.merge(id, 1, Integer::sum) - 1;
            github.add(n == 0 ? id : id + "-" + n);
            Matcher own = EXPLICIT_ID.matcher(h.group(1));
            while (own.find()) {
                if (!own.group(1).equals(id)) {
                    mismatched.put(own.group(1), text.strip());
                }
            }
        }
        return new Anchors(github, explicit, mismatched);
    }

    /** {@code markdown} without fenced code blocks (their lines blanked). */
    private static String withoutCodeBlocks(String markdown) {
        StringBuilder out = new StringBuilder();
        String fence = null;
        for (String line : markdown.split("\n", -1)) {
            String t = line.stripLeading();
            if (fence == null && (t.startsWith("```") || t.startsWith("~~~"))) {
                fence = t.substring(0, 3);
                out.append('\n');
            } else if (fence != null) {
                if (t.startsWith(fence)) {
                    fence = null;
                }
                out.append('\n');
            } else {
                out.append(line).append('\n');
            }
        }
        return out.toString();
    }

    /** {@code markdown} without code blocks and inline code spans. */
    private static String withoutCode(String markdown) {
        return withoutCodeBlocks(markdown).replaceAll("`[^`\n]*`", "``");
    }
}
