package dev.hipdll.contract;

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
        this.prefix = prefix;
        this.explicit = explicit;
    }

    /**
     * Parses {@code file}, at most {@value ContractFile#MAX_BYTES} bytes of UTF-8 text.
     *
     * @throws ContractException when the file is too large, empty, not text, not C the way a compiler
     *                           would accept it (an unterminated comment or literal, an unbalanced
     *                           {@code #if}), has no use, or a use does not name an entry point
     * @throws IOException       when the file cannot be read
     */
    public AbiContract.NamedContract parse(Path file) throws IOException, ContractException {
        return parse(file.toString(), ContractFile.read(file, WHAT));
    }

    /** Parses {@code text}, naming it {@code source} in messages. */
    public AbiContract.NamedContract parse(String source, String text) throws ContractException {
        String t = ContractFile.text(source, text, WHAT);
        if (t.isEmpty()) {
            throw new ContractException(source + ": the file is empty; expected " + WHAT
                    + " with RESOLVE(name, type) lines");
        }
        SourceText src = new SourceText(t);
        LoaderScan.Result scan = LoaderScan.scan(src, source);
        if (scan.uses().isEmpty()) {
            throw new ContractException(source + ": no RESOLVE(name, type) or RESOLVE_OPT(name, type) outside"
                    + " comments, string literals and skipped #if groups"
                    + (scan.skippedUses() > 0 ? " (" + scan.skippedUses() + " in skipped groups)" : "")
                    + "; expected a host loader source such as backend_loader.c"
                    + (scan.unfollowed().isEmpty() ? "" : ". Not read: " + String.join("; ", scan.unfollowed())
                    + ". Name the file that holds the RESOLVE lines with hip.contract, or list the exports with"
                    + " hip.exportsFile"));
        }
        ResolveNaming naming = new ResolveNaming(scan.definitions());
        for (ResolveUse u : scan.uses()) {
            checkArguments(src, source, u, naming.definitions(u.macro()));
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
        String fallback = fallback(src, source, scan.uses().stream().filter(u -> !prepending.containsKey(u.macro())).toList());
        Map<String, List<ResolveUse>> byName = new LinkedHashMap<>();
        for (ResolveUse u : scan.uses()) {
            String name = prepending.getOrDefault(u.macro(), fallback) + u.firstArgumentText();
            List<ResolveUse> earlier = byName.computeIfAbsent(name, k -> new ArrayList<>());
            if (earlier.size() >= MAX_ALTERNATIVES) {
                throw new ContractException(src.position(u.offset()).in(source) + ": " + name + " is resolved in more than "
                        + MAX_ALTERNATIVES + " alternative branches; expected a loader source");
            }
            for (ResolveUse e : earlier) {
                if (e.branch() == null || u.branch() == null || !e.branch().exclusiveWith(u.branch())) {
                    throw new ContractException(src.position(u.offset()).in(source) + ": " + name
                            + " is resolved twice, first at " + src.position(e.offset())
                            + "; expected each entry point once");
                }
            }
            earlier.add(u);
        }
        List<String> required = new ArrayList<>();
        List<String> optional = new ArrayList<>();
        byName.forEach((n, us) -> (us.stream().anyMatch(ResolveUse::required) ? required : optional).add(n));
        String counts = required.size() + " RESOLVE + " + optional.size() + " RESOLVE_OPT";
        if (spelled == null) {
            return new AbiContract.NamedContract(prefix, required, optional, source + " (" + counts + ")");
        }
        String where = spelledAt < 0 ? source : src.position(spelledAt).in(source);
        return new AbiContract.NamedContract(spelled, required, optional, source + " (" + counts + ")",
                Optional.of(new AbiContract.LoaderPrefix(spelled, where,
                        explicit && !spelled.equals(prefix) ? Optional.of(prefix) : Optional.empty())));
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
    private String fallback(SourceText src, String source, List<ResolveUse> uses) throws ContractException {
        ResolveUse with = null;
        ResolveUse without = null;
        for (ResolveUse u : uses) {
            if (!prefix.isEmpty() && u.firstArgumentText().startsWith(prefix)) {
                with = with == null ? u : with;
            } else {
                without = without == null ? u : without;
            }
        }
        if (with != null && without != null) {
            ResolveUse later = with.offset() > without.offset() ? with : without;
            ResolveUse earlier = later == with ? without : with;
            throw new ContractException(src.position(later.arguments().get(0).get(0).start()).in(source) + ": "
                    + later.macro() + "(" + later.firstArgumentText() + ", ...) "
                    + (later == with ? "carries" : "lacks") + " the export prefix \"" + prefix + "\", but "
                    + earlier.macro() + "(" + earlier.firstArgumentText() + ", ...) at "
                    + src.position(earlier.offset()) + " " + (earlier == with ? "carries" : "lacks")
                    + " it, and no RESOLVE definition in the file shows whether the macro prepends it;"
                    + " expected every name spelled the same way");
        }
        return with != null ? "" : prefix;
    }

    private static String clip(String s) {
        return s.length() > 60 ? s.substring(0, 57) + "..." : s;
    }
}
