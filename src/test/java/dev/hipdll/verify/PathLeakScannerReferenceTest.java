package dev.hipdll.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.digest.Sha256;
import dev.hipdll.digest.Sha256Stream;
import dev.hipdll.bytes.ByteSource;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The optimized scan (separator anchors, SWAR filter, chunks with carry-over, findings cap) against
 * a naive reference written from the definition: at every offset, in file order, each path in the
 * scanner's order (ASCII, then UTF-16LE), folded byte by byte, ending at a path boundary. Random
 * data, and mostly-zero data, with paths planted in random case and with random slashes, many of
 * them across the chunk borders and the places where one round's search stops and the next begins.
 */
class PathLeakScannerReferenceTest {
    private static final List<String> PATHS = List.of("/root", "/work/wt/verify-cold",
            "/work/wt/verify-cold/target/standin-sdk", "C:\\Program Files\\AMD\\ROCm\\6.4", "\\\\build-server\\share\\sdk",
            "c:/Users/Jos\u00e9/src", "nosep-token");

    /** One finding as the reference defines it. */
    private record Hit(long offset, String path, String encoding) {
    }

    private static List<Hit> reference(List<String> paths, byte[] d) {
        List<String> names = new ArrayList<>();
        List<byte[]> bytes = new ArrayList<>();
        List<String> encodings = new ArrayList<>();
        for (String p : new PathLeakScanner(paths).paths()) {
            String n = p.strip().replace('\\', '/').toLowerCase(Locale.ROOT);
            while (n.endsWith("/")) {
                n = n.substring(0, n.length() - 1);
            }
            names.add(p);
            bytes.add(n.getBytes(StandardCharsets.UTF_8));
            encodings.add("ASCII");
            names.add(p);
            bytes.add(n.getBytes(StandardCharsets.UTF_16LE));
            encodings.add("UTF-16LE");
        }
        List<Hit> out = new ArrayList<>();
        for (int i = 0; i < d.length && out.size() < PathLeakScanner.MAX_FINDINGS; i++) {
            for (int k = 0; k < bytes.size(); k++) {
                if (matches(d, i, bytes.get(k), encodings.get(k).equals("ASCII") ? 1 : 2)) {
                    out.add(new Hit(i, names.get(k), encodings.get(k)));
                    break;
                }
            }
        }
        return out;
    }

    private static boolean matches(byte[] d, int i, byte[] needle, int width) {
        if (i + needle.length > d.length) {
            return false;
        }
        for (int k = 0; k < needle.length; k++) {
            int c = d[i + k] & 0xff;
            int f = c >= 'A' && c <= 'Z' ? c + 32 : c == '\\' ? '/' : c;
            if ((byte) f != needle[k]) {
                return false;
            }
        }
        int e = i + needle.length;
        if (e + width > d.length || width == 2 && d[e + 1] != 0) {
            return true;
        }
        int c = d[e] & 0xff;
        c = c >= 'A' && c <= 'Z' ? c + 32 : c;
        return !(c < 128 && Character.isLetterOrDigit(c) || c == '-' || c == '_' || c == '.');
    }

    private static byte[] variant(String p, Random rnd, boolean utf16) {
        StringBuilder v = new StringBuilder();
        for (char c : p.toCharArray()) {
            char x = rnd.nextBoolean() ? Character.toUpperCase(c) : c;
            if (x == 'É') {
                x = 'é';  // only ASCII letters are folded
            }
            v.append(x == '/' || x == '\\' ? (rnd.nextBoolean() ? '/' : '\\') : x);
        }
        if (rnd.nextInt(4) == 0) {
            v.append(rnd.nextBoolean() ? "/x" : "-x");   // a path boundary, or not
        }
        return v.toString().getBytes(utf16 ? StandardCharsets.UTF_16LE : StandardCharsets.UTF_8);
    }

    /** Plants {@code count} paths, most of them near a chunk border or where a round's search ends. */
    private static byte[] data(Random rnd, boolean zeros, int count) {
        byte[] d = new byte[3 * PathLeakScanner.CHUNK + rnd.nextInt(PathLeakScanner.CHUNK)];
        if (!zeros) {
            rnd.nextBytes(d);
        }
        int longest = 2 * "/work/wt/verify-cold/target/standin-sdk".length();
        for (int k = 0; k < count; k++) {
            byte[] b = variant(PATHS.get(rnd.nextInt(PATHS.size())), rnd, rnd.nextBoolean());
            int border = (1 + rnd.nextInt(3)) * PathLeakScanner.CHUNK;
            int at = switch (rnd.nextInt(3)) {
                case 0 -> border - rnd.nextInt(b.length + 1);                  // across the chunk border
                case 1 -> border - longest - 2 - 8 + rnd.nextInt(16);          // where a round's anchors end
                default -> rnd.nextInt(d.length - b.length);
            };
            at = Math.max(0, Math.min(at, d.length - b.length));
            System.arraycopy(b, 0, d, at, b.length);
        }
        return d;
    }

    private static List<Hit> optimized(List<String> paths, byte[] d, Sha256Stream digest) throws Exception {
        return new PathLeakScanner(paths).scan(ByteSource.of("f.dll", d), digest).stream()
                .map(l -> new Hit(l.offset(), l.path(), l.encoding())).toList();
    }

    @Test
    void agreesWithTheNaiveSearchOnRandomData() throws Exception {
        int total = 0;
        for (int seed = 1; seed <= 12; seed++) {
            Random rnd = new Random(seed);
            byte[] d = data(rnd, false, 40);
            List<Hit> want = reference(PATHS, d);
            assertEquals(want, optimized(PATHS, d, null), "seed " + seed);
            total += want.size();
        }
        // plants near the same border overwrite each other and a random byte after one may continue it
        assertTrue(total >= 150, "enough planted paths survive to be found: " + total);
    }

    @Test
    void agreesWithTheNaiveSearchOnZeros() throws Exception {
        for (int seed = 21; seed <= 26; seed++) {
            Random rnd = new Random(seed);
            byte[] d = data(rnd, true, 40);
            assertEquals(reference(PATHS, d), optimized(PATHS, d, null), "seed " + seed);
        }
    }

    @Test
    void keepsTheFirstFindingsInFileOrderWhenThereAreMoreThanTheCap() throws Exception {
        for (int seed = 31; seed <= 34; seed++) {
            Random rnd = new Random(seed);
            byte[] d = data(rnd, seed % 2 == 0, 8 * PathLeakScanner.MAX_FINDINGS);
            List<Hit> want = reference(PATHS, d);
            assertEquals(PathLeakScanner.MAX_FINDINGS, want.size());
            assertEquals(want, optimized(PATHS, d, null), "seed " + seed);
            Sha256Stream digest = new Sha256Stream();
            assertEquals(want, optimized(PATHS, d, digest), "seed " + seed + " with the digest");
            assertEquals(Sha256.of(d), digest.hex());
        }
    }

    @Test
    void eachKindOfPathAloneAgreesWithTheNaiveSearch() throws Exception {
        Random rnd = new Random(41);
        for (String p : PATHS) {
            byte[] d = new byte[2 * PathLeakScanner.CHUNK + 999];
            rnd.nextBytes(d);
            for (int k = 0; k < 30; k++) {
                byte[] b = variant(p, rnd, k % 2 == 0);
                int at = k < 10 ? PathLeakScanner.CHUNK - k * 3 : rnd.nextInt(d.length - b.length);
                System.arraycopy(b, 0, d, at, b.length);
            }
            List<Hit> want = reference(List.of(p), d);
            assertTrue(want.size() >= 10, p + ": " + want.size());
            assertEquals(want, optimized(List.of(p), d, null), p);
        }
    }

    @Test
    void agreesWithTheNaiveSearchWithAChunkBorderAtEveryOffset() throws Exception {
        Random rnd = new Random(61);
        for (int round = 0; round < 120; round++) {
            byte[] d = new byte[600 + rnd.nextInt(600)];
            if (round % 3 != 0) {
                rnd.nextBytes(d);
            }
            for (int k = 0; k < 12; k++) {
                byte[] b = variant(PATHS.get(rnd.nextInt(PATHS.size())), rnd, rnd.nextBoolean());
                int at = k == 0 ? 0 : k == 1 ? d.length - b.length : rnd.nextInt(d.length - b.length);
                System.arraycopy(b, 0, d, at, b.length);
            }
            List<Hit> want = reference(PATHS, d);
            for (int chunk : new int[] {1, 2, 3, 5, 7, 8, 9, 16, 31, 64, 77, 100 + rnd.nextInt(200), 4096}) {
                List<Hit> got = new PathLeakScanner(PATHS, chunk).scan(ByteSource.of("f.dll", d)).stream()
                        .map(l -> new Hit(l.offset(), l.path(), l.encoding())).toList();
                assertEquals(want, got, "round " + round + ", chunk " + chunk);
            }
        }
    }

    @Test
    void everyPathAtEveryOffsetAcrossTheBordersIsFoundAsTheNaiveSearchFindsIt() throws Exception {
        Random rnd = new Random(71);
        for (String p : PATHS) {
            for (boolean utf16 : new boolean[] {false, true}) {
                byte[] b = variant(p, rnd, utf16);
                for (int at = 0; at + b.length <= 200; at++) {
                    byte[] d = new byte[200];
                    for (int i = 0; i < d.length; i++) {
                        d[i] = (byte) (rnd.nextBoolean() ? ' ' : rnd.nextInt(256));
                    }
                    System.arraycopy(b, 0, d, at, b.length);
                    List<String> alone = List.of(p);   // then it is the longest path looked for
                    List<Hit> want = reference(alone, d);
                    for (int chunk : new int[] {1, 13, 64, 97}) {
                        List<Hit> got = new PathLeakScanner(alone, chunk).scan(ByteSource.of("f.dll", d)).stream()
                                .map(l -> new Hit(l.offset(), l.path(), l.encoding())).toList();
                        assertEquals(want, got, p + (utf16 ? " UTF-16LE" : " ASCII") + " at " + at + ", chunk " + chunk);
                    }
                }
            }
        }
    }

    @Test
    void theSeparatorFilterFindsEverySlashAndBackslash() {
        Random rnd = new Random(51);
        for (int round = 0; round < 200; round++) {
            byte[] b = new byte[1 + rnd.nextInt(64)];
            for (int i = 0; i < b.length; i++) {
                b[i] = (byte) (rnd.nextInt(8) == 0 ? (rnd.nextBoolean() ? '/' : '\\') : rnd.nextInt(256));
            }
            int from = rnd.nextInt(b.length);
            int to = from + rnd.nextInt(b.length - from + 1);
            int want = to;
            for (int i = from; i < to; i++) {
                if (b[i] == '/' || b[i] == '\\') {
                    want = i;
                    break;
                }
            }
            assertEquals(want, PathLeakScanner.nextSeparator(b, from, to));
        }
    }

    /**
     * The sixteen-byte filter, exhaustively: a separator (or two, or none) at every position of a 16-byte step and of
     * the word and byte tails after it, from every start modulo 16, every end, amid the bytes one bit away from a
     * separator (0x2E, 0x2F|0x80, 0x5D, 0xDC, ...) and zeros; a UTF-16LE separator is the same byte before a zero.
     */
    @Test
    void theSeparatorFilterFindsTheFirstSeparatorAtEveryPositionModuloSixteen() {
        byte[] near = {0x2e, 0x30, 0x2d, 0x0f, 0x6f, (byte) 0xaf, 0x5b, 0x5d, 0x5e, 0x1c, 0x7c, (byte) 0xdc, 0x00,
                (byte) 0xff, 0x01, (byte) 0x80, 0x3f, 0x4c};
        byte[] seps = {'/', '\\'};
        int size = 64;
        for (int fill = 0; fill < near.length; fill++) {
            byte[] base = new byte[size];
            for (int i = 0; i < size; i++) {
                base[i] = near[(fill + i * 7) % near.length];
            }
            for (int from = 0; from < 32; from++) {
                for (int p = from - 1; p < size; p++) {  // from - 1: no separator
                    for (int q = p; q < Math.min(size, p + 18); q += q == p ? 1 : 8) {  // a second one after the first
                        byte[] b = base.clone();
                        if (p >= from) {
                            b[p] = seps[(p + fill) & 1];
                            if (q > p) {
                                b[q] = seps[(q + fill + 1) & 1];
                            }
                        }
                        for (int to = from; to <= size; to++) {
                            int want = to;
                            for (int i = from; i < to; i++) {
                                if (b[i] == '/' || b[i] == '\\') {
                                    want = i;
                                    break;
                                }
                            }
                            int got = PathLeakScanner.nextSeparator(b, from, to);
                            if (got != want) {
                                assertEquals(want, got, "fill " + fill + ", from " + from + ", separators at " + p + " and "
                                        + q + ", to " + to);
                            }
                        }
                    }
                }
            }
        }
    }

    @Test
    void theCandidateFilterKeepsExactlyTheSeparatorsAPathMayStartAt() {
        Random rnd = new Random(52);
        for (int round = 0; round < 400; round++) {
            byte[] b = new byte[1 + rnd.nextInt(200)];
            for (int i = 0; i < b.length; i++) {
                int k = rnd.nextInt(10);
                b[i] = (byte) (k == 0 ? '/' : k == 1 ? '\\' : k == 2 ? ':' : k == 3 ? 0 : rnd.nextInt(256));
            }
            boolean[] next = new boolean[256];
            for (int c = 0; c < 256; c++) {
                next[c] = rnd.nextInt(4) == 0;
            }
            boolean colon = rnd.nextBoolean();
            int from = rnd.nextInt(b.length);
            int to = from + rnd.nextInt(b.length - from + 1);
            int len = to + rnd.nextInt(b.length - to + 1);
            java.util.List<Integer> want = new java.util.ArrayList<>();
            for (int i = from; i < to; i++) {
                if ((b[i] == '/' || b[i] == '\\')
                        && (i + 1 >= len || next[b[i + 1] & 0xff] || colon && i >= 1 && b[i - 1] == ':')) {
                    want.add(i);
                }
            }
            // a small output array: the filter stops when it is full, the caller resumes after the last one
            int[] out = new int[1 + rnd.nextInt(4)];
            java.util.List<Integer> got = new java.util.ArrayList<>();
            for (int p = from; ; ) {
                int n = PathLeakScanner.candidates(b, p, to, len, next, colon, out);
                for (int k = 0; k < n; k++) {
                    got.add(out[k]);
                }
                if (n < out.length) {
                    break;
                }
                p = out[n - 1] + 1;
            }
            assertEquals(want, got, "round " + round);
        }
    }
}
