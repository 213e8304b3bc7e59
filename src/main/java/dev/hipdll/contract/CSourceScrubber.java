package dev.hipdll.contract;

/**
 * Blanks out what a contract reader must not see in C source: comments, string and character
 * literals, and lines inside {@code #if 0} blocks. Line structure is kept (every newline
 * survives), so line numbers in messages stay right.
 */
final class CSourceScrubber {
    private CSourceScrubber() {
    }

    /**
     * The scrubbed text; a leading UTF-8 byte order mark (as Windows editors write) is dropped first,
     * so that a first line such as {@code #define RESOLVE(n, t) ...} is still seen as a directive.
     */
    static String scrub(String text) {
        String t = text.startsWith("\uFEFF") ? text.substring(1) : text;
        return dropIfZero(dropCommentsAndLiterals(t.replace("\r\n", "\n")));
    }

    private static String dropCommentsAndLiterals(String s) {
        StringBuilder out = new StringBuilder(s.length());
        int i = 0;
        int n = s.length();
        while (i < n) {
            char c = s.charAt(i);
            if (c == '/' && i + 1 < n && s.charAt(i + 1) == '/') {
                while (i < n && s.charAt(i) != '\n') {
                    // a backslash-newline continues a line comment
                    if (s.charAt(i) == '\\' && i + 1 < n && s.charAt(i + 1) == '\n') {
                        out.append('\n');
                        i += 2;
                        continue;
                    }
                    i++;
                }
            } else if (c == '/' && i + 1 < n && s.charAt(i + 1) == '*') {
                i += 2;
                out.append(' ');
                while (i < n && !(s.charAt(i) == '*' && i + 1 < n && s.charAt(i + 1) == '/')) {
                    if (s.charAt(i) == '\n') {
                        out.append('\n');
                    }
                    i++;
                }
                i += 2;
            } else if (c == '"' || c == '\'') {
                out.append(' ');
                i++;
                while (i < n && s.charAt(i) != c && s.charAt(i) != '\n') {
                    if (s.charAt(i) == '\\' && i + 1 < n) {
                        if (s.charAt(i + 1) == '\n') {
                            out.append('\n');
                        }
                        i++;
                    }
                    i++;
                }
                i++;
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }

    private static String dropIfZero(String s) {
        String[] lines = s.split("\n", -1);
        StringBuilder out = new StringBuilder(s.length());
        int depth = 0;      // nesting of conditionals inside a dead #if 0 block
        boolean dead = false;
        for (int i = 0; i < lines.length; i++) {
            String t = lines[i].strip();
            String directive = t.startsWith("#") ? t.substring(1).strip() : "";
            if (!dead && directive.matches("if\\s+0\\b.*|if\\s+0")) {
                dead = true;
                depth = 0;
                out.append('\n');
                continue;
            }
            if (dead) {
                if (directive.startsWith("if")) {
                    depth++;
                } else if (directive.startsWith("endif")) {
                    if (depth == 0) {
                        dead = false;
                    } else {
                        depth--;
                    }
                } else if (depth == 0 && (directive.startsWith("else") || directive.startsWith("elif"))) {
                    dead = false;
                }
                if (i < lines.length - 1) {
                    out.append('\n');
                }
                continue;
            }
            out.append(lines[i]);
            if (i < lines.length - 1) {
                out.append('\n');
            }
        }
        return out.toString();
    }
}
