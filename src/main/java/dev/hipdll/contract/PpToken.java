package dev.hipdll.contract;

/**
 * One preprocessing token (C11 6.4) of a loader source, or the end of a logical line.
 *
 * @param kind         what it is
 * @param text         its spelling after phases 1 and 2 (splices removed); digraphs as their
 *                     punctuator ({@code %:} as {@code #}); a literal with its quotes and any
 *                     encoding prefix
 * @param start        the physical offset of its first character
 * @param spaceBefore  whether white space or a comment precedes it on its logical line
 * @param lineStart    whether it is the first token of its logical line (a {@code #} there
 *                     starts a directive)
 * @param unterminated for a literal: its closing quote is missing on its logical line
 */
record PpToken(Kind kind, String text, int start, boolean spaceBefore, boolean lineStart, boolean unterminated) {

    /** The kinds of preprocessing token, plus the two markers a reader needs. */
    enum Kind {
        /** An identifier, keywords and macro names included. */
        IDENTIFIER,
        /** A pp-number. */
        NUMBER,
        /** A character constant such as {@code '('}. */
        CHARACTER,
        /** A string literal. */
        STRING,
        /** A punctuator. */
        PUNCTUATOR,
        /** Any other non-white-space character (C11 6.4 p3). */
        OTHER,
        /** The end of a logical line (it ends a directive). */
        NEWLINE,
        /** The end of the file. */
        EOF
    }

    /** Whether this is the punctuator {@code p}. */
    boolean is(String p) {
        return kind == Kind.PUNCTUATOR && text.equals(p);
    }

    /** Whether this is the identifier {@code name}. */
    boolean isIdentifier(String name) {
        return kind == Kind.IDENTIFIER && text.equals(name);
    }
}
