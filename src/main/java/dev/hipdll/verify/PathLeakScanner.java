package dev.hipdll.verify;

import dev.hipdll.artifact.Sha256Stream;
import dev.hipdll.bytes.ByteSource;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Streams a file looking for absolute paths of the build machine (the SDK root, the project
 * directory, the user's home): in ASCII/UTF-8 and in UTF-16LE, with either slash, in any letter
 * case. The file is read in {@link #CHUNK}-byte pieces searched for all paths at once with
 * Horspool's method (a window as long as the shortest path jumps by up to its length), with an overlap as long as the longest
 * path, so the heap cost is constant whatever the file size. A match must end at a path boundary
 * (not followed by a letter, digit, {@code -}, {@code _} or {@code .}), so {@code /home/al} does
 * not match inside {@code /home/alice}. Paths shorter than {@link #MIN_LENGTH} characters are
 * ignored (a root such as {@code /} or {@code C:} would match everywhere).
 *
 * <p>The scan can feed every byte it reads to a {@link Sha256Stream} on the way
 * ({@link #scan(ByteSource, Sha256Stream)}): verify then knows the file's SHA-256 without a second
 * read.
 */
public final class PathLeakScanner {
    /** Bytes read at a time. */
    public static final int CHUNK = 1 << 20;
    /** The shortest path looked for, in characters. */
    public static final int MIN_LENGTH = 4;
    /** The most leaks reported (the scan stops there). */
    public static final int MAX_FINDINGS = 50;

    private record Needle(String path, String encoding, byte[] bytes, int tail) {
    }


    private final List<Needle> needles = new ArrayList<>();
    private final int longest;
    private final int m;
    private final int[] shift = new int[256];

    /** @param paths the absolute paths to look for; blanks, duplicates and short ones are dropped */
    public PathLeakScanner(List<String> paths) {
        Set<String> seen = new HashSet<>();
        int max = 0;
        for (String p : paths) {
            if (p == null) {
                continue;
            }
            String n = normalize(p.strip());
            while (n.endsWith("/")) {
                n = n.substring(0, n.length() - 1);
            }
            if (n.length() < MIN_LENGTH || !seen.add(n)) {
                continue;
            }
            for (String enc : List.of("ASCII", "UTF-16LE")) {
                byte[] b = n.getBytes(enc.equals("ASCII") ? StandardCharsets.UTF_8 : StandardCharsets.UTF_16LE);
                needles.add(new Needle(p.strip(), enc, b, enc.equals("ASCII") ? 1 : 2));
                max = Math.max(max, b.length);
            }
        }
        longest = max;
        int min = Integer.MAX_VALUE;
        for (Needle nd : needles) {
            min = Math.min(min, nd.bytes.length);
        }
        m = needles.isEmpty() ? 1 : min;
        // shift[c]: how far the window may move when its last byte is c; 0: a path may end its
        // first m bytes with c here, so look closely.
        java.util.Arrays.fill(shift, m);
        for (Needle nd : needles) {
            for (int j = 0; j < m; j++) {
                for (int c = 0; c < 256; c++) {
                    if (fold((byte) c) == nd.bytes[j]) {
                        shift[c] = Math.min(shift[c], m - 1 - j);
                    }
                }
            }
        }
    }

    /** The paths actually looked for (after dropping blanks, duplicates and short ones). */
    public List<String> paths() {
        return needles.stream().map(Needle::path).distinct().toList();
    }

    /**
     * Scans {@code src} from start to end.
     *
     * @return the leaks found, file order, at most {@link #MAX_FINDINGS}
     * @throws IOException when the file cannot be read
     */
    public List<PathLeak> scan(ByteSource src) throws IOException {
        return scan(src, null);
    }

    /**
     * Scans {@code src} from start to end, adding every byte read to {@code digest} (when not
     * {@code null}): then the whole file is read even when there is no path to look for or the
     * findings are full, and {@code digest} has seen exactly {@code src.size()} bytes when this
     * returns.
     *
     * @param digest where the bytes read go, in file order; {@code null} for none
     * @return the leaks found, file order, at most {@link #MAX_FINDINGS}
     * @throws IOException when the file cannot be read
     */
    public List<PathLeak> scan(ByteSource src, Sha256Stream digest) throws IOException {
        List<PathLeak> out = new ArrayList<>();
        boolean searching = !needles.isEmpty();
        if (!searching && digest == null) {
            return out;
        }
        int carryMax = longest + 2;
        byte[] raw = new byte[CHUNK + carryMax];
        Set<Long> reported = new HashSet<>();
        long size = src.size();
        long windowStart = 0;   // file offset of raw[0]
        int len = 0;
        long next = 0;          // next file offset to read
        while (next < size) {
            int n = (int) Math.min(CHUNK, size - next);
            src.readInto(next, raw, len, n, "file contents (path scan)");
            if (digest != null) {
                digest.update(raw, len, n);
            }
            len += n;
            next += n;
            boolean atEnd = next >= size;
            // Horspool over all paths at once: look at the last byte of an m-byte window (m = the
            // shortest path in bytes) and jump as far as no path could start in between.
            int i = 0;
            for (int last = len - 1; searching && i + m - 1 <= last; ) {
                int c = raw[i + m - 1] & 0xff;
                int jump = shift[c];
                if (jump == 0) {
                    if (probe(raw, i, len, atEnd, windowStart, reported, out)) {
                        if (digest == null) {
                            return out;
                        }
                        searching = false;  // findings full: read on for the digest only
                        break;
                    }
                    jump = 1;
                }
                i += jump;
            }
            int keep = Math.min(len, carryMax);
            System.arraycopy(raw, len - keep, raw, 0, keep);
            windowStart += len - keep;
            len = keep;
        }
        out.sort(java.util.Comparator.comparingLong(PathLeak::offset));
        return out;
    }

    /** Tries every needle at {@code i}; records a leak; returns true when the findings are full. */
    private boolean probe(byte[] raw, int i, int len, boolean atEnd, long windowStart, Set<Long> reported,
                          List<PathLeak> out) {
        for (Needle nd : needles) {
            int l = nd.bytes.length;
            int tail = nd.tail;
            if (i + l > len || (!atEnd && i + l + tail > len)) {
                continue;
            }
            if (!matchesAt(raw, i, nd.bytes) || !boundary(raw, i + l, len, tail)) {
                continue;
            }
            long at = windowStart + i;
            if (reported.add(at)) {
                out.add(new PathLeak(at, nd.path, nd.encoding, context(raw, i, len, nd)));
                if (out.size() >= MAX_FINDINGS) {
                    out.sort(java.util.Comparator.comparingLong(PathLeak::offset));
                    return true;
                }
            }
        }
        return false;
    }

    /** Whether the folded bytes of {@code hay} at {@code at} equal {@code needle} (already folded). */
    private static boolean matchesAt(byte[] hay, int at, byte[] needle) {
        for (int k = 0; k < needle.length; k++) {
            if (fold(hay[at + k]) != needle[k]) {
                return false;
            }
        }
        return true;
    }

    private static boolean boundary(byte[] hay, int at, int len, int width) {
        if (at + width > len) {
            return true; // end of file
        }
        int c = fold(hay[at]) & 0xff;
        if (width == 2 && hay[at + 1] != 0) {
            return true;
        }
        return !(Character.isLetterOrDigit(c) && c < 128 || c == '-' || c == '_' || c == '.');
    }

    private static String context(byte[] raw, int at, int len, Needle nd) {
        int step = nd.encoding.equals("ASCII") ? 1 : 2;
        StringBuilder sb = new StringBuilder();
        for (int i = at; i + step <= len && sb.length() < 120; i += step) {
            int c = raw[i] & 0xff;
            if (c < 0x20 || c > 0x7e || step == 2 && raw[i + 1] != 0) {
                break;
            }
            sb.append((char) c);
        }
        return sb.toString();
    }

    /** Folds one byte for matching: ASCII upper case to lower case, backslash to slash. */
    private static byte fold(byte b) {
        if (b >= 'A' && b <= 'Z') {
            return (byte) (b + 32);
        }
        return b == '\\' ? (byte) '/' : b;
    }

    private static String normalize(String p) {
        return p.replace('\\', '/').toLowerCase(Locale.ROOT);
    }
}
