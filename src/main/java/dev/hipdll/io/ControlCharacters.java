package dev.hipdll.io;

/**
 * Control characters in names that reach the log: a line feed or carriage return in a file name would
 * start a new log line with whatever follows it, e.g. a GitHub Actions workflow command ({@code ::error
 * ...}, which the runner obeys only at the start of a line; "Workflow commands for GitHub Actions"), and
 * other controls (ESC sequences, backspace) can rewrite what a terminal shows. A control character here
 * is one of Unicode category Cc ({@link Character#isISOControl}: C0 U+0000..U+001F, DEL U+007F, C1
 * U+0080..U+009F, NEL among them) or the line and paragraph separators U+2028 and U+2029.
 */
public final class ControlCharacters {
    private ControlCharacters() {
    }

    /** Whether {@code c} is a control character as the class comment defines it. */
    public static boolean is(int c) {
        return Character.isISOControl(c) || c == 0x2028 || c == 0x2029;
    }

    /** The index of the first control character in {@code s}, or -1. */
    public static int first(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (is(s.charAt(i))) {
                return i;
            }
        }
        return -1;
    }

    /**
     * {@code s} with every control character written as a C escape: {@code \n}, {@code \r}, {@code \t},
     * else {@code \xNN} (up to U+00FF) or <code>&#92;uNNNN</code>; other characters, backslashes included, as they
     * are. E.g. a name with a line feed between {@code a} and {@code b.cu} gives {@code a\nb.cu}.
     */
    public static String escape(String s) {
        if (first(s) < 0) {
            return s;
        }
        StringBuilder sb = new StringBuilder(s.length() + 8);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!is(c)) {
                sb.append(c);
            } else if (c == '\n') {
                sb.append("\\n");
            } else if (c == '\r') {
                sb.append("\\r");
            } else if (c == '\t') {
                sb.append("\\t");
            } else if (c <= 0xff) {
                sb.append(String.format("\\x%02x", (int) c));
            } else {
                sb.append(String.format("\\u%04x", (int) c));
            }
        }
        return sb.toString();
    }
}
