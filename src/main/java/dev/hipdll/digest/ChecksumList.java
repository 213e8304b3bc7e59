package dev.hipdll.digest;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.TreeSet;

/**
 * A list of SHA-256 digests as {@code sha256sum -c} reads it (GNU coreutils, {@code src/digest.c}:
 * {@code digest_check}, {@code split_3}, {@code bsd_split_3}, {@code filename_unescape}), asked for the
 * digest of one file: the line whose file name is that file's.
 *
 * <p>Lines, after a trailing {@code \n} and then {@code \r} are removed:
 * <ul>
 *   <li>a line starting with {@code #} is a comment, an empty line is skipped;</li>
 *   <li>leading spaces and tabs are skipped; a leading {@code \} means the file name is escaped
 *       ({@code \\}, {@code \n}, {@code \r}; any other escape makes the line improper);</li>
 *   <li>BSD and OpenSSL tagged format: {@code SHA256 (<name>) = <64 hex>} or {@code SHA256(<name>)= <64 hex>};
 *       the name runs to the last {@code )};</li>
 *   <li>GNU format: {@code <64 hex>} then a space or tab, then {@code ' '} (text) or {@code '*'} (binary),
 *       then the name, every character of it significant ({@code <hex>  name}, {@code <hex> *name});
 *       the "BSD reversed" form {@code <hex> name} (one separator) as {@code sha256sum -c} takes it, only in
 *       a list whose first digest line has that form (coreutils does not let the two mix);</li>
 *   <li>anything else is an improper line, which {@code sha256sum -c} skips with a warning, and so does
 *       {@link #digestFor}; it is named by its number only.</li>
 * </ul>
 * Hex digits compare case-insensitively, as coreutils' {@code hex_equal} does.
 *
 * <p>One extension, kept from the plugin's earlier reading: a list whose only non-comment line is a bare
 * digest (64 hex digits, nothing else) states that digest for whatever file it is asked about.
 *
 * <p>Nothing of the list that is not a digest is ever put into a message: a list given by mistake (a
 * key, a token file) must not end up in a CI log. Messages name the list, the file asked for, and line
 * numbers.
 */
public final class ChecksumList {
    /**
     * The largest list {@link #digestFor} reads, in bytes: one line of {@code sha256sum} output is 66 bytes
     * plus the file name; a list for many files still fits.
     */
    public static final long MAX_BYTES = 64 * 1024;

    private static final String EXPECTED = "expected a list in sha256sum format ('<64 hex digits>  <file name>' or"
            + " 'SHA256 (<file name>) = <64 hex digits>')";

    private ChecksumList() {
    }

    /** How one line of a list was read. */
    private record Line(int number, String digest, String name, boolean reversed) {
    }

    /**
     * The digest {@code list} states for a file named {@code fileName}: the digest of every line whose file
     * name is {@code fileName} or, taken relative to the list's directory (as {@code sha256sum -c} run there
     * would open it), is {@code file}. Every such line must state the same digest.
     *
     * @param list     the list ({@code SHA256SUMS}, {@code coli_hip.dll.sha256}, ...)
     * @param file     the file whose digest is wanted (only its name and location are used; it is not read)
     * @return the digest, 64 lower-case hex digits
     * @throws IOException              when the list cannot be read
     * @throws IllegalArgumentException when the list is larger than {@link #MAX_BYTES}, not UTF-8 text, has no
     *                                  line for the file, or states two different digests for it; the message
     *                                  names the list, the file and line numbers, never other content
     */
    public static String digestFor(Path list, Path file) throws IOException {
        String fileName = file.getFileName().toString();
        String text = readText(list);
        List<Line> lines = new ArrayList<>();
        List<Integer> improper = new ArrayList<>();
        String bare = null;
        int contentLines = 0;
        Boolean reversedList = null; // decided by the first digest line, as coreutils' bsd_reversed
        int number = 0;
        for (String raw : text.split("\n", -1)) {
            number++;
            String s = raw;
            if (number == 1 && s.startsWith("\uFEFF")) {
                s = s.substring(1);
            }
            if (s.endsWith("\r")) {
                s = s.substring(0, s.length() - 1);
            }
            if (s.isEmpty() || s.startsWith("#")) {
                continue;
            }
            contentLines++;
            if (s.strip().matches("[0-9A-Fa-f]{64}")) {
                bare = s.strip().toLowerCase(Locale.ROOT);
                improper.add(number);
                continue;
            }
            Optional<Line> line = parse(number, s, reversedList);
            if (line.isEmpty()) {
                improper.add(number);
                continue;
            }
            if (reversedList == null && line.get().digest() != null) {
                reversedList = line.get().reversed();
            }
            lines.add(line.get());
        }
        if (contentLines == 1 && bare != null) {
            return bare;
        }
        Path dir = list.toAbsolutePath().normalize().getParent();
        Path target = file.toAbsolutePath().normalize();
        List<Line> matching = lines.stream().filter(l -> names(l.name(), fileName, dir, target)).toList();
        if (matching.isEmpty()) {
            StringBuilder why = new StringBuilder(list + ": no line names " + fileName + " (" + lines.size()
                    + (lines.size() == 1 ? " sha256sum line names" : " sha256sum lines name") + " other files");
            if (!improper.isEmpty()) {
                why.append("; ").append(lineNumbers(improper))
                        .append(improper.size() == 1 ? " is not a sha256sum line" : " are not sha256sum lines");
            }
            why.append("); ").append(EXPECTED).append(" with a line for ").append(fileName);
            throw new IllegalArgumentException(why.toString());
        }
        TreeSet<String> digests = new TreeSet<>();
        matching.forEach(l -> digests.add(l.digest()));
        if (digests.size() > 1) {
            throw new IllegalArgumentException(list + ": " + lineNumbers(matching.stream().map(Line::number).toList())
                    + " name " + fileName + " with different digests; sha256sum -c would fail one of them");
        }
        return digests.first();
    }

    /** Whether a line's file name is the wanted file. */
    private static boolean names(String lineName, String fileName, Path dir, Path target) {
        if (lineName.equals(fileName)) {
            return true;
        }
        if (dir == null || lineName.isEmpty() || lineName.indexOf('\0') >= 0) {
            return false;
        }
        try {
            return dir.resolve(lineName).normalize().equals(target);
        } catch (InvalidPathException e) {
            return false;
        }
    }

    /** {@code line 3} or {@code lines 3, 5}. */
    private static String lineNumbers(List<Integer> numbers) {
        List<String> shown = numbers.stream().limit(10).map(String::valueOf).toList();
        return (numbers.size() == 1 ? "line " : "lines ") + String.join(", ", shown)
                + (numbers.size() > shown.size() ? " and " + (numbers.size() - shown.size()) + " more" : "");
    }

    /**
     * One line as {@code split_3} reads it, or empty when it is not a SHA-256 line.
     *
     * @param reversedList whether the list's first digest line was of the "BSD reversed" form; {@code null}
     *                     when no digest line came yet
     */
    private static Optional<Line> parse(int number, String s, Boolean reversedList) {
        int i = 0;
        while (i < s.length() && white(s.charAt(i))) {
            i++;
        }
        boolean escaped = false;
        if (i < s.length() && s.charAt(i) == '\\') {
            escaped = true;
            i++;
        }
        if (s.startsWith("SHA256", i)) {
            int j = i + "SHA256".length();
            if (j < s.length() && s.charAt(j) == ' ') {
                j++;
            }
            if (j < s.length() && s.charAt(j) == '(') {
                return tagged(number, s.substring(j + 1), escaped);
            }
        }
        if (s.length() - i < 64 + 2) {
            return Optional.empty();
        }
        int end = i;
        while (end < s.length() && !white(s.charAt(end))) {
            end++;
        }
        if (end == s.length()) {
            return Optional.empty();
        }
        String digest = s.substring(i, end);
        if (!digest.matches("[0-9A-Fa-f]{64}")) {
            return Optional.empty();
        }
        int k = end + 1;
        boolean reversed = s.length() - k == 1 || (s.charAt(k) != ' ' && s.charAt(k) != '*');
        if (reversed) {
            if (Boolean.FALSE.equals(reversedList)) {
                return Optional.empty();
            }
        } else if (!Boolean.TRUE.equals(reversedList)) {
            k++;
        }
        Optional<String> name = escaped ? unescape(s.substring(k)) : Optional.of(s.substring(k));
        return name.map(n -> new Line(number, digest.toLowerCase(Locale.ROOT), n, reversed));
    }

    /** The part after {@code SHA256 (}: {@code <name>) = <hex>}, as {@code bsd_split_3} reads it. */
    private static Optional<Line> tagged(int number, String s, boolean escaped) {
        int close = s.lastIndexOf(')');
        if (close < 0) {
            return Optional.empty();
        }
        Optional<String> name = escaped ? unescape(s.substring(0, close)) : Optional.of(s.substring(0, close));
        int i = close + 1;
        while (i < s.length() && white(s.charAt(i))) {
            i++;
        }
        if (i >= s.length() || s.charAt(i) != '=') {
            return Optional.empty();
        }
        i++;
        while (i < s.length() && white(s.charAt(i))) {
            i++;
        }
        String digest = s.substring(i);
        if (!digest.matches("[0-9A-Fa-f]{64}")) {
            return Optional.empty();
        }
        return name.map(n -> new Line(number, digest.toLowerCase(Locale.ROOT), n, false));
    }

    /** A file name of an escaped line ({@code \\}, {@code \n}, {@code \r}), or empty when it is not valid. */
    private static Optional<String> unescape(String s) {
        StringBuilder out = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\0') {
                return Optional.empty();
            }
            if (c != '\\') {
                out.append(c);
                continue;
            }
            if (++i == s.length()) {
                return Optional.empty();
            }
            switch (s.charAt(i)) {
                case 'n' -> out.append('\n');
                case 'r' -> out.append('\r');
                case '\\' -> out.append('\\');
                default -> {
                    return Optional.empty();
                }
            }
        }
        return Optional.of(out.toString());
    }

    private static boolean white(char c) {
        return c == ' ' || c == '\t';
    }

    /** The list as UTF-8 text, its size checked before it is read; a special file is never opened. */
    private static String readText(Path list) throws IOException {
        long size = Files.size(list);
        if (size > MAX_BYTES) {
            throw new IllegalArgumentException(list + ": " + size + " bytes; " + EXPECTED + " of at most "
                    + MAX_BYTES + " bytes");
        }
        try (InputStream in = Files.newInputStream(dev.hipdll.io.SpecialFiles.requireRegular(list))) {
            byte[] bytes = in.readNBytes((int) MAX_BYTES + 1);
            if (bytes.length > MAX_BYTES) {
                throw new IllegalArgumentException(list + ": more than " + MAX_BYTES + " bytes; " + EXPECTED);
            }
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new IllegalArgumentException(list + ": not UTF-8 text (is this a binary file?); " + EXPECTED);
        }
    }
}
