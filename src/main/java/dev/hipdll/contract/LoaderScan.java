package dev.hipdll.contract;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One pass over a loader source through translation phases 1 to 4 as far as a contract needs
 * them (C11 5.1.1.2): {@link SourceText} (phases 1, 2), {@link PpTokenizer} (3), then directives
 * (4): conditional inclusion by {@link ConditionalStack}, {@code #define}s kept as
 * {@link MacroDefinition}s, every other directive ignored. In the processed groups, every
 * {@code RESOLVE} or {@code RESOLVE_OPT} identifier followed by {@code (} (C11 6.10.3 p10: the
 * name of a function-like macro not followed by {@code (} is not an invocation) is a
 * {@link ResolveUse}. Identifiers are whole tokens, so {@code MY_RESOLVE(}, {@code RESOLVEX(} and
 * {@code RESOLVE_OPTIONAL(} are other macros.
 *
 * A macro defined (before its use, as C requires) with {@code RESOLVE}/{@code RESOLVE_OPT}
 * invocations in its body is a {@link ResolveWrapper}: each of its invocations stands for those
 * uses; {@code #define REQUIRED RESOLVE} makes {@code REQUIRED} another name for {@code RESOLVE};
 * {@code #undef} or a redefinition ends either.
 *
 * <p>Errors, each naming the file, line and column: a literal missing its closing quote in a
 * processed group; an invocation not closed before the end of the file, or longer than
 * {@value #MAX_INVOCATION_TOKENS} tokens; more than {@value #MAX_USES} uses (a DLL exports at most
 * 65535 names by ordinal); a wrapper that cannot be read ({@link ResolveWrapper}); the structure
 * errors of {@link ConditionalStack}.
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
     */
    record Result(List<ResolveUse> uses, Map<String, List<MacroDefinition>> definitions, int skippedUses,
                  List<String> unfollowed) {
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
    private int definitionTokens;
    private int skippedUses;
    private PpToken pushedBack;

    private LoaderScan(SourceText src, String source) {
        this.src = src;
        this.source = source;
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
        LoaderScan s = new LoaderScan(src, source);
        s.run();
        List<String> unfollowed = new ArrayList<>(s.includes);
        s.wrappers.keySet().stream().filter(w -> !s.invokedWrappers.contains(w))
                .forEach(w -> unfollowed.add("the macro " + w + " wraps RESOLVE but is never invoked as " + w
                        + "(...) itself (passed as an argument to another macro, as an X-macro list does, it is"
                        + " not expanded)"));
        return new Result(List.copyOf(s.uses), s.definitions, s.skippedUses, List.copyOf(unfollowed));
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
            String macro = aliases.getOrDefault(t.text(), t.text());
            ResolveWrapper wrapper = wrappers.get(t.text());
            if (!macro.equals(RESOLVE) && !macro.equals(RESOLVE_OPT) && wrapper == null) {
                continue;
            }
            ConditionalStack.Branch branch = conditionals.branch();
            List<ResolveUse> found;
            if (wrapper != null && !wrapper.functionLike()) {
                found = wrapper.expand(List.of(), t.start(), t.start(), branch, src, source);
            } else {
                PpToken open = nextProcessed();
                if (!open.is("(")) {
                    pushedBack = open; // a function-like macro's name alone is no invocation
                    continue;
                }
                List<List<PpToken>> args = arguments(t);
                found = wrapper != null ? wrapper.expand(args, t.start(), open.start(), branch, src, source)
                        : List.of(new ResolveUse(macro, args, t.start(), open.start(), branch));
            }
            if (wrapper != null) {
                invokedWrappers.add(t.text());
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
            if (mention == null && d.size() > 2 && (t.isIdentifier(RESOLVE) || t.isIdentifier(RESOLVE_OPT)
                    || t.kind() == PpToken.Kind.IDENTIFIER && (wrappers.containsKey(t.text()) || aliases.containsKey(t.text())))) {
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
                if (conditionals.live()) {
                    define(d, hash, truncated, mention);
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
                if (conditionals.live() && includes.size() < 16) {
                    StringBuilder header = new StringBuilder();
                    rest.forEach(x -> header.append(x.spaceBefore() && header.length() > 0 ? " " : "").append(x.text()));
                    includes.add("#include " + header + " at " + src.position(hash.start()) + " is not followed");
                }
            }
            default -> {
                // #pragma, #error, #line ...: nothing a contract needs
            }
        }
    }

    private void define(List<PpToken> d, PpToken hash, boolean truncated, PpToken mention) throws ContractException {
        MacroDefinition m = MacroDefinition.of(d, hash.start(), truncated);
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
            Set<String> resolving = new HashSet<>(wrappers.keySet());
            resolving.addAll(aliases.keySet());
            wrappers.put(m.name(), ResolveWrapper.of(m, resolving, src, source));
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

    private String at(PpToken t) {
        return src.position(t.start()).in(source);
    }

    /** Whether {@code m}'s replacement is one or more string literals ({@code #define VEC_PREFIX "vecops_"}). */
    private static boolean stringsOnly(MacroDefinition m) {
        return m.replacement() != null && !m.replacement().isEmpty() && m.replacement().size() <= 16
                && m.replacement().stream().allMatch(t -> t.kind() == PpToken.Kind.STRING);
    }
}
