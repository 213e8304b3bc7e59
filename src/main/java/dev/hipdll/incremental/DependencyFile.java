package dev.hipdll.incremental;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads the Make-style dependency file clang writes for {@code -MD -MF <file>}: one or more rules
 * {@code target: prerequisite ...}, continued over lines with a trailing backslash, spaces in
 * names escaped as {@code \ }, {@code $$} for {@code $}. Windows paths keep their backslashes
 * ({@code C:\Program\ Files\AMD\ROCm\6.4\include\hip\hip_runtime.h}). The format is GNU Make's
 * as clang's {@code DependencyFileGenerator} writes it. Off Windows clang writes a {@code \} in a file name
 * as {@code /}; {@link #read} finds the file it means ({@link #backslashesRestored}).
 */
public final class DependencyFile {
    private DependencyFile() {
    }

    /**
     * The prerequisites of every rule in {@code file}, in first-seen order, without duplicates,
     * each resolved against {@code workingDir} (clang writes them as given on its command line).
     *
     * @throws IOException when the file cannot be read
     */
    public static List<Path> read(Path file, Path workingDir) throws IOException {
        List<Path> out = new ArrayList<>();
        for (String s : parse(Files.readString(file, StandardCharsets.UTF_8))) {
            out.add(backslashesRestored(workingDir.resolve(s).toAbsolutePath().normalize()));
        }
        return out;
    }

    /** How many names {@link #backslashesRestored} may try for one path. */
    private static final int MAX_TRIES = 256;

    /**
     * {@code p} as it is on disk when clang wrote a {@code \} of its name as {@code /}: on a file system whose
     * separator is {@code /}, clang's dependency file writes each name through {@code
     * llvm::sys::path::native}, which turns a single {@code \} into {@code /} (a source {@code back\slash.cu}
     * is listed as {@code back/slash.cu}, a file that does not exist, so its steps could never be recorded nor
     * the DLL stamped). When {@code p} exists, or the separator is {@code \} (Windows), it is
     * returned as it is; otherwise the first existing file whose name, with {@code \} read as {@code /}, is
     * {@code p} (each {@code /} tried as a separator first, then as a {@code \} in a name; at most
     * {@value #MAX_TRIES} names tried), else {@code p}.
     */
    static Path backslashesRestored(Path p) {
        if (!"/".equals(p.getFileSystem().getSeparator()) || Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
            return p;
        }
        String s = p.toString();
        if (!s.startsWith("/") || s.length() < 2) {
            return p;
        }
        Path found = search(p.getRoot(), s.substring(1).split("/"), 0, new int[] {MAX_TRIES});
        return found == null ? p : found;
    }

    /** The first existing file under {@code dir} that {@code names[from..]} spell with {@code /} or {@code \} between them. */
    private static Path search(Path dir, String[] names, int from, int[] tries) {
        StringBuilder name = new StringBuilder();
        for (int to = from; to < names.length; to++) {
            if (to > from) {
                name.append('\\');
            }
            name.append(names[to]);
            if (--tries[0] < 0) {
                return null;
            }
            Path c = dir.resolve(name.toString());
            if (to == names.length - 1) {
                return Files.exists(c, LinkOption.NOFOLLOW_LINKS) ? c : null;
            }
            if (Files.isDirectory(c)) {
                Path r = search(c, names, to + 1, tries);
                if (r != null) {
                    return r;
                }
            }
        }
        return null;
    }

    /** The prerequisite names of every rule in {@code text}, in first-seen order, without duplicates. */
    public static List<String> parse(String text) {
        Set<String> result = new LinkedHashSet<>();
        String joined = text.replace("\r\n", "\n").replaceAll("\\\\\n", " ");
        for (String line : joined.split("\n")) {
            List<String> words = words(line);
            int colon = -1;
            for (int i = 0; i < words.size(); i++) {
                if (words.get(i).endsWith(":")) {
                    colon = i;
                    break;
                }
            }
            if (colon < 0) {
                continue;
            }
            for (int i = colon + 1; i < words.size(); i++) {
                result.add(words.get(i));
            }
        }
        return new ArrayList<>(result);
    }

    /**
     * Splits a rule line on unescaped blanks; a ':' followed by a blank or the line's end ends a
     * target and stays on its word (so a drive letter's colon, {@code C:\x}, is part of a path).
     */
    private static List<String> words(String line) {
        List<String> words = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '\\' && i + 1 < line.length() && (line.charAt(i + 1) == ' ' || line.charAt(i + 1) == '#')) {
                cur.append(line.charAt(++i));
            } else if (c == '$' && i + 1 < line.length() && line.charAt(i + 1) == '$') {
                cur.append('$');
                i++;
            } else if (c == ' ' || c == '\t') {
                flush(words, cur);
            } else if (c == ':' && (i + 1 == line.length() || line.charAt(i + 1) == ' ' || line.charAt(i + 1) == '\t')) {
                cur.append(':');
                flush(words, cur);
            } else {
                cur.append(c);
            }
        }
        flush(words, cur);
        return words;
    }

    private static void flush(List<String> words, StringBuilder cur) {
        if (cur.length() > 0) {
            words.add(cur.toString());
            cur.setLength(0);
        }
    }
}
