package dev.hipdll.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.bytes.ByteSource;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The build-path scan: encodings, slashes, case, boundaries, and matches across chunk borders. */
class PathLeakScannerTest {
    static List<PathLeak> scan(List<String> paths, byte[] data) throws Exception {
        return new PathLeakScanner(paths).scan(ByteSource.of("f.dll", data));
    }

    @Test
    void asciiAndUtf16InAnyCaseWithEitherSlash() throws Exception {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.write(new byte[100]);
        b.write("c:/program files/amd/rocm/6.4/include/hip\0".getBytes(StandardCharsets.US_ASCII));
        b.write(new byte[7]);
        b.write("C:\\PROGRAM FILES\\AMD\\ROCM\\6.4\\bin".getBytes(StandardCharsets.UTF_16LE));
        b.write(new byte[9]);
        b.write("D:\\build\\colibri\\coli_hip.pdb\0".getBytes(StandardCharsets.US_ASCII));
        List<PathLeak> leaks = scan(List.of("C:\\Program Files\\AMD\\ROCm\\6.4\\", "d:/build/colibri"), b.toByteArray());
        assertEquals(3, leaks.size(), leaks.toString());
        assertEquals(100, leaks.get(0).offset());
        assertEquals("ASCII", leaks.get(0).encoding());
        assertEquals("c:/program files/amd/rocm/6.4/include/hip", leaks.get(0).context());
        assertEquals("UTF-16LE", leaks.get(1).encoding());
        assertEquals("C:\\PROGRAM FILES\\AMD\\ROCM\\6.4\\bin", leaks.get(1).context());
        assertEquals("d:/build/colibri", leaks.get(2).path());
    }

    @Test
    void aPathIsOnlyFoundWholeAtAPathBoundary() throws Exception {
        byte[] data = "/home/alice/x /home/al /home/al/y /home/al.bak".getBytes(StandardCharsets.US_ASCII);
        List<PathLeak> leaks = scan(List.of("/home/al"), data);
        assertEquals(List.of(14L, 23L), leaks.stream().map(PathLeak::offset).toList());
    }

    @Test
    void matchAcrossTheChunkBorderIsFoundOnce() throws Exception {
        byte[] data = new byte[PathLeakScanner.CHUNK * 2 + 100];
        byte[] p = "/work/build/dir".getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(p, 0, data, PathLeakScanner.CHUNK - 5, p.length);
        byte[] u = "/work/build/dir".getBytes(StandardCharsets.UTF_16LE);
        System.arraycopy(u, 0, data, 2 * PathLeakScanner.CHUNK - 7, u.length);
        System.arraycopy(p, 0, data, data.length - p.length, p.length);   // at the very end of the file
        List<PathLeak> leaks = scan(List.of("/work/build/dir/"), data);
        assertEquals(List.of((long) PathLeakScanner.CHUNK - 5, 2L * PathLeakScanner.CHUNK - 7, (long) data.length - p.length),
                leaks.stream().map(PathLeak::offset).toList());
    }

    @Test
    void shortAndBlankPathsAreIgnored() throws Exception {
        PathLeakScanner s = new PathLeakScanner(List.of("/", "C:\\", " ", "/tmp/x", "/TMP/X/"));
        assertEquals(List.of("/tmp/x"), s.paths());
        assertTrue(scan(List.of("/"), "/usr/lib".getBytes()).isEmpty());
    }

    @Test
    void agreesWithANaiveSearchOnRandomDataWithPlantedPaths() throws Exception {
        java.util.Random rnd = new java.util.Random(7);
        List<String> paths = List.of("/root", "/work/wt/issue-4", "C:\\Program Files\\AMD\\ROCm\\6.4");
        byte[] data = new byte[3 * PathLeakScanner.CHUNK + 12345];
        rnd.nextBytes(data);
        for (int k = 0; k < 60; k++) {
            String p = paths.get(rnd.nextInt(paths.size()));
            StringBuilder v = new StringBuilder();
            for (char c : p.toCharArray()) {
                char x = rnd.nextBoolean() ? Character.toUpperCase(c) : c;
                v.append(x == '/' || x == '\\' ? (rnd.nextBoolean() ? '/' : '\\') : x);
            }
            byte[] b = v.toString().getBytes(rnd.nextBoolean() ? StandardCharsets.US_ASCII : StandardCharsets.UTF_16LE);
            int at = k < 6 ? (k / 2 + 1) * PathLeakScanner.CHUNK - rnd.nextInt(b.length) : rnd.nextInt(data.length - b.length);
            System.arraycopy(b, 0, data, at, b.length);
        }
        List<Long> naive = new java.util.ArrayList<>();
        for (int i = 0; i < data.length; i++) {
            for (String p : paths) {
                String n = p.replace('\\', '/').toLowerCase(java.util.Locale.ROOT);
                if (at(data, i, n.getBytes(StandardCharsets.US_ASCII), 1) || at(data, i, n.getBytes(StandardCharsets.UTF_16LE), 2)) {
                    naive.add((long) i);
                    break;
                }
            }
        }
        List<Long> found = scan(paths, data).stream().map(PathLeak::offset).toList();
        assertEquals(naive.subList(0, Math.min(naive.size(), PathLeakScanner.MAX_FINDINGS)), found);
        assertTrue(found.size() >= PathLeakScanner.MAX_FINDINGS - 5, "most planted paths found: " + found.size());
    }

    /** Folded match of {@code needle} at {@code i}, ending at a path boundary (naive reference). */
    private static boolean at(byte[] d, int i, byte[] needle, int width) {
        if (i + needle.length > d.length) {
            return false;
        }
        for (int k = 0; k < needle.length; k++) {
            byte c = d[i + k];
            byte f = c >= 'A' && c <= 'Z' ? (byte) (c + 32) : c == '\\' ? (byte) '/' : c;
            if (f != needle[k]) {
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

    @Test
    void theDigestFedOnTheWayCoversEveryByteEvenWhenTheFindingsAreFull() throws Exception {
        byte[] data = new byte[PathLeakScanner.CHUNK * 3 + 12345];
        new java.util.Random(7).nextBytes(data);
        byte[] p = "/work/build/dir".getBytes(StandardCharsets.US_ASCII);
        for (int k = 0; k < 2 * PathLeakScanner.MAX_FINDINGS; k++) {   // twice as many as are reported
            System.arraycopy(p, 0, data, 1000 + k * 100, p.length);
            data[1000 + k * 100 + p.length] = ' ';
        }
        List<PathLeak> plain = scan(List.of("/work/build/dir"), data);
        dev.hipdll.digest.Sha256Stream digest = new dev.hipdll.digest.Sha256Stream();
        List<PathLeak> digested = new PathLeakScanner(List.of("/work/build/dir")).scan(ByteSource.of("f.dll", data), digest);
        assertEquals(PathLeakScanner.MAX_FINDINGS, plain.size());
        assertEquals(plain, digested, "the digest does not change what is found");
        assertEquals(data.length, digest.length(), "read on to the end after the findings were full");
        assertEquals(dev.hipdll.digest.Sha256.of(data), digest.hex());

        dev.hipdll.digest.Sha256Stream only = new dev.hipdll.digest.Sha256Stream();
        assertTrue(new PathLeakScanner(List.of()).scan(ByteSource.of("f.dll", data), only).isEmpty());
        assertEquals(dev.hipdll.digest.Sha256.of(data), only.hex(), "no path to look for: a digest-only pass");
    }
}
