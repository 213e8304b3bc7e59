package dev.hipdll.contract;

import java.util.List;

/**
 * A {@code #define} (C11 6.10.3) read in a processed group of a loader source.
 *
 * @param name        the macro name
 * @param parameters  the parameter names of a function-like macro ({@code __VA_ARGS__} for
 *                    {@code ...}), or null for an object-like one
 * @param variadic    whether the parameter list ends with {@code ...}
 * @param replacement the replacement list, or null when it was longer than a reader keeps
 * @param offset      the physical offset of the {@code #} that starts the directive
 */
record MacroDefinition(String name, List<String> parameters, boolean variadic, List<PpToken> replacement,
                       int offset) {
    MacroDefinition {
        parameters = parameters == null ? null : List.copyOf(parameters);
        replacement = replacement == null ? null : List.copyOf(replacement);
    }

    /** Whether it is a function-like macro. */
    boolean functionLike() {
        return parameters != null;
    }

    /**
     * Reads a {@code #define} directive from its tokens after {@code #} (the first is {@code define}),
     * or returns null when it names no macro (the compiler would reject it; nothing to learn here).
     * A function-like macro is one whose name is followed by {@code (} with no white space between.
     *
     * @param truncated whether {@code d} was cut short (then the replacement list is not kept)
     */
    static MacroDefinition of(List<PpToken> d, int offset, boolean truncated) {
        if (d.size() < 2 || d.get(1).kind() != PpToken.Kind.IDENTIFIER) {
            return null;
        }
        String name = d.get(1).text();
        if (d.size() < 3 || !d.get(2).is("(") || d.get(2).spaceBefore()) {
            return new MacroDefinition(name, null, false, truncated ? null : d.subList(2, d.size()), offset);
        }
        java.util.ArrayList<String> params = new java.util.ArrayList<>();
        boolean variadic = false;
        int i = 3;
        while (i < d.size() && !d.get(i).is(")")) {
            PpToken t = d.get(i);
            if (t.is("...")) {
                params.add("__VA_ARGS__");
                variadic = true;
            } else if (t.kind() == PpToken.Kind.IDENTIFIER) {
                params.add(t.text());
                if (i + 1 < d.size() && d.get(i + 1).is("...")) { // GNU named variadic: name...
                    variadic = true;
                    i++;
                }
            } else if (!t.is(",")) {
                return null; // not a parameter list the compiler accepts
            }
            i++;
        }
        if (i >= d.size()) {
            return null;
        }
        return new MacroDefinition(name, params, variadic, truncated ? null : d.subList(i + 1, d.size()), offset);
    }
}
