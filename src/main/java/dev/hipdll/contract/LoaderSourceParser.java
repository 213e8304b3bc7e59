package dev.hipdll.contract;

import dev.hipdll.parameter.ParameterHints;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads an ABI contract from a host loader source such as {@code backend_loader.c}: every
 * invocation of {@code RESOLVE(name, type)} is a required entry point, every
 * {@code RESOLVE_OPT(name, type)} an optional one. The source is read the way a C compiler reads it,
 * as far as a contract needs (C11 5.1.1.2 translation phases 1 to 4, see {@link LoaderScan}):
 * CR LF, LF or lone CR line ends; backslash-newline splices, also inside names; comments, string
 * literals and character constants are never code; an invocation may spread over several lines;
 * {@code #define} lines (the macros' own definitions among them) are not invocations; groups
 * skipped by {@code #if 0}, {@code #elif 0}, the {@code #else} of {@code #if 1} and groups nested in
 * them are ignored, while groups under conditions that depend on macros ({@code #ifdef X}) count;
 * a macro whose body invokes {@code RESOLVE} ({@code #define REQ(n) RESOLVE(n, coli_##n##_fn)}) stands
 * for those uses wherever it is invoked ({@link ResolveWrapper}).
 *
 * <p>The exported name: when the file defines the macro so that it visibly prepends a prefix
 * ({@code GetProcAddress(m, "vecops_" #name)}, or a {@code #define} of the literal; see
 * {@link ResolveNaming}), that prefix + the argument, always, as the host does: the contract's prefix
 * is the one spelled there, and where it is spelled ({@code file:line:column}) is recorded
 * ({@link AbiContract.LoaderPrefix}); an explicit {@code hip.exportPrefix} that differs is recorded as a
 * disagreement (verify's {@code exports.prefix} fails naming both). Otherwise the
 * argument itself when every such argument carries the prefix
 * ({@code RESOLVE(coli_cuda_init, init_fn)}), the configured prefix + the argument when none does, and an
 * error naming one of each when they are spelled both ways.
 *
 * <p>A name resolved twice is an error, unless the two uses lie in different branches of one
 * conditional ({@code #ifdef X ... #else ... #endif}), which are never compiled together; then it is
 * one entry point, required if either use is {@code RESOLVE}. The contract lists names in the order
 * of their first use. Errors name the file, the line and column (from 1, a tab as one column) and
 * what was expected.
 */
public final class LoaderSourceParser {
    private static final String WHAT = "a C source such as backend_loader.c";
    /** The most uses of one name in alternative branches ({@code #ifdef A ... #elif B ... #else}). */
    static final int MAX_ALTERNATIVES = 16;

    private final String prefix;
    private final boolean explicit;
    private final ParameterHints hints;

    /** @param prefix the export-name prefix when the loader spells none, e.g. {@code coli_cuda_} */
    public LoaderSourceParser(String prefix) {
        this(prefix, false);
    }

    /**
     * @param prefix   the export-name prefix when the loader spells none, e.g. {@code coli_cuda_}
     * @param explicit whether {@code prefix} was given explicitly ({@code hip.exportPrefix}): then a loader
     *                 that spells another prefix is a disagreement, recorded in the contract
     *                 ({@link AbiContract.LoaderPrefix#configured()}) for {@code exports.prefix} to fail
     */
    public LoaderSourceParser(String prefix, boolean explicit) {
        this(prefix, explicit, ParameterHints.MAVEN);
    }

    /**
     * A reader whose errors name a parameter in the front end's words.
     *
     * @param prefix   as {@link #LoaderSourceParser(String, boolean)}
     * @param explicit as {@link #LoaderSourceParser(String, boolean)}
     * @param hints    how the front end words a parameter ({@code -Dhip.sdkRoot} in {@link #FAIL_CLOSED})
     */
    public LoaderSourceParser(String prefix, boolean explicit, ParameterHints hints) {
        this.prefix = prefix;
        this.explicit = explicit;
        this.hints = java.util.Objects.requireNonNull(hints, "hints");
    }

    /**
     * Parses {@code file}, at most {@value ContractFile#MAX_BYTES} bytes of UTF-8 text, with this reader alone.
     *
     * @throws ContractException when the file is too large, empty, not text, not C the way a compiler
     *                           would accept it (an unterminated comment or literal, an unbalanced
     *                           {@code #if}), has no use, a use does not name an entry point, or a use goes
     *                           through a macro this reader does not expand ({@link #FAIL_CLOSED})
     * @throws IOException       when the file cannot be read
     */
    public AbiContract.NamedContract parse(Path file) throws IOException, ContractException {
        return parse(file.toString(), ContractFile.read(file, WHAT));
    }

    /**
     * Parses {@code file} as the compiler preprocesses it: {@code clang -E} through {@code clang}
     * ({@link LoaderPreprocessor}) gives every name that reaches {@code RESOLVE}/{@code RESOLVE_OPT} however
     * it gets there, for the configuration without {@code -D} options; the uses this reader sees directly
     * (in every {@code #ifdef} branch) are added, so the contract is never smaller than {@link #parse(Path)}'s.
     * A name both ways is required when either says so. Uses this reader cannot decide are decided by the
     * compiler, so {@link #FAIL_CLOSED} is never the answer here.
     *
     * @throws ContractException as {@link #parse(Path)}, or when clang fails, or a definition of
     *                           {@code RESOLVE}/{@code RESOLVE_OPT} the compiler reads has no marker
     *                           ({@link LoaderPreprocessor}), each naming the file and line
     * @throws IOException       when the file cannot be read, or the temporary copy cannot be written
     */
    public AbiContract.NamedContract parse(Path file, LoaderPreprocessor clang) throws IOException, ContractException {
        String text = ContractFile.read(file, WHAT);
        Reading r = read(file.toString(), text);
        LoaderPreprocessor.Preprocessed p = clang.preprocess(file, r.text(), r.scan().sites(), r.scan().headers());
        return contract(r, p.uses(), p.note());
    }

    /** Parses {@code text}, naming it {@code source} in messages. */
    public AbiContract.NamedContract parse(String source, String text) throws ContractException {
        Reading r = read(source, text);
        if (!r.scan().undecided().isEmpty()) {
            LoaderScan.Undecided u = r.scan().undecided().get(0);
            SourcePosition at = r.src().position(u.offset());
            int more = r.scan().undecided().size() - 1;
            throw new ContractException(at.in(source) + ": " + FAIL_CLOSED.replace("N", String.valueOf(at.line()))
                    .replace("-Dhip.sdkRoot", hints.name("hip.sdkRoot"))
                    .replace(": cannot decide", " (" + u.detail() + (more > 0 ? "; and " + more + " more" : "")
                            + "): cannot decide"));
        }
        return contract(r, List.of(), null);
    }

    /**
     * The error of {@link #parse(Path)} for a use that goes through a macro it does not expand ({@code N}: the
     * line; the message adds what was found there), in Maven's words (a front end's own name for
     * {@code -Dhip.sdkRoot} replaces it).
     */
    public static final String FAIL_CLOSED = "the loader passes RESOLVE through a macro at line N: cannot decide;"
            + " give the SDK (-Dhip.sdkRoot) or an explicit list (hip.exports)";

    private Reading read(String source, String text) throws ContractException {
        String t = ContractFile.text(source, text, WHAT);
        if (t.isEmpty()) {
            throw new ContractException(source + ": the file is empty; expected " + WHAT
                    + " with RESOLVE(name, type) lines");
        }
        SourceText src = new SourceText(t);
        return new Reading(source, t, src, LoaderScan.scan(src, source));
    }

    /**
     * A loader source read by the scan.
     *
     * @param source names the file in messages
     * @param text   its text (no byte order mark)
     */
    private record Reading(String source, String text, SourceText src, LoaderScan.Result scan) {
    }

    /**
     * One use, read here or found by the preprocessor.
     *
     * @param macro    {@code RESOLVE} or {@code RESOLVE_OPT}: the definition it reaches (its prefix applies)
     * @param required whether the name is required
     * @param argument the first argument's spelling
     * @param at       {@code file:line[:column]} of the argument, for messages
     * @param brief   where it is, for a second position in a message ({@code line:column}, or {@code file:line})
     * @param use      the use read here, or null for one the preprocessor found
     */
    private record Named(String macro, boolean required, String argument, String at, String brief, ResolveUse use) {
    }

    private AbiContract.NamedContract contract(Reading r, List<LoaderPreprocessor.Use> found, String note)
            throws ContractException {
        String source = r.source();
        SourceText src = r.src();
        LoaderScan.Result scan = r.scan();
        if (scan.uses().isEmpty() && found.isEmpty()) {
            throw new ContractException(source + ": no RESOLVE(name, type) or RESOLVE_OPT(name, type) outside"
                    + " comments, string literals and skipped #if groups"
                    + (scan.skippedUses() > 0 ? " (" + scan.skippedUses() + " in skipped groups)" : "")
                    + (note == null ? "" : " (" + note + ")")
                    + "; expected a host loader source such as backend_loader.c"
                    + (scan.unfollowed().isEmpty() ? "" : ". Not read: " + String.join("; ", scan.unfollowed())
                    + ". Name the file that holds the RESOLVE lines with hip.contract, or list the exports with"
                    + " hip.exportsFile"));
        }
        ResolveNaming naming = new ResolveNaming(scan.definitions());
        List<Named> uses = new ArrayList<>();
        for (ResolveUse u : scan.uses()) {
            checkArguments(src, source, u, naming.definitions(u.macro()));
            uses.add(new Named(u.macro(), u.required() || scan.optionalRequired(), u.firstArgumentText(),
                    src.position(u.arguments().get(0).get(0).start()).in(source), src.position(u.offset()).toString(), u));
        }
        for (LoaderPreprocessor.Use u : found) {
            uses.add(new Named(u.macro(), u.required(), u.argument(), u.where(), u.where(), null));
        }
        Map<String, String> prepending = new HashMap<>();  // macro -> the prefix its definition spells
        String spelled = null;
        int spelledAt = -1;
        for (String macro : List.of(LoaderScan.RESOLVE, LoaderScan.RESOLVE_OPT)) {
            String other = macro.equals(LoaderScan.RESOLVE) ? LoaderScan.RESOLVE_OPT : LoaderScan.RESOLVE;
            String own = naming.prefix(macro, 0);
            String via = own != null ? macro : naming.definition(macro) == null && naming.prefix(other, 0) != null ? other : null;
            if (via != null) { // RESOLVE tells for both
                String literal = naming.prefix(via, 0);
                prepending.put(macro, literal.isEmpty() ? prefix : literal);
                if (spelled == null && !literal.isEmpty()) {
                    spelled = literal;
                    spelledAt = naming.prefixOrigin(via);
                }
            }
        }
        String fallback = fallback(uses.stream().filter(u -> !prepending.containsKey(u.macro())).toList());
        Map<String, List<Named>> byName = new LinkedHashMap<>();
        for (Named u : uses) {
            String name = prepending.getOrDefault(u.macro(), fallback) + u.argument();
            List<Named> earlier = byName.computeIfAbsent(name, k -> new ArrayList<>());
            if (u.use() != null) { // the preprocessor's uses are one configuration's: a name there twice is one name
                List<Named> read = earlier.stream().filter(e -> e.use() != null).toList();
                if (read.size() >= MAX_ALTERNATIVES) {
                    throw new ContractException(src.position(u.use().offset()).in(source) + ": " + name
                            + " is resolved in more than " + MAX_ALTERNATIVES + " alternative branches; expected a loader source");
                }
                for (Named e : read) {
                    ConditionalStack.Branch a = e.use().branch();
                    ConditionalStack.Branch b = u.use().branch();
                    if (a == null || b == null || !a.exclusiveWith(b)) {
                        throw new ContractException(src.position(u.use().offset()).in(source) + ": " + name
                                + " is resolved twice, first at " + src.position(e.use().offset())
                                + "; expected each entry point once");
                    }
                }
            }
            if (earlier.size() < 2 * MAX_ALTERNATIVES) {
                earlier.add(u);
            }
        }
        List<String> required = new ArrayList<>();
        List<String> optional = new ArrayList<>();
        Map<String, String> origins = new LinkedHashMap<>();
        byName.forEach((n, us) -> {
            boolean req = us.stream().anyMatch(Named::required);
            (req ? required : optional).add(n);
            origins.put(n, us.stream().filter(u -> u.required() == req).findFirst().orElseThrow().at());
        });
        String counts = required.size() + " RESOLVE + " + optional.size() + " RESOLVE_OPT";
        String origin = source + " (" + counts + (note == null ? "" : "; " + note) + ")";
        Optional<AbiContract.LoaderPrefix> lp = Optional.empty();
        String contractPrefix = prefix;
        if (spelled != null) {
            String where = spelledAt < 0 ? source : src.position(spelledAt).in(source);
            contractPrefix = spelled;
            lp = Optional.of(new AbiContract.LoaderPrefix(spelled, where,
                    explicit && !spelled.equals(prefix) ? Optional.of(prefix) : Optional.empty()));
        }
        return new AbiContract.NamedContract(contractPrefix, required, optional, origin, lp, origins);
    }

    /**
     * The first argument must be one identifier; with the macro's definitions at hand (one per
     * {@code #ifdef} branch, say), the count must match one of them (C11 6.10.3 p4).
     */
    private static void checkArguments(SourceText src, String source, ResolveUse u, List<MacroDefinition> ds)
            throws ContractException {
        List<PpToken> first = u.arguments().get(0);
        if (first.size() != 1 || first.get(0).kind() != PpToken.Kind.IDENTIFIER) {
            int at = first.isEmpty() ? u.open() : first.get(0).start();
            throw new ContractException(src.position(at).in(source) + ": " + u.macro()
                    + "( expects an entry point name (a C identifier) as its first argument, e.g. " + u.macro()
                    + "(init, init_fn); found " + (first.isEmpty() ? "nothing" : "'" + clip(u.firstArgumentText()) + "'"));
        }
        boolean fits = ds.isEmpty() || ds.stream().anyMatch(d -> !d.functionLike()
                || (d.variadic() ? u.arguments().size() >= d.parameters().size() - 1
                        : u.arguments().size() == d.parameters().size()));
        MacroDefinition d = ds.isEmpty() ? null : ds.get(0);
        if (!fits && d.functionLike()) {
            throw new ContractException(src.position(u.offset()).in(source) + ": " + u.macro() + " takes "
                    + d.parameters().size() + " argument(s) (" + u.macro() + "(" + String.join(", ", d.parameters())
                    + ") defined at " + src.position(d.offset()) + "); found " + u.arguments().size());
        }
    }

    /**
     * For {@code uses} whose macro's naming is not known from the file: the argument is the exported
     * name when every such argument already starts with the prefix, else the prefix is prepended;
     * an error when they are spelled both ways.
     */
    private String fallback(List<Named> uses) throws ContractException {
        Named with = null;
        Named without = null;
        for (Named u : uses) {
            if (!prefix.isEmpty() && u.argument().startsWith(prefix)) {
                with = with == null ? u : with;
            } else {
                without = without == null ? u : without;
            }
        }
        if (with != null && without != null) {
            Named later = uses.indexOf(with) > uses.indexOf(without) ? with : without;
            Named earlier = later == with ? without : with;
            throw new ContractException(later.at() + ": "
                    + later.macro() + "(" + later.argument() + ", ...) "
                    + (later == with ? "carries" : "lacks") + " the export prefix \"" + prefix + "\", but "
                    + earlier.macro() + "(" + earlier.argument() + ", ...) at "
                    + earlier.brief() + " " + (earlier == with ? "carries" : "lacks")
                    + " it, and no RESOLVE definition in the file shows whether the macro prepends it;"
                    + " expected every name spelled the same way");
        }
        return with != null ? "" : prefix;
    }

    private static String clip(String s) {
        return s.length() > 60 ? s.substring(0, 57) + "..." : s;
    }
}
