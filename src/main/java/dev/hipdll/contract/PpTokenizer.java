package dev.hipdll.contract;

import dev.hipdll.contract.PpToken.Kind;

/**
 * Translation phase 3 (C11 5.1.1.2 p1.3, 6.4): decomposes {@link SourceText} into preprocessing
 * tokens and white space, each comment replaced by one space. A new-line inside a block comment
 * does not end the logical line (so {@code #define} continues past it); one inside a {@code //}
 * comment does. Character constants and string literals are whole tokens, so a {@code '('} or a
 * {@code "RESOLVE(x, t)"} is never a parenthesis or a macro name.
 *
 * <p>Accepted beyond C11, as clang does: {@code $} in identifiers, any Unicode letter in
 * identifiers, digit separators ({@code 1'000}, C23) in pp-numbers, {@code u8'x'} (C23). A literal
 * whose closing quote is missing ends at the end of its logical line, marked
 * {@link PpToken#unterminated()} (legal prose in a skipped {@code #if 0} group, an error elsewhere).
 * An unterminated block comment is an error (C11 6.4.9: the comment must end before the file).
 */
final class PpTokenizer {
    private static final String[] PUNCTUATORS = {
        "%:%:", "...", "<<=", ">>=", "##", "%:", "<:", ":>", "<%", "%>", "&&", "||", "==", "!=", "<=", ">=",
        "<<", ">>", "->", "++", "--", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=",
    };

    private final SourceText src;
    private final String source;
    private int pos;
    private boolean lineStart = true;

    /** @param source names the file in messages */
    PpTokenizer(SourceText src, String source) {
        this.src = src;
        this.source = source;
        this.pos = src.first();
    }

    /**
     * The next token: {@link Kind#NEWLINE} at the end of each logical line, {@link Kind#EOF} (again
     * and again) at the end of the file.
     *
     * @throws ContractException at a block comment that does not end before the end of the file
     */
    PpToken next() throws ContractException {
        boolean space = false;
        while (true) {
            int c = src.at(pos);
            if (c == ' ' || c == '\t' || c == '\f' || c == 0x0B) {
                space = true;
                pos = src.next(pos);
            } else if (c == '/' && src.peek(pos, 1) == '/') {
                while (src.at(pos) != '\n' && src.at(pos) != SourceText.EOF) {
                    pos = src.next(pos);
                }
                space = true;
            } else if (c == '/' && src.peek(pos, 1) == '*') {
                int open = pos;
                pos = src.next(src.next(pos));
                while (!(src.at(pos) == '*' && src.peek(pos, 1) == '/')) {
                    if (src.at(pos) == SourceText.EOF) {
                        throw new ContractException(src.position(open).in(source)
                                + ": unterminated /* comment; expected */ before the end of the file");
                    }
                    pos = src.next(pos);
                }
                pos = src.next(src.next(pos));
                space = true;
            } else {
                break;
            }
        }
        int start = pos;
        int c = src.at(pos);
        if (c == SourceText.EOF) {
            return new PpToken(Kind.EOF, "", start, space, lineStart, false);
        }
        boolean first = lineStart;
        lineStart = false;
        if (c == '\n') {
            pos = src.next(pos);
            lineStart = true;
            return new PpToken(Kind.NEWLINE, "\n", start, space, first, false);
        }
        if (identifierStart(c)) {
            while (identifierPart(src.at(pos))) {
                pos = src.next(pos);
            }
            String id = src.logical(start, pos);
            int q = src.at(pos);
            if ((q == '"' || q == '\'') && (id.equals("L") || id.equals("u") || id.equals("U") || id.equals("u8"))) {
                return literal(start, q, space, first);
            }
            return new PpToken(Kind.IDENTIFIER, id, start, space, first, false);
        }
        if (isDigit(c) || c == '.' && isDigit(src.peek(pos, 1))) {
            pos = src.next(pos);
            while (true) {
                int d = src.at(pos);
                int e = src.peek(pos, 1);
                if ((d == 'e' || d == 'E' || d == 'p' || d == 'P') && (e == '+' || e == '-')) {
                    pos = src.next(src.next(pos));
                } else if (d == '\'' && (isDigit(e) || identifierStart(e))) {
                    pos = src.next(pos);
                } else if (isDigit(d) || identifierStart(d) || d == '.') {
                    pos = src.next(pos);
                } else {
                    break;
                }
            }
            return new PpToken(Kind.NUMBER, src.logical(start, pos), start, space, first, false);
        }
        if (c == '"' || c == '\'') {
            return literal(start, c, space, first);
        }
        for (String p : PUNCTUATORS) {
            if (matches(p)) {
                return new PpToken(Kind.PUNCTUATOR, digraph(p), start, space, first, false);
            }
        }
        pos = src.next(pos);
        boolean punctuator = c < 0x80 && "[](){}.&*+-~!/%<>^|?:;=,#".indexOf(c) >= 0;
        return new PpToken(punctuator ? Kind.PUNCTUATOR : Kind.OTHER, String.valueOf((char) c), start, space, first,
                false);
    }

    private PpToken literal(int start, int quote, boolean space, boolean first) {
        while (src.at(pos) != quote) {
            pos = src.next(pos);
        }
        pos = src.next(pos); // the opening quote
        boolean closed = false;
        while (true) {
            int c = src.at(pos);
            if (c == SourceText.EOF || c == '\n') {
                break;
            }
            pos = src.next(pos);
            if (c == quote) {
                closed = true;
                break;
            }
            if (c == '\\' && src.at(pos) != '\n' && src.at(pos) != SourceText.EOF) {
                pos = src.next(pos);
            }
        }
        return new PpToken(quote == '"' ? Kind.STRING : Kind.CHARACTER, src.logical(start, pos), start, space, first,
                !closed);
    }

    private boolean matches(String p) {
        int j = pos;
        for (int k = 0; k < p.length(); k++) {
            if (src.at(j) != p.charAt(k)) {
                return false;
            }
            j = src.next(j);
        }
        pos = j;
        return true;
    }

    private static String digraph(String p) {
        return switch (p) {
            case "%:%:" -> "##";
            case "%:" -> "#";
            case "<:" -> "[";
            case ":>" -> "]";
            case "<%" -> "{";
            case "%>" -> "}";
            default -> p;
        };
    }

    private static boolean isDigit(int c) {
        return c >= '0' && c <= '9';
    }

    static boolean identifierStart(int c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '$'
                || c >= 0x80 && c != 0xFFFD && Character.isLetter(c);
    }

    static boolean identifierPart(int c) {
        return identifierStart(c) || isDigit(c)
                || c >= 0x80 && c != 0xFFFD && Character.isUnicodeIdentifierPart(c) && !Character.isIdentifierIgnorable(c);
    }
}
