package dev.hipdll.diagnosis;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The directories whose headers are not the user's ({@link HeaderOrigin}) and the steps' working directory, against
 * which a file a compiler names in a diagnostic is placed. A file is compared as text after normalising: {@code \}
 * as {@code /}, {@code .} and {@code ..} segments resolved, a relative name taken relative to the working directory,
 * and letters compared without case where the directory is a Windows path ({@code C:/...}); the longest matching
 * directory wins (an SDK component inside the SDK root).
 *
 * @param origins    the directories, in any order
 * @param workingDir the directory relative file names are relative to (absolute)
 */
public record HeaderOrigins(List<HeaderOrigin> origins, Path workingDir) {
    /** No origins: every location is the user's. */
    public static final HeaderOrigins NONE = new HeaderOrigins(List.of(), Path.of("/").toAbsolutePath());

    /** Copies the list; sorts it by directory length, longest first. */
    public HeaderOrigins {
        List<HeaderOrigin> sorted = new ArrayList<>(origins);
        sorted.sort((a, b) -> Integer.compare(b.root().toString().length(), a.root().toString().length()));
        origins = List.copyOf(sorted);
        if (!workingDir.isAbsolute()) {
            throw new IllegalArgumentException("the working directory is absolute: " + workingDir);
        }
    }

    /**
     * The origin a file lies under.
     *
     * @param file a file as a compiler printed it (relative to {@link #workingDir()}, or absolute in either
     *             separator)
     * @return the origin, or empty when it is the user's (or of no known origin)
     */
    public Optional<HeaderOrigin> of(String file) {
        String f = normal(absolute(file));
        for (HeaderOrigin o : origins) {
            String root = normal(o.root().toString());
            boolean windows = root.length() > 1 && root.charAt(1) == ':';
            String a = windows ? f.toLowerCase(Locale.ROOT) : f;
            String r = windows ? root.toLowerCase(Locale.ROOT) : root;
            if (a.equals(r) || a.startsWith(r.endsWith("/") ? r : r + "/")) {
                return Optional.of(o);
            }
        }
        return Optional.empty();
    }

    private String absolute(String file) {
        String f = file.replace('\\', '/');
        boolean abs = f.startsWith("/") || (f.length() > 2 && f.charAt(1) == ':' && f.charAt(2) == '/');
        return abs ? f : workingDir.toString().replace('\\', '/') + "/" + f;
    }

    /** {@code /} separators, no {@code .} or {@code ..} segments, no doubled or trailing separator. */
    static String normal(String path) {
        String p = path.replace('\\', '/');
        String prefix = p.startsWith("//") ? "//" : p.startsWith("/") ? "/" : "";
        Deque<String> parts = new ArrayDeque<>();
        for (String s : p.substring(prefix.length()).split("/")) {
            if (s.isEmpty() || s.equals(".")) {
                continue;
            }
            if (s.equals("..") && !parts.isEmpty() && !parts.peekLast().endsWith(":")) {
                parts.removeLast();
            } else if (!s.equals("..")) {
                parts.addLast(s);
            }
        }
        return prefix + String.join("/", parts);
    }
}
