package dev.hipdll.diagnosis;

import dev.hipdll.diagnosis.RuleBook.Rule;
import dev.hipdll.diagnosis.RuleBook.SymbolLibrary;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Classifies a failed compiler or linker run with a {@link RuleBook}, following seeds/003's rule:
 * classify first, by the first root error, never by the last line.
 *
 * <ol>
 *   <li>The run's outcome: could not start ({@code launch}), killed by the timeout ({@code timeout}),
 *       failed without printing anything ({@code no-output}).</li>
 *   <li>The command line ({@code command-lacks}): e.g. no {@code --offload-arch=} at all.</li>
 *   <li>The first root error: the first line that is an error (or matches a rule) and is not a
 *       cascade of an earlier one ({@code N errors generated}, {@code linker command failed},
 *       {@code LNK1120}, ...). When it is an unresolved-symbol line, all unresolved symbols of the
 *       log are grouped by the symbol-to-library table and the {@code symbols-*} rules decide;
 *       otherwise the first {@code log} rule whose pattern the line matches.</li>
 *   <li>Else the {@code fallback} rule, with the stage from the line's shape.</li>
 * </ol>
 */
public final class FailureClassifier {
    private final RuleBook book;
    private final List<Pattern> errorLine;
    private final List<Pattern> cascades;
    private final List<Pattern> extractors;
    private final HeaderOrigins origins;

    private final Map<String, Pattern> compiled = new java.util.HashMap<>();

    /** The group of unresolved symbols that no entry of the symbol-to-library table maps. */
    static final String NO_KNOWN_LIBRARY = "(no known library)";

    /** How many symbols of each library the short Maven error block names. */
    static final int BRIEF_SYMBOLS = 10;

    /** @param book the rules; no location is taken for a {@link HeaderOrigin}'s ({@link HeaderOrigins#NONE}) */
    public FailureClassifier(RuleBook book) {
        this(book, HeaderOrigins.NONE);
    }

    /**
     * @param book    the rules
     * @param origins the directories whose headers are not the user's (for the {@code header} rules), and the
     *                working directory the log's relative file names are relative to
     */
    public FailureClassifier(RuleBook book, HeaderOrigins origins) {
        this.book = book;
        this.origins = origins;
        this.errorLine = book.errorLine().stream().map(Pattern::compile).toList();
        this.cascades = book.cascades().stream().map(Pattern::compile).toList();
        this.extractors = book.symbolExtractors().stream().map(Pattern::compile).toList();
    }

    /**
     * Classifies {@code run}. Never throws for any log content. When the run's step is known
     * ({@link FailedRun#step()}), the stage is that step's ({@link Stage#within}): a link that died of a
     * full disk is {@code host link} whatever its lines look like.
     */
    public Diagnosis classify(FailedRun run) {
        Diagnosis d = classifyLog(run);
        Stage stage = Stage.within(run.step(), d.stage());
        return stage == d.stage() ? d : new Diagnosis(d.ruleId(), stage, d.cause(), d.action(), d.rootError(),
                d.details(), d.brief(), d.errorLines(), d.cascades());
    }

    /** The diagnosis from the log and the outcome alone. */
    private Diagnosis classifyLog(FailedRun run) {
        List<String> out = run.output();
        String command = String.join(" ", run.command());
        int errors = 0;
        int cascadeCount = 0;
        LogLine root = null;
        for (int i = 0; i < out.size(); i++) {
            String line = out.get(i);
            boolean cascade = any(cascades, line);
            boolean error = any(errorLine, line) || !symbolsIn(line).isEmpty() || matchesLogRule(line, command);
            if (cascade) {
                cascadeCount++;
            } else if (error) {
                errors++; // as clang counts them: "1 error generated." is a follow-up line, not a second error
            }
            if (root == null && error && !cascade) {
                root = new LogLine(i + 1, line);
            }
        }
        Optional<LogLine> rootError = Optional.ofNullable(root);

        boolean noOutput = out.stream().allMatch(String::isBlank);
        Optional<Diagnosis> resources = resourceFailure(run, rootError, errors, cascadeCount);
        if (resources.isPresent()) {
            return resources.get();
        }
        for (Rule r : book.rules()) {
            boolean hit = switch (r.when()) {
                case "launch" -> run.launchError() != null;
                case "timeout" -> run.timedOut();
                case "no-output" -> noOutput && run.launchError() == null && !run.timedOut();
                default -> false;
            };
            if (hit) {
                return diagnosis(r, stageOf(r, rootError), rootError, Map.of("launchError", String.valueOf(run.launchError()),
                        "exitCode", String.valueOf(run.exitCode()),
                        "timeout", run.timeout() == null ? "its time limit" : run.timeout().toSeconds() + " s"),
                        List.of(), List.of(), errors, cascadeCount);
            }
        }
        for (Rule r : rulesOf("command-lacks")) {
            if (!pattern(r.pattern()).matcher(command).find() && !unless(r, command)) {
                return diagnosis(r, stageOf(r, rootError), rootError, Map.of(), List.of(), List.of(), errors, cascadeCount);
            }
        }
        if (root != null && !symbolsIn(root.text()).isEmpty()) {
            return symbols(out, rootError, errors, cascadeCount);
        }
        if (root != null) {
            for (Rule r : book.rules()) {
                boolean header = r.when().equals("header");
                if (!header && !r.when().equals("log")) {
                    continue;
                }
                Map<String, String> vars = new LinkedHashMap<>();
                if (header && !inHeader(out, root, vars)) {
                    continue;
                }
                Matcher m = r.pattern() == null ? null : pattern(r.pattern()).matcher(root.text());
                if ((m == null || m.find()) && !unless(r, command)) {
                    for (int g = 1; m != null && g <= m.groupCount() && g <= 9; g++) {
                        vars.put(String.valueOf(g), m.group(g) == null ? "" : m.group(g));
                    }
                    List<String> notes = notesOf(out, root.number());
                    return diagnosis(r, stageOf(r, rootError), rootError, vars, notes, notes, errors, cascadeCount);
                }
            }
        }
        Rule fallback = rulesOf("fallback").stream().findFirst()
                .orElseThrow(() -> new IllegalStateException("the rule book has no fallback rule"));
        Map<String, String> noRoot = root == null
                ? Map.of("line", "the compiler failed (exit " + run.exitCode() + ") without an error line the rule book recognises")
                : Map.of();
        return diagnosis(fallback, stageOf(fallback, rootError), rootError, noRoot, List.of(), List.of(), errors,
                cascadeCount);
    }

    /**
     * Whether the root error is located in a header of a {@link HeaderOrigin}; if so, puts the {@code header} rules'
     * variables into {@code vars}: {@code {origin}} (its name), {@code {where}} ({@code file:line:col}),
     * {@code {message}}, and {@code {includedFrom}}: from clang's {@code In file included from <file>:<line>:} lines
     * right above the error, the innermost place outside every origin (the user's file and line that brought the
     * header in), or {@code the compile's command line} without such a line.
     */
    private boolean inHeader(List<String> out, LogLine root, Map<String, String> vars) {
        Optional<CompilerDiagnostic> d = CompilerDiagnostic.parse(root.text());
        if (d.isEmpty() || d.get().file().isEmpty()) {
            return false;
        }
        Optional<HeaderOrigin> origin = origins.of(d.get().file().get());
        if (origin.isEmpty()) {
            return false;
        }
        String includedFrom = null;
        String outermost = null;
        for (int i = root.number() - 2; i >= 0; i--) {
            Matcher m = INCLUDED_FROM.matcher(ANSI.matcher(out.get(i)).replaceAll(""));
            if (!m.matches()) {
                break;
            }
            outermost = m.group(1) + ":" + m.group(2);
            if (includedFrom == null && origins.of(m.group(1)).isEmpty()) {
                includedFrom = outermost;
            }
        }
        vars.put("origin", origin.get().name());
        vars.put("where", d.get().where());
        vars.put("message", d.get().message());
        vars.put("includedFrom", includedFrom != null ? includedFrom
                : outermost != null ? outermost : "the compile's command line");
        return true;
    }

    private static final Pattern ANSI = Pattern.compile("\u001B\\[[0-9;]*[A-Za-z]");

    /** One line of clang's include stack: {@code In file included from <file>:<line>:}. */
    private static final Pattern INCLUDED_FROM = Pattern.compile("^\\s*In file included from (.+):(\\d+):\\s*$");

    /** clang's {@code note:} lines that follow the root error (line {@code rootNumber}, from 1), up to the next error. */
    private List<String> notesOf(List<String> out, int rootNumber) {
        List<String> notes = new ArrayList<>();
        for (int i = rootNumber; i < out.size() && notes.size() < 10; i++) {
            String line = out.get(i);
            if (NOTE.matcher(line).find()) {
                notes.add(line.strip());
            } else if (any(errorLine, line) || any(cascades, line)) {
                break;
            }
        }
        return notes;
    }

    private static final Pattern NOTE = Pattern.compile(":\\d+:\\d+: note: ");

    /**
     * A full disk or a death by signal ({@link ResourceFailure}), before any log rule: a linker killed by
     * SIGBUS on a full disk leaves a log whose last lines look like a compile error.
     */
    private Optional<Diagnosis> resourceFailure(FailedRun run, Optional<LogLine> root, int errors, int cascadeCount) {
        Optional<ResourceFailure> f = ResourceFailure.of(run);
        if (f.isEmpty()) {
            return Optional.empty();
        }
        String kind = f.get().diskFull() ? "disk-full" : "signal";
        for (Rule r : book.rules()) {
            if (r.when().equals(kind)) {
                return Optional.of(diagnosis(r, f.get().stage(), root, f.get().variables(), f.get().details(),
                        f.get().details(), errors, cascadeCount));
            }
        }
        return Optional.empty();
    }

    private Diagnosis symbols(List<String> out, Optional<LogLine> root, int errors, int cascadeCount) {
        Set<String> symbols = new LinkedHashSet<>();
        out.forEach(l -> symbols.addAll(symbolsIn(l)));
        Map<String, List<String>> byLibrary = new LinkedHashMap<>();
        int defaultLib = 0;
        for (String s : symbols) {
            SymbolLibrary lib = libraryOf(s);
            String key = lib == null ? NO_KNOWN_LIBRARY : lib.library();
            byLibrary.computeIfAbsent(key, k -> new ArrayList<>()).add(s);
            if (lib != null && book.defaultLibraryGroups().contains(lib.group())) {
                defaultLib++;
            }
        }
        List<String> details = new ArrayList<>();
        List<String> brief = new ArrayList<>();
        List<String> advice = new ArrayList<>();
        byLibrary.forEach((lib, syms) -> {
            details.add(lib + " (" + syms.size() + "): " + String.join(", ", syms));
            brief.add(lib + " (" + syms.size() + "): " + firstOf(syms));
            advice.add(adviceFor(lib, syms));
        });
        Map<String, String> vars = new LinkedHashMap<>();
        vars.put("advice", String.join("; ", advice));
        vars.put("count", String.valueOf(symbols.size()));
        vars.put("symbols", String.join(", ", symbols));
        vars.put("libraries", String.join(", ", byLibrary.keySet()));
        for (Rule r : book.rules()) {
            boolean hit = switch (r.when()) {
                case "symbols-any" -> {
                    Pattern p = pattern(r.pattern());
                    List<String> matching = symbols.stream().filter(s -> p.matcher(s).find()).toList();
                    if (!matching.isEmpty()) {
                        vars.put("symbols", String.join(", ", matching));
                        vars.put("count", String.valueOf(matching.size()));
                    }
                    yield !matching.isEmpty();
                }
                case "symbols-share" -> {
                    if (defaultLib * 1.0 > book.defaultLibraryShare() * symbols.size()) {
                        vars.put("libraries", String.join(", ", defaultChain()));
                        vars.put("count", defaultLib + " of " + symbols.size());
                        yield true;
                    }
                    yield false;
                }
                case "symbols" -> true;
                default -> false;
            };
            if (hit) {
                return diagnosis(r, r.stage() == null ? Stage.HOST_LINK : r.stage(), root, vars, details, brief,
                        errors, cascadeCount);
            }
        }
        throw new IllegalStateException("the rule book has no 'symbols' rule");
    }

    /** At most {@value #BRIEF_SYMBOLS} names, then "and N more". */
    private static String firstOf(List<String> names) {
        if (names.size() <= BRIEF_SYMBOLS) {
            return String.join(", ", names);
        }
        return String.join(", ", names.subList(0, BRIEF_SYMBOLS)) + " and " + (names.size() - BRIEF_SYMBOLS) + " more";
    }

    /** What to do about the unresolved symbols {@code syms} of one library (of the symbol-to-library table). */
    private static String adviceFor(String library, List<String> syms) {
        String which = syms.size() == 1 ? syms.get(0) : syms.size() + " symbols";
        if (library.equals(NO_KNOWN_LIBRARY)) {
            return (syms.size() == 1 ? which + " is" : which + " are") + " defined in no source or library given to"
                    + " the link: check the spelling against the definition, and that the source defining "
                    + (syms.size() == 1 ? "it" : "them") + " is under hip.sourceDirectory and matched by includes";
        }
        if (library.startsWith("amdhip64.lib")) {
            return "link amdhip64.lib (-lamdhip64 from hip.libDir) for " + which;
        }
        return "link " + library + " for " + which;
    }

    /** Every library of the default-library groups, in table order, without duplicates. */
    private List<String> defaultChain() {
        Set<String> libs = new LinkedHashSet<>();
        for (SymbolLibrary s : book.symbolLibraries()) {
            if (book.defaultLibraryGroups().contains(s.group())) {
                libs.add(s.library());
            }
        }
        return new ArrayList<>(libs);
    }

    private SymbolLibrary libraryOf(String symbol) {
        for (SymbolLibrary s : book.symbolLibraries()) {
            if (pattern(s.pattern()).matcher(symbol).find()) {
                return s;
            }
        }
        return null;
    }

    /** The unresolved symbols a line names (empty when it is no unresolved-symbol line). */
    List<String> symbolsIn(String line) {
        for (Pattern p : extractors) {
            Matcher m = p.matcher(line);
            if (m.find()) {
                String sym = m.group("sym").strip();
                String mangled = p.pattern().contains("(?<mangled>") ? m.group("mangled") : null;
                return List.of(mangled == null ? sym : sym + " (" + mangled + ")");
            }
        }
        return List.of();
    }

    private boolean matchesLogRule(String line, String command) {
        for (Rule r : rulesOf("log")) {
            if (pattern(r.pattern()).matcher(line).find() && !unless(r, command)) {
                return true;
            }
        }
        return false;
    }

    private boolean unless(Rule r, String command) {
        return r.unlessCommand() != null && pattern(r.unlessCommand()).matcher(command).find();
    }

    private List<Rule> rulesOf(String kind) {
        return book.rules().stream().filter(r -> r.when().equals(kind)).toList();
    }

    private Stage stageOf(Rule r, Optional<LogLine> root) {
        if (r.stage() != null) {
            return r.stage();
        }
        if (root.isPresent()) {
            for (RuleBook.StageHint h : book.stageHints()) {
                if (pattern(h.pattern()).matcher(root.get().text()).find()) {
                    return h.stage();
                }
            }
        }
        return Stage.COMPILE;
    }

    private Pattern pattern(String regex) {
        return compiled.computeIfAbsent(regex, Pattern::compile);
    }

    private static boolean any(List<Pattern> patterns, String line) {
        for (Pattern p : patterns) {
            if (p.matcher(line).find()) {
                return true;
            }
        }
        return false;
    }

    private static Diagnosis diagnosis(Rule r, Stage stage, Optional<LogLine> root, Map<String, String> vars,
                                       List<String> details, List<String> brief, int errors, int cascades) {
        Map<String, String> all = new LinkedHashMap<>(vars);
        root.ifPresent(l -> all.put("line", l.text().strip()));
        all.putIfAbsent("line", "");
        return new Diagnosis(r.id(), stage, fill(r.cause(), all), fill(r.action(), all), root, details, brief, errors,
                cascades);
    }

    private static String fill(String template, Map<String, String> vars) {
        String s = template;
        for (Map.Entry<String, String> e : vars.entrySet()) {
            s = s.replace("{" + e.getKey() + "}", e.getValue());
        }
        return s;
    }
}
