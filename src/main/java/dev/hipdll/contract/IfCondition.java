package dev.hipdll.contract;

import java.util.List;

/**
 * The value of an {@code #if} or {@code #elif} controlling expression (C11 6.10.1) as far as it is
 * known without the compiler's command line: integer constants ({@code 0}, {@code 1}, {@code 0x0},
 * {@code 0L}), parentheses, {@code !}, {@code &&} and {@code ||}, in three-valued logic. An
 * identifier (a macro that {@code -D} may define) and {@code defined X} are {@link #UNKNOWN};
 * so is any expression with another operator. So {@code #if 0}, {@code #if (0)} and
 * {@code #if 0 && defined(X)} are false, {@code #if 1} and {@code #if 1 || X} true,
 * {@code #if X} and {@code #ifdef X} unknown.
 */
enum IfCondition {
    /** The group is skipped. */
    FALSE,
    /** The group is processed and every later branch of its conditional skipped. */
    TRUE,
    /** Depends on macros: the group may be processed. */
    UNKNOWN;

    /** The value of {@code tokens}, the controlling expression (no new-line token). */
    static IfCondition of(List<PpToken> tokens) {
        Parser p = new Parser(tokens);
        IfCondition v = p.or();
        return v == null || p.i != tokens.size() ? UNKNOWN : v;
    }

    IfCondition not() {
        return this == TRUE ? FALSE : this == FALSE ? TRUE : UNKNOWN;
    }

    private static final class Parser {
        private static final int MAX_DEPTH = 256;
        private final List<PpToken> t;
        private int i;
        private int depth;

        Parser(List<PpToken> t) {
            this.t = t;
        }

        IfCondition or() {
            IfCondition v = and();
            while (v != null && i < t.size() && t.get(i).is("||")) {
                i++;
                IfCondition w = and();
                if (w == null) {
                    return null;
                }
                v = v == TRUE || w == TRUE ? TRUE : v == FALSE && w == FALSE ? FALSE : UNKNOWN;
            }
            return v;
        }

        IfCondition and() {
            IfCondition v = unary();
            while (v != null && i < t.size() && t.get(i).is("&&")) {
                i++;
                IfCondition w = unary();
                if (w == null) {
                    return null;
                }
                v = v == FALSE || w == FALSE ? FALSE : v == TRUE && w == TRUE ? TRUE : UNKNOWN;
            }
            return v;
        }

        IfCondition unary() {
            if (++depth > MAX_DEPTH) {
                return null; // deeper than any real condition: unknown, and no stack overflow
            }
            try {
                if (i < t.size() && t.get(i).is("!")) {
                    i++;
                    IfCondition v = unary();
                    return v == null ? null : v.not();
                }
                return primary();
            } finally {
                depth--;
            }
        }

        IfCondition primary() {
            if (i >= t.size()) {
                return null;
            }
            PpToken k = t.get(i++);
            if (k.is("(")) {
                IfCondition v = or();
                if (v == null || i >= t.size() || !t.get(i).is(")")) {
                    return null;
                }
                i++;
                return v;
            }
            if (k.isIdentifier("defined")) {
                boolean paren = i < t.size() && t.get(i).is("(");
                if (paren) {
                    i++;
                }
                if (i >= t.size() || t.get(i).kind() != PpToken.Kind.IDENTIFIER) {
                    return null;
                }
                i++;
                if (paren) {
                    if (i >= t.size() || !t.get(i).is(")")) {
                        return null;
                    }
                    i++;
                }
                return UNKNOWN;
            }
            if (k.kind() == PpToken.Kind.IDENTIFIER) {
                return UNKNOWN;
            }
            if (k.kind() == PpToken.Kind.NUMBER) {
                Boolean zero = zero(k.text());
                return zero == null ? null : zero ? FALSE : TRUE;
            }
            return null;
        }
    }

    /**
     * Whether an integer constant (C11 6.4.4.1; digit separators and suffixes allowed) is zero,
     * or null when {@code spelling} is not one. Only zero-ness is computed, so a 1 MiB constant costs
     * no more than a scan.
     */
    static Boolean zero(String spelling) {
        String s = spelling.replace("'", "").replaceFirst("(?i)(u|ul|ull|l|lu|ll|llu|wb|uwb)$", "");
        String digits;
        if (s.matches("(?i)0x[0-9a-f]+")) {
            digits = s.substring(2);
        } else if (s.matches("(?i)0b[01]+")) {
            digits = s.substring(2);
        } else if (s.matches("[0-9]+") && (s.charAt(0) != '0' || s.matches("0[0-7]*"))) {
            digits = s;
        } else {
            return null;
        }
        return digits.chars().allMatch(c -> c == '0');
    }
}
