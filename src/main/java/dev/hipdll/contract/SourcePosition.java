package dev.hipdll.contract;

/**
 * A line and column in a text file as an editor shows them, both counted from 1: lines end at
 * CR LF, LF or a lone CR; columns count UTF-16 characters, a tab as one.
 *
 * @param line   the line, from 1
 * @param column the column, from 1
 */
record SourcePosition(int line, int column) {

    /** The position of the character at {@code offset} in {@code text} (the end of the text is allowed). */
    static SourcePosition of(CharSequence text, int offset) {
        int line = 1;
        int lineStart = 0;
        int end = Math.min(offset, text.length());
        for (int i = 0; i < end; i++) {
            char c = text.charAt(i);
            if (c == '\n' || c == '\r' && (i + 1 >= text.length() || text.charAt(i + 1) != '\n')) {
                line++;
                lineStart = i + 1;
            }
        }
        return new SourcePosition(line, end - lineStart + 1);
    }

    /** {@code source:line:column}, the prefix of a compiler-style message. */
    String in(String source) {
        return source + ":" + line + ":" + column;
    }

    @Override
    public String toString() {
        return line + ":" + column;
    }
}
