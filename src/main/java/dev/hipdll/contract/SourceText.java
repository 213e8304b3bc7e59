package dev.hipdll.contract;

/**
 * C source text seen through translation phases 1 and 2 (C11 5.1.1.2 p1): each end-of-line
 * indicator, CR LF (Windows), LF (POSIX) or a lone CR (classic Mac OS), reads as one new-line
 * character; and each backslash immediately followed by a new-line is deleted, splicing physical
 * source lines into logical ones, also inside identifiers, literals and {@code //} comments.
 *
 * <p>Like clang (which warns "backslash and newline separated by space"), a backslash followed only
 * by spaces or tabs before the new-line also splices. Trigraphs ({@code ??/}, {@code ??=}) are not
 * replaced, as clang, gcc and MSVC do by default and C23 removed them.
 *
 * <p>Nothing is copied: a logical character is addressed by the offset of its first physical
 * character, so every token keeps the physical offset an editor's line and column come from.
 */
final class SourceText {
    /** Returned by {@link #at} at the end of the text. */
    static final int EOF = -1;

    private final String text;

    /** @param text the decoded file, byte order mark already dropped */
    SourceText(String text) {
        this.text = text;
    }

    /** The offset of the first logical character: {@link #skip}{@code (0)}. */
    int first() {
        return skip(0);
    }

    /**
     * The logical character at physical offset {@code i} (an offset {@link #skip} returned):
     * {@code '\n'} for any end-of-line indicator, {@link #EOF} at the end.
     */
    int at(int i) {
        if (i >= text.length()) {
            return EOF;
        }
        char c = text.charAt(i);
        return c == '\r' ? '\n' : c;
    }

    /** The physical offset of the logical character after the one at {@code i}. */
    int next(int i) {
        if (i >= text.length()) {
            return text.length();
        }
        return skip(i + width(i));
    }

    /** The logical character {@code k} characters after the one at {@code i}. */
    int peek(int i, int k) {
        int j = i;
        for (int n = 0; n < k; n++) {
            j = next(j);
        }
        return at(j);
    }

    /**
     * Phase 2: from physical offset {@code i}, skips every line splice (a backslash, optional spaces
     * or tabs, an end-of-line indicator) and returns the offset of the next logical character.
     */
    int skip(int i) {
        int j = i;
        while (j < text.length() && text.charAt(j) == '\\') {
            int k = j + 1;
            while (k < text.length() && (text.charAt(k) == ' ' || text.charAt(k) == '\t')) {
                k++;
            }
            if (k < text.length() && (text.charAt(k) == '\n' || text.charAt(k) == '\r')) {
                j = k + width(k);
            } else {
                break;
            }
        }
        return j;
    }

    /** The logical text of the physical range [{@code start}, {@code end}): splices removed, new-lines as LF. */
    String logical(int start, int end) {
        boolean plain = true;
        for (int i = start; i < end && plain; i++) {
            char c = text.charAt(i);
            plain = c != '\\' && c != '\r';
        }
        if (plain) {
            return text.substring(start, end); // no splice, no CR: the physical text is the logical one
        }
        StringBuilder s = new StringBuilder(end - start);
        for (int i = start; i < end; i = next(i)) {
            s.append((char) at(i));
        }
        return s.toString();
    }

    /** The line and column of physical offset {@code i}. */
    SourcePosition position(int i) {
        return SourcePosition.of(text, i);
    }

    private int width(int i) {
        return text.charAt(i) == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n' ? 2 : 1;
    }
}
