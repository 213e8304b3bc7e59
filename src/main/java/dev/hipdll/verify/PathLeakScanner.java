package dev.hipdll.verify;

import dev.hipdll.bytes.ByteSource;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Streams a file looking for absolute paths of the build machine (the SDK root, the project
 * directory, the user's home): in ASCII/UTF-8 and in UTF-16LE, with either slash, in any letter
 * case. The file is read in {@link #CHUNK}-byte pieces, eight bytes tested at a time for a possible
 * first byte, with an overlap as long as the longest
 * path, so the heap cost is constant whatever the file size. A match must end at a path boundary
 * (not followed by a letter, digit, {@code -}, {@code _} or {@code .}), so {@code /home/al} does
 * not match inside {@code /home/alice}. Paths shorter than {@link #MIN_LENGTH} characters are
 * ignored (a root such as {@code /} or {@code C:} would match everywhere).
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

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private final List<Needle> needles = new ArrayList<>();
    private final boolean[] first = new boolean[256];
    private final int longest;
    private final long[] firstPatterns;

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
                for (int c = 0; c < 256; c++) {
                    if (fold((byte) c) == b[0]) {
                        first[c] = true;   // every byte that folds to the needle's first byte
                    }
                }
                max = Math.max(max, b.length);
            }
        }
        longest = max;
        long[] patterns = new long[256];
        int k = 0;
        for (int c = 0; c < 256; c++) {
            if (first[c]) {
                patterns[k++] = (c & 0xffL) * 0x0101010101010101L;
            }
        }
        firstPatterns = java.util.Arrays.copyOf(patterns, k);
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
        List<PathLeak> out = new ArrayList<>();
        if (needles.isEmpty()) {
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
            len += n;
            next += n;
            boolean atEnd = next >= size;
            int i = 0;
            // Eight bytes at a time: only words holding a possible first byte are looked at closely.
            for (int limit = len - 7; i < limit; i += 8) {
                if (candidateIn((long) LONGS.get(raw, i))) {
                    for (int k = i; k < i + 8; k++) {
                        if (first[raw[k] & 0xff] && probe(raw, k, len, atEnd, windowStart, reported, out)) {
                            return out;
                        }
                    }
                }
            }
            for (; i < len; i++) {
                if (first[raw[i] & 0xff] && probe(raw, i, len, atEnd, windowStart, reported, out)) {
                    return out;
                }
            }
            int keep = Math.min(len, carryMax);
            System.arraycopy(raw, len - keep, raw, 0, keep);
            windowStart += len - keep;
            len = keep;
        }
        out.sort(java.util.Comparator.comparingLong(PathLeak::offset));
        return out;
    }

    /** Whether any byte of the little-endian word {@code w} is a possible first byte (SWAR zero-byte test). */
    private boolean candidateIn(long w) {
        for (long p : firstPatterns) {
            long t = w ^ p;
            if (((t - 0x0101010101010101L) & ~t & 0x8080808080808080L) != 0) {
                return true;
            }
        }
        return false;
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
