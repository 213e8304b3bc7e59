package dev.hipdll.verify;

import java.util.regex.Pattern;

/**
 * One {@code hip.allowedPaths} glob: {@code **} any characters, {@code *} any characters but a
 * separator, {@code ?} one character but a separator; {@code /} and {@code \} are the same
 * separator and letters match in any case (Windows paths are case-insensitive). A glob must match
 * the whole path found, e.g. {@code /usr/lib/llvm-*&#47;**} matches
 * {@code /usr/lib/llvm-19/lib/clang/19/include}.
 *
 * @param glob the glob as given
 */
record PathGlob(String glob, Pattern pattern) {
    PathGlob(String glob) {
        this(glob.strip(), compile(glob.strip()));
    }

    boolean matches(String path) {
        return pattern.matcher(path.replace('\\', '/')).matches();
    }

    private static Pattern compile(String glob) {
        StringBuilder re = new StringBuilder();
        String g = glob.replace('\\', '/');
        for (int i = 0; i < g.length(); i++) {
            char c = g.charAt(i);
            if (c == '*' && i + 1 < g.length() && g.charAt(i + 1) == '*') {
                re.append(".*");
                i++;
            } else if (c == '*') {
                re.append("[^/]*");
            } else if (c == '?') {
                re.append("[^/]");
            } else {
                re.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return Pattern.compile(re.toString(), Pattern.CASE_INSENSITIVE);
    }
}
