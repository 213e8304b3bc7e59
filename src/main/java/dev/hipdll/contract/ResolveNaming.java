package dev.hipdll.contract;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Whether a {@code RESOLVE}/{@code RESOLVE_OPT} macro defined in the loader source visibly
 * prepends a prefix to its first argument, read from the replacement list (C11 6.10.3.2
 * stringizing, and 5.1.1.2 phase 6 for adjacent string literals):
 * <ul>
 *   <li>{@code "coli_cuda_" #name}: a string literal (or several) made of identifier characters
 *       before the stringized parameter: the macro prepends that text;</li>
 *   <li>the parameter passed whole to another function-like macro of the file
 *       ({@code RESOLVE_IMPL(name, type, 1)}): that macro's answer for that parameter.</li>
 * </ul>
 * Anything else is unknown (null): a bare {@code #name} may go to a function that prepends the
 * prefix at run time, a message such as {@code "missing: " #name} is no export name, token pasting
 * ({@code p_##name}) names variables. Every definition of the macro (one per {@code #ifdef}
 * branch) must prepend, else the answer is unknown.
 */
final class ResolveNaming {
    static final int MAX_DEPTH = 8;

    private final Map<String, List<MacroDefinition>> definitions;
    /** Answers by macro and parameter, so each is worked out once (and a cycle ends as unknown). */
    private final Map<String, java.util.Optional<String>> answers = new java.util.HashMap<>();

    ResolveNaming(Map<String, List<MacroDefinition>> definitions) {
        this.definitions = definitions;
    }

    /** The text {@code macro} prepends to its parameter number {@code parameter}, or null when not known to. */
    String prefix(String macro, int parameter) {
        return prefix(macro, parameter, 0);
    }

    /** Every kept definition of {@code macro} in the file, in source order (empty when none). */
    List<MacroDefinition> definitions(String macro) {
        return definitions.getOrDefault(macro, List.of());
    }

    /** The first definition of {@code macro} in the file, or null. */
    MacroDefinition definition(String macro) {
        List<MacroDefinition> ds = definitions.get(macro);
        return ds == null || ds.isEmpty() ? null : ds.get(0);
    }

    private String prefix(String macro, int parameter, int depth) {
        String key = macro + "#" + parameter;
        java.util.Optional<String> known = answers.get(key);
        if (known != null) {
            return known.orElse(null);
        }
        answers.put(key, java.util.Optional.empty()); // in progress: a cycle back here is unknown
        String answer = compute(macro, parameter, depth);
        answers.put(key, java.util.Optional.ofNullable(answer));
        return answer;
    }

    private String compute(String macro, int parameter, int depth) {
        List<MacroDefinition> ds = definitions.get(macro);
        if (ds == null || ds.isEmpty() || depth > MAX_DEPTH) {
            return null;
        }
        String result = null;
        for (MacroDefinition d : ds) {
            if (!d.functionLike() || d.replacement() == null || parameter >= d.parameters().size()) {
                return null;
            }
            String r = inReplacement(d.replacement(), d.parameters().get(parameter), depth);
            if (r == null) {
                return null;
            }
            result = r;
        }
        return result;
    }

    private String inReplacement(List<PpToken> body, String parameter, int depth) {
        Set<String> found = new LinkedHashSet<>();
        for (int i = 0; i < body.size(); i++) {
            if (!body.get(i).isIdentifier(parameter)) {
                continue;
            }
            if (i > 0 && body.get(i - 1).is("#")) {
                StringBuilder before = new StringBuilder();
                boolean plain = true;
                int origin = -1;
                for (int j = i - 2; j >= 0; j--) {
                    PpToken t = body.get(j);
                    String content;
                    int at;
                    if (t.kind() == PpToken.Kind.STRING) {
                        content = content(t.text());
                        at = t.start();
                    } else if (t.kind() == PpToken.Kind.IDENTIFIER && stringMacro(t.text()) != null) {
                        content = stringMacro(t.text());  // #define PREFIX "vecops_" ... PREFIX #name
                        at = definition(t.text()).offset();
                    } else {
                        break;
                    }
                    if (content == null) {
                        plain = false;
                        break;
                    }
                    before.insert(0, content);
                    origin = at;
                }
                if (plain) {
                    found.add(before.toString());
                    if (!before.isEmpty() && lastOrigin < 0) {
                        lastOrigin = origin;
                    }
                }
            } else {
                String passed = passedOn(body, i, depth);
                if (passed != null) {
                    found.add(passed);
                }
            }
        }
        found.removeIf(s -> !s.matches("[A-Za-z0-9_$]*"));
        return found.stream().filter(s -> !s.isEmpty()).findFirst().orElse(null);
    }

    /** When body[i] is a whole argument of an invocation of a function-like macro of the file: its answer. */
    private String passedOn(List<PpToken> body, int i, int depth) {
        if (i == 0 || i + 1 >= body.size() || !(body.get(i - 1).is("(") || body.get(i - 1).is(","))
                || !(body.get(i + 1).is(")") || body.get(i + 1).is(","))) {
            return null;
        }
        int nesting = 0;
        int argument = 0;
        for (int j = i - 1; j >= 0; j--) {
            PpToken t = body.get(j);
            if (t.is(")")) {
                nesting++;
            } else if (t.is("(")) {
                if (nesting == 0) {
                    if (j == 0 || body.get(j - 1).kind() != PpToken.Kind.IDENTIFIER) {
                        return null;
                    }
                    return prefix(body.get(j - 1).text(), argument, depth + 1);
                }
                nesting--;
            } else if (t.is(",") && nesting == 0) {
                argument++;
            }
        }
        return null;
    }

    /**
     * The text of an object-like macro of the file whose replacement is string literals only
     * ({@code #define COLI_PREFIX "vecops_"}), or null.
     */
    private String stringMacro(String name) {
        MacroDefinition d = definition(name);
        if (d == null || d.functionLike() || d.replacement() == null || d.replacement().isEmpty()
                || definitions(name).size() != 1) {
            return null;
        }
        StringBuilder sb = new StringBuilder();
        for (PpToken t : d.replacement()) {
            String c = t.kind() == PpToken.Kind.STRING ? content(t.text()) : null;
            if (c == null) {
                return null;
            }
            sb.append(c);
        }
        return sb.toString();
    }

    /** Where the prefix text of the last answer found was spelled (a source offset), or -1. */
    private int lastOrigin = -1;

    /**
     * The source offset of the string literal (or of the {@code #define} of the string macro) that
     * spells the prefix {@code macro} prepends to its first parameter, or -1 when it prepends none.
     */
    int prefixOrigin(String macro) {
        lastOrigin = -1;
        answers.clear();  // recompute to record the origin
        String p = prefix(macro, 0);
        return p == null ? -1 : lastOrigin;
    }

    /** The characters of a plain string literal ({@code "..."} or {@code u8"..."}, no escapes), or null. */
    private static String content(String literal) {
        String s = literal.startsWith("u8") ? literal.substring(2) : literal;
        if (s.length() < 2 || s.charAt(0) != '"' || s.charAt(s.length() - 1) != '"' || s.indexOf('\\') >= 0) {
            return null;
        }
        return s.substring(1, s.length() - 1);
    }
}
