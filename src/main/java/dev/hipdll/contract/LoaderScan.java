package dev.hipdll.contract;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A scan of a loader source (two passes over its tokens) through translation phases 1 to 4 as far as a
 * contract needs them (C11 5.1.1.2): {@link SourceText} (phases 1, 2), {@link PpTokenizer} (3), then directives
 * (4): conditional inclusion by {@link ConditionalStack}, {@code #define}s kept as
 * {@link MacroDefinition}s, every other directive ignored. In the processed groups, every
 * {@code RESOLVE} or {@code RESOLVE_OPT} identifier followed by {@code (} (C11 6.10.3 p10: the
 * name of a function-like macro not followed by {@code (} is not an invocation) is a
 * {@link ResolveUse}. Identifiers are whole tokens, so {@code MY_RESOLVE(}, {@code RESOLVEX(} and
 * {@code RESOLVE_OPTIONAL(} are other macros. Each function-like {@code #define} of {@code RESOLVE} or
 * {@code RESOLVE_OPT}, in any group, is a {@link DefinitionSite}, and each {@code #include}d name is kept
 * ({@link Result#headers()}), for {@link LoaderPreprocessor}.
 *
 * A macro defined (before its use, as C requires) with {@code RESOLVE}/{@code RESOLVE_OPT}
 * invocations in its body is a {@link ResolveWrapper}: each of its invocations stands for those
 * uses; {@code #define REQUIRED RESOLVE} makes {@code REQUIRED} another name for {@code RESOLVE};
 * {@code #undef} or a redefinition ends either.
 *
 * <p>Failing closed: a first pass ({@link ResolvingMacros}) finds every macro of the file that can reach
 * {@code RESOLVE}/{@code RESOLVE_OPT}, whatever the order of the definitions. A use of one that this
 * reader does not expand exactly (the name passed as a macro argument, {@code EACH(RESOLVE)}; a wrapper
 * invoking another wrapper; a wrapper defined more than once; a fragment that token pasting can glue into
 * such a name) is recorded as {@link Undecided}: {@link LoaderSourceParser} refuses to guess, and the
 * preprocessed path ({@link LoaderPreprocessor}) lets the compiler decide. A {@code RESOLVE_OPT}
 * defined so that it reaches {@code RESOLVE} ({@code #define RESOLVE_OPT RESOLVE}) makes every
 * {@code RESOLVE_OPT} use required ({@link Result#optionalRequired()}).
 *
 * <p>Errors, each naming the file, line and column: a literal missing its closing quote in a
 * processed group; an invocation not closed before the end of the file, or longer than
 * {@value #MAX_INVOCATION_TOKENS} tokens; more than {@value #MAX_USES} uses (a DLL exports at most
 * 65535 names by ordinal); a wrapper invoked with the wrong number of arguments ({@link ResolveWrapper});
 * the structure errors of {@link ConditionalStack}.
 */
final class LoaderScan {
    static final String RESOLVE = "RESOLVE";
    static final String RESOLVE_OPT = "RESOLVE_OPT";
    /** The most uses read. */
    static final int MAX_USES = 65536;
    /** The most tokens between an invocation's parentheses. */
    static final int MAX_INVOCATION_TOKENS = 4096;
    /** The most tokens of one directive kept (more are read but not kept). */
    static final int MAX_DIRECTIVE_TOKENS = 65536;
    /** The most replacement-list tokens of all kept definitions together. */
    static final int MAX_DEFINITION_TOKENS = 262144;

    /**
     * What the pass found.
     *
     * @param uses        the uses in source order
     * @param definitions the kept definitions by macro name, in source order
     * @param skippedUses how many {@code RESOLVE}/{@code RESOLVE_OPT} names lay in skipped groups
     * @param unfollowed  what the scan saw but does not read, for an error that finds no use: each
     *                    live {@code #include} ("#include "resolve_list.inc" at 12:1 is not followed")
     *                    and each wrapper macro never invoked by its own name (an X-macro list passes
     *                    it as an argument, which is not expanded)
     * @param undecided   the uses through macros this reader does not expand, in source order
     * @param optionalRequired whether {@code RESOLVE_OPT} reaches {@code RESOLVE}: its names are required
     * @param sites       the function-like definitions of {@code RESOLVE}/{@code RESOLVE_OPT}, in any group
     * @param headers     the headers the processed {@code #include}s name, as written (at most 256)
     */
    record Result(List<ResolveUse> uses, Map<String, List<MacroDefinition>> definitions, int skippedUses,
                  List<String> unfollowed, List<Undecided> undecided, boolean optionalRequired,
                  List<DefinitionSite> sites, List<String> headers) {
    }

    /**
     * A use this reader cannot decide: it goes through a macro the reader does not expand.
     *
     * @param offset the physical offset of the token
     * @param detail what the token is and why it is not read, e.g. "RESOLVE is passed to a macro as an argument"
     */
    record Undecided(int offset, String detail) {
    }

    /**
     * A {@code #define} of {@code RESOLVE} or {@code RESOLVE_OPT} as function-like macro, in any group
     * (skipped ones too): where the preprocessed path puts its marker.
     *
     * @param macro      {@code RESOLVE} or {@code RESOLVE_OPT}
     * @param afterList  the physical offset just after the {@code )} that closes the parameter list
     * @param firstParam the first parameter ({@code __VA_ARGS__} for {@code ...}), or null when it has none
     */
    record DefinitionSite(String macro, int afterList, String firstParam) {
    }

    private final SourceText src;
    private final String source;
    private final PpTokenizer tokens;
    private final ConditionalStack conditionals;
    private final List<ResolveUse> uses = new ArrayList<>();
    private final Map<String, List<MacroDefinition>> definitions = new LinkedHashMap<>();
    private final Map<String, ResolveWrapper> wrappers = new LinkedHashMap<>();
    private final Map<String, String> aliases = new LinkedHashMap<>();
    private final List<String> includes = new ArrayList<>();
    private final Set<String> invokedWrappers = new HashSet<>();
    private final List<Undecided> undecided = new ArrayList<>();
    private final List<DefinitionSite> sites = new ArrayList<>();
    private final List<String> headers = new ArrayList<>();
    /** Null in the first pass, which only feeds {@link #macros}. */
    private final ResolvingMacros.Found resolving;
    private final ResolvingMacros macros;
    private int definitionTokens;
    private int skippedUses;
    private PpToken pushedBack;

    private LoaderScan(SourceText src, String source, ResolvingMacros macros, ResolvingMacros.Found resolving) {
        this.src = src;
        this.source = source;
        this.macros = macros;
        this.resolving = resolving;
        this.tokens = new PpTokenizer(src, source);
        this.conditionals = new ConditionalStack(src, source);
    }

    /**
     * Scans {@code src}.
     *
     * @param source names the file in messages
     * @throws ContractException see the class description
     */
    static Result scan(SourceText src, String source) throws ContractException {
        ResolvingMacros macros = new ResolvingMacros();
        new LoaderScan(src, source, macros, null).run();
        ResolvingMacros.Found found = macros.found();
        LoaderScan s = new LoaderScan(src, source, null, found);
        s.run();
        found.fragments().forEach((fragment, at) -> s.undecided.add(new Undecided(at, "the identifier " + fragment
                + " can be pasted (##) into " + found.completing(fragment) + ", which this reader does not do")));
        s.undecided.sort(java.util.Comparator.comparingInt(Undecided::offset));
        List<String> unfollowed = new ArrayList<>(s.includes);
        s.wrappers.keySet().stream().filter(w -> !s.invokedWrappers.contains(w))
                .forEach(w -> unfollowed.add("the macro " + w + " wraps RESOLVE but is never invoked as " + w
                        + "(...) itself (passed as an argument to another macro, as an X-macro list does, it is"
                        + " not expanded)"));
        return new Result(List.copyOf(s.uses), s.definitions, s.skippedUses, List.copyOf(unfollowed),
                List.copyOf(s.undecided), found.optionalRequired(), List.copyOf(s.sites), List.copyOf(s.headers));
    }

    private void run() throws ContractException {
        while (true) {
            PpToken t = nextProcessed();
            if (t.kind() == PpToken.Kind.EOF) {
                return;
            }
            if (t.kind() != PpToken.Kind.IDENTIFIER) {
                continue;
            }
            if (macros != null) {
                macros.identifier(t.text(), t.start());
                continue;
            }
            String name = t.text();
            boolean direct = name.equals(RESOLVE) || name.equals(RESOLVE_OPT);
            if (!direct && !resolving.reaches(name)) {
                continue;
            }
            String macro = aliases.getOrDefault(name, name);
            ResolveWrapper wrapper = wrappers.get(name);
            if (!direct && (wrapper == null && !aliases.containsKey(name) || resolving.definitions(name) > 1)) {
                undecided.add(new Undecided(t.start(), name + " is a macro that reaches RESOLVE"
                        + (resolving.definitions(name) > 1 ? " and is defined " + resolving.definitions(name) + " times"
                        : " through other macros (or is not defined here yet)") + "; this reader does not expand it"));
                continue;
            }
            ConditionalStack.Branch branch = conditionals.branch();
            List<ResolveUse> found;
            if (wrapper != null && !wrapper.functionLike()) {
                found = wrapper.expand(List.of(), t.start(), t.start(), branch, src, source);
            } else {
                PpToken open = nextProcessed();
                if (!open.is("(")) {
                    pushedBack = open; // a function-like macro's name alone is no invocation, but a macro can call it
                    undecided.add(new Undecided(t.start(), name + " is not followed by its arguments (passed to a macro,"
                            + " as EACH(" + name + ") or CALL(" + name + ", name, type) do, it is invoked there)"));
                    continue;
                }
                List<List<PpToken>> args = arguments(t);
                found = wrapper != null ? wrapper.expand(args, t.start(), open.start(), branch, src, source)
                        : List.of(new ResolveUse(macro, args, t.start(), open.start(), branch));
            }
            if (wrapper != null) {
                invokedWrappers.add(t.text());
            }
            for (ResolveUse u : found) {
                List<PpToken> first = u.arguments().get(0);
                if (first.size() == 1 && resolving.objectLike().contains(first.get(0).text())) {
                    // RESOLVE's definition may pass it on (and so replace it) before stringizing it: which name is
                    // looked up depends on how; the preprocessor knows
                    undecided.add(new Undecided(first.get(0).start(), "the name "
                            + first.get(0).text() + " given to " + u.macro() + " is also an object-like macro of the file,"
                            + " which a macro that passes it on replaces"));
                }
            }
            if (uses.size() + found.size() > MAX_USES) {
                throw new ContractException(at(t) + ": more than " + MAX_USES + " RESOLVE/RESOLVE_OPT uses;"
                        + " expected a loader source (a DLL exports at most 65535 names by ordinal)");
            }
            uses.addAll(found);
        }
    }

    private List<List<PpToken>> arguments(PpToken name) throws ContractException {
        List<List<PpToken>> args = new ArrayList<>();
        List<PpToken> current = new ArrayList<>();
        int depth = 0;
        int count = 0;
        while (true) {
            PpToken t = nextProcessed();
            if (t.kind() == PpToken.Kind.EOF) {
                throw new ContractException(at(name) + ": " + name.text()
                        + "( is not closed; expected ')' before the end of the file");
            }
            if (++count > MAX_INVOCATION_TOKENS) {
                throw new ContractException(at(name) + ": " + name.text() + "( has more than " + MAX_INVOCATION_TOKENS
                        + " tokens before its ')'; expected " + name.text() + "(name, type)");
            }
            if (t.is(")") && depth == 0) {
                args.add(current);
                return args;
            }
            if (t.is(",") && depth == 0) {
                args.add(current);
                current = new ArrayList<>();
                continue;
            }
            if (t.is("(")) {
                depth++;
            } else if (t.is(")")) {
                depth--;
            }
            current.add(t);
        }
    }

    /** The next token of a processed group outside directives, new-lines dropped; EOF at the end. */
    private PpToken nextProcessed() throws ContractException {
        if (pushedBack != null) {
            PpToken t = pushedBack;
            pushedBack = null;
            return t;
        }
        while (true) {
            PpToken t = tokens.next();
            switch (t.kind()) {
                case NEWLINE -> {
                    continue;
                }
                case EOF -> {
                    conditionals.end();
                    return t;
                }
                default -> {
                }
            }
            if (t.is("#") && t.lineStart()) {
                directive(t);
                continue;
            }
            if (!conditionals.live()) {
                if (t.isIdentifier(RESOLVE) || t.isIdentifier(RESOLVE_OPT)
                        || t.kind() == PpToken.Kind.IDENTIFIER && (wrappers.containsKey(t.text()) || aliases.containsKey(t.text()))) {
                    skippedUses++;
                }
                continue;
            }
            if (t.unterminated()) {
                char q = t.kind() == PpToken.Kind.STRING ? '"' : '\'';
                throw new ContractException(at(t) + ": missing terminating " + q + " character; expected the "
                        + (q == '"' ? "string literal" : "character constant") + " to end on its line");
            }
            return t;
        }
    }

    private void directive(PpToken hash) throws ContractException {
        List<PpToken> d = new ArrayList<>();
        boolean truncated = false;
        PpToken mention = null;
        while (true) {
            PpToken t = tokens.next();
            if (t.kind() == PpToken.Kind.NEWLINE || t.kind() == PpToken.Kind.EOF) {
                break; // the tokenizer returns EOF again to the next read
            }
            if (d.size() < MAX_DIRECTIVE_TOKENS) {
                d.add(t);
            } else {
                truncated = true;
            }
            if (mention == null && d.size() > 2 && resolving != null && t.kind() == PpToken.Kind.IDENTIFIER
                    && resolving.reaches(t.text())) {
                mention = t;
            }
        }
        if (d.isEmpty() || d.get(0).kind() != PpToken.Kind.IDENTIFIER) {
            return; // the null directive, or a non-directive in a skipped group
        }
        List<PpToken> rest = d.subList(1, d.size());
        boolean cut = truncated;
        switch (d.get(0).text()) {
            case "if" -> conditionals.open(hash.start(),
                    conditionals.live() && !truncated ? IfCondition.of(rest) : conditionals.live()
                            ? IfCondition.UNKNOWN : IfCondition.FALSE);
            case "ifdef", "ifndef" -> conditionals.open(hash.start(), IfCondition.UNKNOWN);
            case "elif" -> conditionals.elif(hash.start(), () -> cut ? IfCondition.UNKNOWN : IfCondition.of(rest));
            case "elifdef", "elifndef" -> conditionals.elif(hash.start(), () -> IfCondition.UNKNOWN);
            case "else" -> conditionals.otherwise(hash.start());
            case "endif" -> conditionals.close(hash.start());
            case "define" -> {
                if (macros == null) {
                    site(d);
                }
                if (conditionals.live()) {
                    MacroDefinition m = MacroDefinition.of(d, hash.start(), truncated);
                    if (macros != null) {
                        if (m != null) {
                            macros.definition(m, d.get(0).start());
                        }
                    } else {
                        define(m, mention);
                    }
                }
            }
            case "undef" -> {
                if (conditionals.live() && d.size() > 1) {
                    wrappers.remove(d.get(1).text());
                    aliases.remove(d.get(1).text());
                }
            }
            case "include" -> {
                // not followed: the contract is this one file; noted for the "no use" error
                if (conditionals.live() && includes.size() < 16 && macros == null) {
                    StringBuilder header = new StringBuilder();
                    rest.forEach(x -> header.append(x.spaceBefore() && header.length() > 0 ? " " : "").append(x.text()));
                    includes.add("#include " + header + " at " + src.position(hash.start()) + " is not followed");
                }
                if (conditionals.live() && macros == null && headers.size() < 256) {
                    header(rest);
                }
            }
            default -> {
                // #pragma, #error, #line ...: nothing a contract needs
            }
        }
    }

    private void define(MacroDefinition m, PpToken mention) throws ContractException {
        if (m == null) {
            return;
        }
        boolean ours = m.name().equals(RESOLVE) || m.name().equals(RESOLVE_OPT);
        wrappers.remove(m.name()); // a redefinition replaces
        aliases.remove(m.name());
        if (!ours && mention != null) {
            List<PpToken> body = m.replacement();
            if (!m.functionLike() && body != null && body.size() == 1 && aliases.containsKey(body.get(0).text())) {
                aliases.put(m.name(), aliases.get(body.get(0).text())); // an alias of an alias
                return;
            }
            if (!m.functionLike() && body != null && body.size() == 1
                    && (body.get(0).isIdentifier(RESOLVE) || body.get(0).isIdentifier(RESOLVE_OPT))) {
                aliases.put(m.name(), body.get(0).text()); // #define REQUIRED RESOLVE
                return;
            }
            Set<String> reaching = new HashSet<>(resolving.reaching());
            reaching.remove(RESOLVE);
            reaching.remove(RESOLVE_OPT);
            try {
                wrappers.put(m.name(), ResolveWrapper.of(m, reaching, src, source));
            } catch (ResolveWrapper.Unreadable e) {
                undecided.add(new Undecided(e.offset(), e.getMessage())); // and each use of it is undecided too
            }
        }
        if (!ours && !m.functionLike() && !stringsOnly(m)) {
            return; // only function-like macros can pass a name on; a string macro can spell a prefix
        }
        MacroDefinition kept = m;
        if (m.replacement() != null) {
            definitionTokens += m.replacement().size();
            if (definitionTokens > MAX_DEFINITION_TOKENS) {
                kept = new MacroDefinition(m.name(), m.parameters(), m.variadic(), null, m.offset());
            }
        }
        definitions.computeIfAbsent(m.name(), k -> new ArrayList<>()).add(kept);
    }

    /** Records a function-like {@code #define RESOLVE(...)}/{@code RESOLVE_OPT(...)} as a {@link DefinitionSite}. */
    private void site(List<PpToken> d) {
        if (d.size() < 3 || !(d.get(1).isIdentifier(RESOLVE) || d.get(1).isIdentifier(RESOLVE_OPT))
                || !d.get(2).is("(") || d.get(2).spaceBefore()) {
            return;
        }
        String first = null;
        for (int i = 3; i < d.size(); i++) {
            PpToken t = d.get(i);
            if (t.is(")")) {
                sites.add(new DefinitionSite(d.get(1).text(), t.start() + 1, first));
                return;
            }
            if (first == null && t.is("...")) {
                first = "__VA_ARGS__";
            } else if (first == null && t.kind() == PpToken.Kind.IDENTIFIER) {
                first = t.text();
            }
        }
    }

    /** Records the header an {@code #include} names ({@code <windows.h>} or {@code "x.h"}), as written. */
    private void header(List<PpToken> rest) {
        if (rest.size() == 1 && rest.get(0).kind() == PpToken.Kind.STRING && rest.get(0).text().startsWith("\"")) {
            String h = rest.get(0).text();
            headers.add(h.substring(1, Math.max(1, h.length() - 1)));
        } else if (rest.size() >= 3 && rest.get(0).is("<") && rest.get(rest.size() - 1).is(">")) {
            StringBuilder h = new StringBuilder();
            rest.subList(1, rest.size() - 1).forEach(x -> h.append(x.spaceBefore() && h.length() > 0 ? " " : "").append(x.text()));
            headers.add(h.toString());
        }
    }

    private String at(PpToken t) {
        return src.position(t.start()).in(source);
    }

    /** Whether {@code m}'s replacement is one or more string literals ({@code #define VEC_PREFIX "vecops_"}). */
    private static boolean stringsOnly(MacroDefinition m) {
        return m.replacement() != null && !m.replacement().isEmpty() && m.replacement().size() <= 16
                && m.replacement().stream().allMatch(t -> t.kind() == PpToken.Kind.STRING);
    }
}
