package dev.hipdll.contract;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * A macro of the loader source that invokes {@code RESOLVE}/{@code RESOLVE_OPT} in its replacement
 * list, so that each of its invocations stands for those uses: a shorthand that derives the type
 * from the name ({@code #define REQ(n) RESOLVE(n, coli_##n##_fn)}, then {@code REQ(init);}) or a
 * group ({@code #define RESOLVE_CHAIN() RESOLVE(chain_run, f); RESOLVE(chain_reset, g)}). The
 * first argument of each inner use is one identifier: a parameter of the wrapper, replaced by the
 * invocation's argument (C11 6.10.3.1 argument substitution), or a name spelled in the definition.
 *
 * <p>Not read ({@link Unreadable}, with the line and column; the scan records each as undecided): an inner first argument made of
 * several tokens ({@code coli_ ## n}), {@code RESOLVE} mentioned without {@code (} other than as a
 * plain alias ({@code #define REQUIRED RESOLVE}, which {@link LoaderScan} reads as {@code RESOLVE}),
 * a wrapper that invokes another wrapper or an alias, and a definition too long to keep.
 *
 * @param name       the wrapper's name
 * @param parameters its parameters, or null for an object-like macro (invoked by its name alone)
 * @param variadic   whether the parameter list ends with {@code ...}
 * @param inner      the uses in its replacement list, in order
 * @param offset     the physical offset of its {@code #define}
 */
record ResolveWrapper(String name, List<String> parameters, boolean variadic, List<Inner> inner, int offset) {

    /**
     * One use in the replacement list.
     *
     * @param macro     {@code RESOLVE} or {@code RESOLVE_OPT}
     * @param arguments its arguments as written in the definition
     * @param parameter the wrapper parameter its first argument names, or -1 for a name spelled there
     */
    record Inner(String macro, List<List<PpToken>> arguments, int parameter) {
    }

    ResolveWrapper {
        parameters = parameters == null ? null : List.copyOf(parameters);
        inner = List.copyOf(inner);
    }

    /**
     * Reads {@code m} as a wrapper.
     *
     * @param wrappers the names of the wrappers and aliases of {@code RESOLVE} defined so far
     * @param source   names the file in messages
     * @throws Unreadable when the definition cannot be read (see the class description)
     */
    static ResolveWrapper of(MacroDefinition m, Set<String> wrappers, SourceText src, String source)
            throws Unreadable {
        String where = "the definition of the macro " + m.name() + " (at " + src.position(m.offset()) + ")";
        if (m.replacement() == null) {
            throw new Unreadable(m.offset(), where + " uses RESOLVE but is too long to read");
        }
        List<PpToken> body = m.replacement();
        List<Inner> inner = new ArrayList<>();
        for (int i = 0; i < body.size(); i++) {
            PpToken t = body.get(i);
            if (t.kind() == PpToken.Kind.IDENTIFIER && wrappers.contains(t.text())) {
                throw new Unreadable(t.start(), where + " invokes " + t.text()
                        + ", itself a macro that reaches RESOLVE");
            }
            if (!t.isIdentifier(LoaderScan.RESOLVE) && !t.isIdentifier(LoaderScan.RESOLVE_OPT)) {
                continue;
            }
            if (i + 1 >= body.size() || !body.get(i + 1).is("(")) {
                throw new Unreadable(t.start(), t.text() + " is used in " + where
                        + " without arguments");
            }
            List<List<PpToken>> args = new ArrayList<>();
            List<PpToken> current = new ArrayList<>();
            int depth = 0;
            int j = i + 2;
            for (; j < body.size(); j++) {
                PpToken a = body.get(j);
                if (a.is(")") && depth == 0) {
                    break;
                }
                if (a.is(",") && depth == 0) {
                    args.add(current);
                    current = new ArrayList<>();
                    continue;
                }
                depth += a.is("(") ? 1 : a.is(")") ? -1 : 0;
                current.add(a);
            }
            if (j >= body.size()) {
                throw new Unreadable(t.start(), t.text() + "( in " + where
                        + " is not closed in the same definition");
            }
            args.add(current);
            List<PpToken> first = args.get(0);
            if (first.size() != 1 || first.get(0).kind() != PpToken.Kind.IDENTIFIER) {
                throw new Unreadable(first.isEmpty() ? t.start() : first.get(0).start(), t.text() + "( in " + where
                        + " does not take one name (a parameter of " + m.name() + " or an entry point name) as its"
                        + " first argument");
            }
            int parameter = m.parameters() == null ? -1 : m.parameters().indexOf(first.get(0).text());
            inner.add(new Inner(t.text(), args, parameter));
            i = j;
        }
        return new ResolveWrapper(m.name(), m.parameters(), m.variadic(), inner, m.offset());
    }

    /** A wrapper definition this reader cannot expand: where, and why (no position in {@code detail}). */
    static final class Unreadable extends Exception {
        private static final long serialVersionUID = 1L;
        private final int offset;

        Unreadable(int offset, String detail) {
            super(detail);
            this.offset = offset;
        }

        /** The physical offset of the token that cannot be read. */
        int offset() {
            return offset;
        }
    }

    /** Whether it is invoked with arguments, {@code W(...)}, rather than by its name alone. */
    boolean functionLike() {
        return parameters != null;
    }

    /**
     * The uses one invocation stands for.
     *
     * @param arguments the invocation's arguments (empty for an object-like wrapper)
     * @param at        the physical offset of the wrapper's name in the invocation
     * @param open      the physical offset of its {@code (} (of the name for an object-like wrapper)
     * @throws ContractException when the number of arguments is not the definition's
     */
    List<ResolveUse> expand(List<List<PpToken>> arguments, int at, int open, ConditionalStack.Branch branch,
                            SourceText src, String source) throws ContractException {
        int given = arguments.size() == 1 && arguments.get(0).isEmpty() && parameters != null && parameters.isEmpty()
                ? 0 : arguments.size();
        if (parameters != null && (variadic ? given < parameters.size() - 1 : given != parameters.size())) {
            throw new ContractException(src.position(at).in(source) + ": " + name + " takes " + parameters.size()
                    + " argument(s) (" + name + "(" + String.join(", ", parameters) + ") defined at "
                    + src.position(offset) + "); found " + given);
        }
        List<ResolveUse> uses = new ArrayList<>();
        for (Inner i : inner) {
            List<List<PpToken>> args = new ArrayList<>(i.arguments());
            if (i.parameter() >= 0) {
                args.set(0, i.parameter() < arguments.size() ? arguments.get(i.parameter()) : List.of());
            }
            uses.add(new ResolveUse(i.macro(), args, at, open, branch));
        }
        return uses;
    }
}
