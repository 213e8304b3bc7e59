package dev.hipdll.verify;

import dev.hipdll.digest.Sha256Stream;
import dev.hipdll.bytes.ByteSource;
import dev.hipdll.bytes.ReadBudget;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Streams a file looking for absolute paths of the build machine (the SDK root, the project
 * directory, the user's home): in ASCII/UTF-8 and in UTF-16LE, with either slash, in any letter
 * case. The file is read in {@link #CHUNK}-byte pieces, with an overlap as long as the longest path,
 * so the heap cost is constant whatever the file size. A match must end at a path boundary (not
 * followed by a letter, digit, {@code -}, {@code _} or {@code .}), so {@code /home/al} does not
 * match inside {@code /home/alice}. Paths shorter than {@link #MIN_LENGTH} characters are ignored
 * (a root such as {@code /} or {@code C:} would match everywhere).
 *
 * <p>How it searches: every path is anchored at one of its bytes, its first separator (an absolute
 * path has one: {@code /x}, {@code C:\x}, {@code \\server}; in UTF-16LE the same character, at
 * twice the offset). A path can only start {@code anchor} bytes before a {@code /} or {@code \}
 * byte of the file, so the scan looks for those two byte values, eight bytes at a time (one
 * little-endian {@code long} per step, SWAR zero-byte test), and compares the paths (folded) only
 * there. That filter costs the same on every kind of content (random device code, runs of zeros,
 * text), unlike a skip search whose jumps are bounded by the shortest path (5 bytes for
 * {@code /root}) and collapse to 1 byte on zeros when UTF-16LE paths are looked for. A path
 * without a separator is anchored at its first byte (a byte-at-a-time table filter).
 *
 * <p>The scan can feed every byte it reads to a {@link Sha256Stream} on the way
 * ({@link #scan(ByteSource, Sha256Stream)}): verify then knows the file's SHA-256 without a second
 * read.
 */
public final class PathLeakScanner {
    /** Bytes read at a time. */
    public static final int CHUNK = 1 << 20;
    /** Separator candidates collected at a time by the filter (phase one of a window). */
    static final int CANDIDATES = 4096;
    /** The shortest path looked for, in characters. */
    public static final int MIN_LENGTH = 4;
    /** The most leaks reported (the scan stops there). */
    public static final int MAX_FINDINGS = 50;

    /**
     * One encoded path: {@code bytes} folded (lower case, {@code /}); {@code tail} the width of one
     * character (1 or 2, for the boundary test); {@code anchor} the offset of the byte the filter
     * looks for.
     */
    private record Needle(String path, String encoding, byte[] bytes, int tail, int anchor) {
    }

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGHS = 0x8080808080808080L;
    private static final long SLASHES = 0x2F2F2F2F2F2F2F2FL;
    private static final long BACKSLASHES = 0x5C5C5C5C5C5C5C5CL;

    private final List<Needle> needles = new ArrayList<>();
    private final int chunk;
    private final int longest;
    private final int maxAnchor;
    /** anchors[c]: the file byte c may be a needle's anchor byte. */
    private final boolean[] anchors = new boolean[256];
    /** follows[c]: the file byte c may follow a needle's anchor byte (the cheap test before a probe). */
    private final boolean[] follows = new boolean[256];
    /**
     * interesting[c]: a separator followed by the byte c may start a path looked for ({@link #follows})
     * or, when generic, one of {@link AbsolutePaths}' shapes ({@link AbsolutePaths#mayFollowSeparator}).
     */
    private final boolean[] interesting = new boolean[256];
    /** Every anchor is a separator: the SWAR filter for {@code /} and {@code \} applies. */
    private final boolean separatorsOnly;
    /** Whether absolute paths of any machine are looked for ({@link AbsolutePaths}). */
    private final boolean generic;

    /** @param paths the absolute paths to look for; blanks, duplicates and short ones are dropped */
    public PathLeakScanner(List<String> paths) {
        this(paths, false, CHUNK);
    }

    /**
     * @param paths   the absolute paths to look for; blanks, duplicates and short ones are dropped
     * @param generic whether absolute paths of any machine are looked for too ({@link AbsolutePaths}):
     *                POSIX paths under the usual roots, drive-letter and UNC paths
     */
    public PathLeakScanner(List<String> paths, boolean generic) {
        this(paths, generic, CHUNK);
    }

    /** With another read size, in bytes (at least 1): tests put chunk borders everywhere. */
    PathLeakScanner(List<String> paths, int chunk) {
        this(paths, false, chunk);
    }

    /** With another read size, in bytes (at least 1). */
    PathLeakScanner(List<String> paths, boolean generic, int chunk) {
        if (chunk < 1) {
            throw new IllegalArgumentException("chunk " + chunk);
        }
        this.chunk = chunk;
        Set<String> seen = new HashSet<>();
        int max = 0;
        int maxA = 0;
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
            int sep = Math.max(0, n.indexOf('/'));
            for (String enc : List.of("ASCII", "UTF-16LE")) {
                boolean ascii = enc.equals("ASCII");
                byte[] b = n.getBytes(ascii ? StandardCharsets.UTF_8 : StandardCharsets.UTF_16LE);
                int anchor = ascii ? n.substring(0, sep).getBytes(StandardCharsets.UTF_8).length : 2 * sep;
                needles.add(new Needle(p.strip(), enc, b, ascii ? 1 : 2, anchor));
                max = Math.max(max, b.length);
                maxA = Math.max(maxA, anchor);
                for (int c = 0; c < 256; c++) {
                    anchors[c] |= fold((byte) c) == b[anchor];
                    follows[c] |= fold((byte) c) == b[anchor + 1];  // a path has a byte after its anchor
                }
            }
        }
        this.generic = generic;
        if (generic) {
            anchors['/'] = true;
            anchors['\\'] = true;
            max = Math.max(max, 2 * AbsolutePaths.MAX_CHARS + 4);
            maxA = Math.max(maxA, AbsolutePaths.LOOK_BEHIND);
        }
        longest = max;
        maxAnchor = maxA;
        boolean sepOnly = true;
        for (int c = 0; c < 256; c++) {
            sepOnly &= anchors[c] == (c == '/' || c == '\\');
        }
        separatorsOnly = sepOnly;
        for (int c = 0; c < 256; c++) {
            interesting[c] = follows[c] || generic && AbsolutePaths.mayFollowSeparator(c);
        }
    }

    /** Whether absolute paths of any machine are looked for too. */
    public boolean generic() {
        return generic;
    }

    /** The paths actually looked for (after dropping blanks, duplicates and short ones). */
    public List<String> paths() {
        Set<String> paths = new LinkedHashSet<>();
        for (Needle nd : needles) {
            paths.add(nd.path);
        }
        return List.copyOf(paths);
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
     * @return the leaks found, file order, at most {@link #MAX_FINDINGS} (the first ones in the file)
     * @throws IOException when the file cannot be read
     */
    public List<PathLeak> scan(ByteSource src, Sha256Stream digest) throws IOException {
        return run(new SourceInput(src), src.size(), digest, null).leaks();
    }

    /**
     * Scans the first {@code end} bytes of {@code src} (the rest is not read), feeding {@code digest}
     * as {@link #scan(ByteSource, Sha256Stream)} does, and stops before the next
     * {@link #CHUNK}-byte read once {@code budget}'s time has run out ({@link ReadBudget#expired()}):
     * the result says how far it read. {@code budget} is only asked for the time, so the scan may run
     * on a thread of its own.
     *
     * @param end    bytes from the start of {@code src} to scan, at most {@code src.size()}
     * @param digest where the bytes read go, or {@code null}
     * @param budget whose time limit stops the scan, or {@code null} for none
     * @return the leaks found in what was read and how far the scan got
     * @throws IOException when the file cannot be read
     */
    public PathScan scan(ByteSource src, long end, Sha256Stream digest, ReadBudget budget) throws IOException {
        if (end < 0 || end > src.size()) {
            throw new IllegalArgumentException("end " + end + " of a " + src.size() + "-byte file");
        }
        return run(new SourceInput(src), end, digest, budget);
    }

    /**
     * Scans the {@code size} bytes of {@code in} (the inflated bytes of a compressed section or bundle),
     * offsets counted from the stream's start. A stream that ends early is an error; one that throws
     * (a decompressor over budget, malformed data) stops the scan with that exception.
     *
     * @return the leaks found, stream order, at most {@link #MAX_FINDINGS}
     * @throws IOException as {@code in} throws, or when it ends before {@code size} bytes
     */
    public List<PathLeak> scan(InputStream in, long size) throws IOException {
        return run(new StreamInput(in), size, null, null).leaks();
    }

    /** Where the scanned bytes come from, read once, in order. */
    private interface Input {
        /** Reads {@code n} bytes at {@code offset} (the bytes before it have been read) into {@code dst[off..]}. */
        void readFully(long offset, byte[] dst, int off, int n) throws IOException;
    }

    /** A file, read at positions. */
    private static final class SourceInput implements Input {
        private final ByteSource src;

        SourceInput(ByteSource src) {
            this.src = src;
        }

        @Override
        public void readFully(long offset, byte[] dst, int off, int n) throws IOException {
            src.readInto(offset, dst, off, n, "file contents (path scan)");
        }
    }

    /** A stream, read in order. */
    private static final class StreamInput implements Input {
        private final InputStream in;

        StreamInput(InputStream in) {
            this.in = in;
        }

        @Override
        public void readFully(long offset, byte[] dst, int off, int n) throws IOException {
            int got = 0;
            while (got < n) {
                int k = in.read(dst, off + got, n - got);
                if (k < 0) {
                    throw new EOFException("the stream ended at offset " + (offset + got) + ", " + (n - got)
                            + " bytes before the end of the range scanned");
                }
                got += k;
            }
        }
    }

    /** The scan of the first {@code size} bytes of {@code input}; see the public {@code scan} methods. */
    private PathScan run(Input input, long size, Sha256Stream digest, ReadBudget budget) throws IOException {
        Findings found = new Findings(maxAnchor);
        boolean searching = !needles.isEmpty() || generic;
        if (!searching && digest == null) {
            return new PathScan(found.list(), size, size);
        }
        // reserve: no match starting before len - reserve can run past the buffer (path and the
        // boundary character); the anchors before it are examined now, the rest next round
        int reserve = longest + 2;
        byte[] raw = new byte[chunk + reserve + maxAnchor];
        int[] cand = new int[CANDIDATES];
        long windowStart = 0;   // file offset of raw[0]
        int len = 0;            // bytes in raw
        int from = 0;           // first anchor position not examined yet
        long next = 0;          // next file offset to read
        while (next < size) {
            if (budget != null && budget.expired()) {
                return new PathScan(found.list(), size, next);
            }
            int n = (int) Math.min(chunk, size - next);
            input.readFully(next, raw, len, n);
            if (digest != null) {
                digest.update(raw, len, n);
            }
            len += n;
            next += n;
            boolean atEnd = next >= size;
            int end = atEnd ? len : Math.max(from, len - reserve);
            if (searching) {
                searching = separatorsOnly ? examineCandidates(raw, from, end, len, atEnd, windowStart, found, cand)
                        : examineAnchors(raw, from, end, len, atEnd, windowStart, found);
                if (!searching && digest == null) {
                    return new PathScan(found.list(), size, size);  // the findings are complete
                }
            }
            // keep what the next round's anchors may need: maxAnchor bytes before them and the reserve
            int keepFrom = searching ? Math.max(0, end - maxAnchor) : len;
            System.arraycopy(raw, keepFrom, raw, 0, len - keepFrom);
            windowStart += keepFrom;
            len -= keepFrom;
            from = end - keepFrom;
        }
        return new PathScan(found.list(), size, size);
    }

    /**
     * Phase two of a window {@code [from, end)}, for the separator filter: the candidates
     * {@link #candidates} collects ({@link #CANDIDATES} at a time, into {@code cand}), each examined by
     * {@link #examine}. Two phases so that the hot loop stays small and branch-stable, and what is rare
     * (a probe, a finding) does not send the compiled hot loop back to the interpreter when it first
     * happens (an uncommon trap in a callee inlined into it would).
     *
     * @return whether the scan goes on searching (false once the findings are complete)
     */
    private boolean examineCandidates(byte[] raw, int from, int end, int len, boolean atEnd, long windowStart,
                                      Findings found, int[] cand) {
        for (int p = from; ; ) {
            int n = candidates(raw, p, end, len, interesting, generic, cand);
            for (int k = 0; k < n; k++) {
                if (!examine(raw, cand[k], len, atEnd, windowStart, found)) {
                    return false;
                }
            }
            if (n < cand.length) {
                return true;
            }
            p = cand[n - 1] + 1;
        }
    }

    /** Phase two of a window whose needles are not all anchored at a separator: byte by byte. */
    private boolean examineAnchors(byte[] raw, int from, int end, int len, boolean atEnd, long windowStart,
                                   Findings found) {
        for (int p = from; ; p++) {
            p = nextAnchor(raw, p, end, anchors);
            if (p >= end) {
                return true;
            }
            if (!examine(raw, p, len, atEnd, windowStart, found)) {
                return false;
            }
        }
    }

    /**
     * Examines the anchor candidate {@code raw[p]}: the needles anchored there and, when generic, the
     * shapes of {@link AbsolutePaths}.
     *
     * @return false when the findings are complete before {@code p} (nothing from here on can be kept)
     */
    private boolean examine(byte[] raw, int p, int len, boolean atEnd, long windowStart, Findings found) {
        boolean needle = p + 1 >= len || follows[raw[p + 1] & 0xff];
        boolean any = generic && AbsolutePaths.mayStartAt(raw, p, len);
        if (!needle && !any) {
            return true;  // no path has this byte after its anchor (most separators in random data)
        }
        if (found.complete(windowStart + p)) {
            return false;
        }
        if (needle) {
            probe(raw, p, len, atEnd, windowStart, found);
        }
        if (any) {
            AbsolutePaths.probe(raw, p, len, new GenericLeaks(found, windowStart));
        }
        return true;
    }

    /**
     * Phase one of a window: the separators in {@code [i, to)} that a path may be anchored at, in
     * file order, into {@code out}: those followed by a byte marked in {@code next} (or by nothing
     * yet, at {@code len}) and, when {@code colon}, those after a {@code :} (a drive letter's).
     *
     * @return how many were stored; {@code out.length} when there may be more after the last one
     */
    static int candidates(byte[] b, int i, int to, int len, boolean[] next, boolean colon, int[] out) {
        int n = 0;
        while (n < out.length) {
            i = nextSeparator(b, i, to);
            if (i >= to) {
                break;
            }
            if (i + 1 >= len || next[b[i + 1] & 0xff] || colon && i >= 1 && b[i - 1] == ':') {
                out[n++] = i;
            }
            i++;
        }
        return n;
    }

    /**
     * The first index in {@code [i, to)} holding {@code /} or {@code \}, or {@code to}: eight bytes
     * per step, a byte equal to {@code v} being a zero byte of {@code x ^ v}, found with
     * {@code (y - 0x01..) & ~y & 0x80..} (whose lowest set bit marks the first zero byte exactly;
     * bits above it may be false, so only the lowest is used).
     */
    static int nextSeparator(byte[] b, int i, int to) {
        // sixteen bytes a step while no separator is among them (one branch for two words), then word by word
        for (; i + 16 <= to; i += 16) {
            long x = (long) LONGS.get(b, i);
            long y = (long) LONGS.get(b, i + 8);
            long s = x ^ SLASHES;
            long k = x ^ BACKSLASHES;
            long u = y ^ SLASHES;
            long v = y ^ BACKSLASHES;
            if (((((s - ONES) & ~s) | ((k - ONES) & ~k) | ((u - ONES) & ~u) | ((v - ONES) & ~v)) & HIGHS) != 0) {
                break;
            }
        }
        for (; i + 8 <= to; i += 8) {
            long x = (long) LONGS.get(b, i);
            long s = x ^ SLASHES;
            long k = x ^ BACKSLASHES;
            long t = ((s - ONES) & ~s | (k - ONES) & ~k) & HIGHS;
            if (t != 0) {
                return i + (Long.numberOfTrailingZeros(t) >>> 3);
            }
        }
        for (; i < to; i++) {
            if (b[i] == '/' || b[i] == '\\') {
                return i;
            }
        }
        return to;
    }

    /** The first index in {@code [i, to)} whose byte is marked in {@code anchors}, or {@code to}. */
    private static int nextAnchor(byte[] b, int i, int to, boolean[] anchors) {
        for (; i < to; i++) {
            if (anchors[b[i] & 0xff]) {
                return i;
            }
        }
        return to;
    }

    /** Tries every needle anchored at {@code p}; records what matches. */
    private void probe(byte[] raw, int p, int len, boolean atEnd, long windowStart, Findings found) {
        for (Needle nd : needles) {
            int i = p - nd.anchor;
            int l = nd.bytes.length;
            int tail = nd.tail;
            if (i < 0 || i + l > len || (!atEnd && i + l + tail > len)) {
                continue;
            }
            if (!matchesAt(raw, i, nd.bytes) || !boundary(raw, i + l, len, tail) || endTag(raw, i, i + l, len, tail)) {
                continue;
            }
            if (found.keeps(windowStart + i)) {
                found.add(new PathLeak(windowStart + i, nd.path, nd.encoding, context(raw, i, len, nd)));
            }
        }
    }

    /**
     * The leaks found so far, at most {@link #MAX_FINDINGS} of the first in the file, one per
     * offset. Anchors are examined in file order but a path starts up to {@code maxAnchor} bytes
     * before its anchor, so once the list is full the scan goes on until no later anchor can give
     * an earlier offset than the last one kept.
     */
    private static final class Findings {
        private final int maxAnchor;
        private final java.util.TreeMap<Long, PathLeak> byOffset = new java.util.TreeMap<>();

        Findings(int maxAnchor) {
            this.maxAnchor = maxAnchor;
        }

        /**
         * Whether a leak at {@code offset} would be kept by {@link #add}: nothing is recorded there yet
         * (the first path matching there, in list order, wins) and the list is not full of earlier ones.
         * Asked first, so that the leak's context is only read for a leak that is kept.
         */
        boolean keeps(long offset) {
            if (byOffset.containsKey(offset)) {
                return false;
            }
            return byOffset.size() < MAX_FINDINGS || offset <= byOffset.lastKey();
        }

        /** Records {@code leak}, for which {@link #keeps} said yes; drops the last one when over the limit. */
        void add(PathLeak leak) {
            byOffset.put(leak.offset(), leak);
            if (byOffset.size() > MAX_FINDINGS) {
                byOffset.pollLastEntry();
            }
        }

        /** Whether nothing found at or after the anchor at {@code anchorOffset} could be kept. */
        boolean complete(long anchorOffset) {
            return byOffset.size() >= MAX_FINDINGS && anchorOffset - maxAnchor > byOffset.lastKey();
        }

        List<PathLeak> list() {
            return new ArrayList<>(byOffset.values());
        }
    }

    /** Records the absolute paths of any machine that {@link AbsolutePaths#probe} finds in a window. */
    private static final class GenericLeaks implements AbsolutePaths.Sink {
        private final Findings found;
        private final long windowStart;

        GenericLeaks(Findings found, long windowStart) {
            this.found = found;
            this.windowStart = windowStart;
        }

        @Override
        public void found(int offset, String text, String encoding) {
            long at = windowStart + offset;
            if (found.keeps(at)) {
                found.add(new PathLeak(at, text, encoding, text));
            }
        }
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

    /**
     * Whether the match [{@code from}, {@code to}) is the name of a markup end tag, {@code </root>}: a {@code <} just
     * before it and a {@code >} just after (in the needle's encoding, one character {@code width} bytes wide). An XML
     * manifest or resource of the DLL names its elements so; an absolute path is never written between the two.
     * Without this, {@code /root} (a home directory, or any one-name path) would be found in every {@code </root>}.
     * An element's name holds no {@code /} (XML 1.0, production 5, Name), so a match with a second separator,
     * {@code </home/alice>}, is a path between angle brackets, not an end tag.
     */
    private static boolean endTag(byte[] hay, int from, int to, int len, int width) {
        if (from < width || to + width > len || hay[from] != '/') {
            return false;
        }
        boolean wide = width == 2;
        for (int k = from + width; k < to; k += width) {
            if (hay[k] == '/' || hay[k] == '\\') {
                return false;
            }
        }
        return hay[from - width] == '<' && hay[to] == '>' && (!wide || hay[from - 1] == 0 && hay[to + 1] == 0);
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
