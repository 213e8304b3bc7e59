package dev.hipdll.diagnosis;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The failure-classification rules, as data: {@code dev/hipdll/diagnosis/rules.json} on the class
 * path (the format is described in docs/incremental-and-diagnosis.md). Patterns are Java regular
 * expressions; they are compiled and every rule is checked when the book is loaded.
 *
 * @param errorLine          patterns of a generic error line (clang {@code error:}, {@code error LNKnnnn:})
 * @param cascades           patterns of lines that only follow from an earlier error (ignored as root)
 * @param stageHints         line pattern to stage, for a log no rule names
 * @param symbolExtractors   patterns of a host-link "unresolved symbol" line; the named group {@code sym}
 *                           (and {@code mangled}, when present) is the symbol
 * @param symbolLibraries    symbol pattern to the library that defines it (seeds/003's table)
 * @param defaultLibraryGroups the groups that make up the default-library chain (CRT, UCRT, ...)
 * @param defaultLibraryShare above this share of default-library symbols the chain itself is missing
 * @param rules              the rules, tried in file order within their kind
 */
public record RuleBook(List<String> errorLine, List<String> cascades, List<StageHint> stageHints,
                       List<String> symbolExtractors, List<SymbolLibrary> symbolLibraries,
                       List<String> defaultLibraryGroups, double defaultLibraryShare, List<Rule> rules) {

    /** The resource the default rule book is read from. */
    public static final String RESOURCE = "/dev/hipdll/diagnosis/rules.json";

    /** The kinds of rule ({@link Rule#when()}). */
    public static final Set<String> KINDS = Set.of("launch", "timeout", "no-output", "disk-full", "signal", "command-lacks", "log",
            "header", "symbols-any", "symbols-share", "symbols", "fallback");

    /**
     * A line pattern and the stage such a line belongs to.
     *
     * @param pattern regex found in the line
     * @param stage   the stage
     */
    public record StageHint(String pattern, Stage stage) {
    }

    /**
     * One row of the symbol-to-library table.
     *
     * @param pattern regex found in the symbol (demangled, or mangled for MSVC link's quoted names)
     * @param library the library that defines such symbols, e.g. {@code libucrt.lib}
     * @param group   the row's group, e.g. {@code ucrt}; groups in {@link #defaultLibraryGroups()} are
     *                the default-library chain
     */
    public record SymbolLibrary(String pattern, String library, String group) {
    }

    /**
     * One rule.
     *
     * @param id            a stable id, e.g. {@code device-library-missing}
     * @param when          its kind: {@code launch}, {@code timeout}, {@code no-output} (the run's
     *                      outcome), {@code command-lacks} (the command line does not match
     *                      {@code pattern}), {@code log} (the root error line matches {@code pattern}),
     *                      {@code symbols-any} (an unresolved symbol matches {@code pattern}),
     *                      {@code symbols-share} (more than {@link #defaultLibraryShare()} of the
     *                      unresolved symbols are default-library ones), {@code symbols} (any other
     *                      unresolved symbols), {@code fallback} (nothing else matched)
     * @param stage         the stage it names; {@code null} means: from {@link #stageHints()}
     * @param pattern       the regex its kind uses
     * @param unlessCommand when set, the rule does not apply if the command line matches it
     * @param cause         the cause, a template: {@code {1}}..{@code {9}} (the pattern's groups),
     *                      {@code {count}}, {@code {symbols}}, {@code {libraries}}, {@code {line}}, and for the outcome
     *                      kinds {@code {launchError}}, {@code {exitCode}}, {@code {timeout}}
     * @param action        what to do, the same kind of template
     */
    public record Rule(String id, String when, Stage stage, String pattern, String unlessCommand, String cause,
                       String action) {
    }

    /** Creates a book; checks every rule and pattern, throwing IllegalArgumentException naming the bad one. */
    public RuleBook {
        errorLine = List.copyOf(errorLine);
        cascades = List.copyOf(cascades);
        stageHints = List.copyOf(stageHints);
        symbolExtractors = List.copyOf(symbolExtractors);
        symbolLibraries = List.copyOf(symbolLibraries);
        defaultLibraryGroups = List.copyOf(defaultLibraryGroups);
        rules = List.copyOf(rules);
        errorLine.forEach(p -> compile("errorLine", p));
        cascades.forEach(p -> compile("cascades", p));
        stageHints.forEach(h -> compile("stageHints", h.pattern()));
        symbolExtractors.forEach(p -> {
            if (!p.contains("(?<sym>")) {
                throw new IllegalArgumentException("symbolExtractors: pattern has no (?<sym>...) group: " + p);
            }
            compile("symbolExtractors", p);
        });
        symbolLibraries.forEach(s -> compile("symbolLibraries", s.pattern()));
        for (Rule r : rules) {
            if (r.id() == null || r.when() == null || !KINDS.contains(r.when())) {
                throw new IllegalArgumentException("rule " + r.id() + ": 'when' must be one of " + KINDS + ", was " + r.when());
            }
            if (r.cause() == null || r.action() == null) {
                throw new IllegalArgumentException("rule " + r.id() + ": needs a cause and an action");
            }
            boolean needsPattern = Set.of("command-lacks", "log", "symbols-any").contains(r.when());
            if (needsPattern && r.pattern() == null) {
                throw new IllegalArgumentException("rule " + r.id() + ": kind " + r.when() + " needs a pattern");
            }
            if (r.pattern() != null) {
                compile("rule " + r.id(), r.pattern());
            }
            if (r.unlessCommand() != null) {
                compile("rule " + r.id(), r.unlessCommand());
            }
        }
    }

    /**
     * Loads the rule book from {@link #RESOURCE}.
     *
     * @throws UncheckedIOException     when the resource is missing or not valid JSON (a packaging bug)
     * @throws IllegalArgumentException when a rule is malformed
     */
    public static RuleBook load() {
        try (InputStream in = RuleBook.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IOException("resource " + RESOURCE + " is missing from the plugin");
            }
            return new ObjectMapper().enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                    .readValue(in, RuleBook.class);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the diagnosis rules " + RESOURCE + ": " + e.getMessage(), e);
        }
    }

    static Pattern compile(String where, String regex) {
        try {
            return Pattern.compile(regex);
        } catch (PatternSyntaxException e) {
            throw new IllegalArgumentException(where + ": bad pattern " + regex + ": " + e.getDescription(), e);
        }
    }
}
