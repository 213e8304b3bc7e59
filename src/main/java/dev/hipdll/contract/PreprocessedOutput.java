package dev.hipdll.contract;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads the output of {@code clang -E -dD} on a marked loader copy ({@link LoaderPreprocessor}): the GNU line
 * markers ({@code # 142 "backend_loader.c" 2}, the line the next output line comes from), the
 * {@code #define}s {@code -dD} keeps, and the markers. Tokens come from {@link PpTokenizer}, so a marker
 * inside a string literal (a stringized expansion) is no use, as it calls nothing.
 *
 * <ul>
 *   <li>A marker outside a directive line must be followed by {@code ( "spelling" )}: the first argument's
 *       spelling, stringized by the preprocessor (C11 6.10.3.2); the name is the text before a first comma
 *       (a variadic first parameter stringizes every argument), stripped, and must be one identifier.</li>
 *   <li>Each {@code #define RESOLVE}/{@code RESOLVE_OPT} must be function-like with a marker, or object-like
 *       naming the other one alone; else the reader does not know what its invocations resolve: an error
 *       naming where it is defined.</li>
 * </ul>
 */
final class PreprocessedOutput {
    private PreprocessedOutput() {
    }

    /**
     * The two marker names of one run.
     *
     * @param required the marker of {@code RESOLVE}'s definitions
     * @param optional the marker of {@code RESOLVE_OPT}'s definitions
     */
    record Markers(String required, String optional) {
    }

    /**
     * What the output holds.
     *
     * @param uses      the markers, in output order
     * @param stubsRead the headers read as empty stubs, as the line markers name them under the stub directory
     */
    record Result(List<LoaderPreprocessor.Use> uses, List<String> stubsRead) {
    }

    /**
     * Reads {@code output}.
     *
     * @param copy   the path of the marked copy as clang names it: shown as {@code loader}
     * @param loader the loader, for messages
     * @param stubs  the stub directory's path
     * @throws ContractException a definition without a marker, or a marker without a name (see the class comment)
     */
    static Result read(String output, Markers markers, String copy, String loader, String stubs)
            throws ContractException {
        SourceText src = new SourceText(output);
        PpTokenizer tokens = new PpTokenizer(src, loader + " (as preprocessed)");
        List<LoaderPreprocessor.Use> uses = new ArrayList<>();
        Set<String> stubsRead = new LinkedHashSet<>();
        String file = loader;
        long line = 1;
        List<PpToken> l = new ArrayList<>();
        Set<String> objectLike = new java.util.HashSet<>();  // defined as object-like macros here (-dD keeps them)
        while (true) {
            PpToken t = tokens.next();
            if (t.kind() != PpToken.Kind.NEWLINE && t.kind() != PpToken.Kind.EOF) {
                l.add(t);
                continue;
            }
            String where = file + ":" + line;
            line++;
            if (!l.isEmpty() && l.get(0).is("#") && l.size() >= 3 && l.get(1).kind() == PpToken.Kind.NUMBER
                    && l.get(2).kind() == PpToken.Kind.STRING) {
                String named = unquote(l.get(2).text());
                file = named == null ? file : named.equals(copy) ? loader : named;
                if (named != null && named.startsWith(stubs) && named.length() > stubs.length() + 1) {
                    stubsRead.add(named.substring(stubs.length() + 1).replace('\\', '/'));
                }
                try {
                    line = Long.parseLong(l.get(1).text());
                } catch (NumberFormatException e) {
                    // not a line number clang writes; keep counting
                }
            } else if (!l.isEmpty() && l.get(0).is("#") && l.size() >= 3 && l.get(1).isIdentifier("define")) {
                definition(l, markers, where);
                boolean functionLike = l.size() > 3 && l.get(3).is("(") && !l.get(3).spaceBefore();
                if (functionLike) {
                    objectLike.remove(l.get(2).text());
                } else {
                    objectLike.add(l.get(2).text());
                }
            } else if (!l.isEmpty() && l.get(0).is("#") && l.size() >= 3 && l.get(1).isIdentifier("undef")) {
                objectLike.remove(l.get(2).text());
            } else {
                int before = uses.size();
                markers(l, markers, where, uses);
                for (LoaderPreprocessor.Use u : uses.subList(before, uses.size())) {
                    if (objectLike.contains(u.argument())) {
                        throw new ContractException(where + ": the name " + u.argument() + " given to " + u.macro()
                                + " is also an object-like macro here, and the loader's macros may replace it before"
                                + " they spell the name: cannot decide; give an explicit list (hip.exports)");
                    }
                }
            }
            l.clear();
            if (t.kind() == PpToken.Kind.EOF) {
                return new Result(List.copyOf(uses), List.copyOf(stubsRead));
            }
        }
    }

    private static void definition(List<PpToken> l, Markers markers, String where) throws ContractException {
        if (l.size() < 3 || !(l.get(2).isIdentifier(LoaderScan.RESOLVE) || l.get(2).isIdentifier(LoaderScan.RESOLVE_OPT))) {
            return;
        }
        String name = l.get(2).text();
        boolean functionLike = l.size() > 3 && l.get(3).is("(") && !l.get(3).spaceBefore();
        if (functionLike) {
            String own = name.equals(LoaderScan.RESOLVE) ? markers.required() : markers.optional();
            if (l.stream().noneMatch(t -> t.isIdentifier(own))) {
                throw new ContractException(where + ": " + name + " is defined here, but not in the loader source"
                        + " (in a header it includes?), so hipdll cannot mark its uses: cannot decide; define " + name
                        + " in the loader, or give an explicit list (hip.exports)");
            }
            return;
        }
        List<PpToken> body = l.subList(3, l.size());
        if (body.size() != 1 || !(body.get(0).isIdentifier(LoaderScan.RESOLVE) || body.get(0).isIdentifier(LoaderScan.RESOLVE_OPT))) {
            StringBuilder s = new StringBuilder();
            body.forEach(t -> s.append(s.length() > 0 && t.spaceBefore() ? " " : "").append(t.text()));
            throw new ContractException(where + ": " + name + " is defined as an object-like macro ('"
                    + (s.length() > 60 ? s.substring(0, 57) + "..." : s) + "'), not as RESOLVE(name, type): cannot"
                    + " decide what its invocations resolve; give an explicit list (hip.exports)");
        }
    }

    private static void markers(List<PpToken> l, Markers markers, String where, List<LoaderPreprocessor.Use> uses)
            throws ContractException {
        for (int i = 0; i < l.size(); i++) {
            PpToken t = l.get(i);
            boolean required = t.isIdentifier(markers.required());
            if (!required && !t.isIdentifier(markers.optional())) {
                continue;
            }
            String macro = required ? LoaderScan.RESOLVE : LoaderScan.RESOLVE_OPT;
            String spelled = i + 3 < l.size() && l.get(i + 1).is("(") && l.get(i + 2).kind() == PpToken.Kind.STRING
                    && l.get(i + 3).is(")") ? unquote(l.get(i + 2).text()) : null;
            if (spelled == null) {
                throw new ContractException(where + ": " + macro + " expands where its first argument cannot be read;"
                        + " cannot decide; give an explicit list (hip.exports)");
            }
            int comma = spelled.indexOf(',');
            String name = (comma < 0 ? spelled : spelled.substring(0, comma)).strip();
            if (!identifier(name)) {
                throw new ContractException(where + ": " + macro + "( expects an entry point name (a C identifier) as"
                        + " its first argument, e.g. " + macro + "(init, init_fn); found "
                        + (name.isEmpty() ? "nothing" : "'" + (name.length() > 60 ? name.substring(0, 57) + "..." : name) + "'")
                        + " (as the preprocessor passes it)");
            }
            uses.add(new LoaderPreprocessor.Use(macro, required, name, where));
            i += 3;
        }
    }

    /** The characters of a plain string literal as the preprocessor writes it ({@code \"} and {@code \\} undone). */
    private static String unquote(String literal) {
        if (literal.length() < 2 || literal.charAt(0) != '"' || literal.charAt(literal.length() - 1) != '"') {
            return null;
        }
        StringBuilder s = new StringBuilder();
        for (int i = 1; i < literal.length() - 1; i++) {
            char c = literal.charAt(i);
            if (c == '\\' && i + 1 < literal.length() - 1) {
                c = literal.charAt(++i);
            }
            s.append(c);
        }
        return s.toString();
    }

    private static boolean identifier(String s) {
        if (s.isEmpty() || !PpTokenizer.identifierStart(s.codePointAt(0))) {
            return false;
        }
        return s.codePoints().skip(1).allMatch(PpTokenizer::identifierPart);
    }
}
