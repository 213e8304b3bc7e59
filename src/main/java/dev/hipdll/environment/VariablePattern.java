package dev.hipdll.environment;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * A variable name or a name pattern with {@code *} wildcards ({@code HIP_PATH_*}, {@code HIPCC_*}),
 * as used by the scrub list, {@code scrubVariables} and {@code keepVariables}. Matching is
 * case-insensitive when asked to (Windows) and exact otherwise.
 *
 * @param text the name or pattern as written
 */
public record VariablePattern(String text) {
    private static final Pattern VALID = Pattern.compile("[A-Za-z_][A-Za-z0-9_().*{}-]*|\\*[A-Za-z0-9_().*{}-]*");

    /**
     * Creates a pattern.
     *
     * @throws IllegalArgumentException when {@code text} is empty or not a variable name (letters,
     *                                  digits, {@code _ ( ) . { } -}) with optional {@code *}
     */
    public VariablePattern {
        if (text == null || !VALID.matcher(text).matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a variable name or name pattern"
                    + " (letters, digits and _ with optional * wildcards, e.g. HIPCC_*)");
        }
    }

    /** Whether {@code name} matches, comparing case-insensitively when {@code ignoreCase}. */
    public boolean matches(String name, boolean ignoreCase) {
        String p = ignoreCase ? text.toUpperCase(Locale.ROOT) : text;
        String n = ignoreCase ? name.toUpperCase(Locale.ROOT) : name;
        if (!p.contains("*")) {
            return p.equals(n);
        }
        String regex = String.join(".*", java.util.Arrays.stream(p.split("\\*", -1)).map(Pattern::quote).toList());
        return n.matches(regex);
    }

    @Override
    public String toString() {
        return text;
    }
}
