package dev.hipdll.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.bytes.ByteSource;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The scan for absolute paths of any machine ({@link AbsolutePaths} through {@link PathLeakScanner}):
 * planted paths are found whatever the read size puts a chunk border through them, and random bytes
 * (compressed data, code) give no finding.
 */
class AbsolutePathsTest {
    static final List<String> ASCII = List.of("/home/builder/src/k.cu", "C:\\Program Files\\AMD\\ROCm\\6.4\\include",
            "\\\\buildsrv\\drops\\nightly", "/__w/colibri/colibri/src", "D:/a/_work/1/s");
    static final List<String> WIDE = List.of("/Users/ci/hip", "E:\\agent\\work", "\\\\srv01\\share$\\x");

    @Test
    void plantedPathsAreFoundAcrossEveryChunkBorder() throws Exception {
        byte[] data = new byte[1 << 16];
        new Random(11).nextBytes(data);
        int at = 100;
        int n = 0;
        for (String p : ASCII) {
            byte[] b = p.getBytes(StandardCharsets.US_ASCII);
            data[at - 1] = 0;
            System.arraycopy(b, 0, data, at, b.length);
            data[at + b.length] = 0;
            at += 7001;
            n++;
        }
        for (String p : WIDE) {
            byte[] b = p.getBytes(StandardCharsets.UTF_16LE);
            data[at - 1] = 0;
            data[at - 2] = 0;
            System.arraycopy(b, 0, data, at, b.length);
            data[at + b.length] = 0;
            data[at + b.length + 1] = 0;
            at += 7003;
            n++;
        }
        List<PathLeak> reference = new PathLeakScanner(List.of(), true, 1 << 20).scan(ByteSource.of("t", data));
        assertEquals(n, reference.size(), reference.toString());
        for (int i = 0; i < ASCII.size(); i++) {
            assertEquals(ASCII.get(i), reference.get(i).path());
            assertEquals("ASCII", reference.get(i).encoding());
        }
        for (int i = 0; i < WIDE.size(); i++) {
            assertEquals(WIDE.get(i), reference.get(ASCII.size() + i).path());
            assertEquals("UTF-16LE", reference.get(ASCII.size() + i).encoding());
        }
        for (int chunk : new int[] {1, 3, 7, 64, 4093}) {
            assertEquals(reference, new PathLeakScanner(List.of(), true, chunk).scan(ByteSource.of("t", data)), "chunk " + chunk);
        }
    }

    @Test
    void randomBytesHoldNoAbsolutePath() throws Exception {
        byte[] data = new byte[16 << 20];
        new Random(2026).nextBytes(data);
        assertTrue(new PathLeakScanner(List.of(), true).scan(ByteSource.of("random", data)).isEmpty());
    }

    /** The benchmark's 200 MiB of random bytes held {@code \\uaAh\nG} followed by more random bytes: no path. */
    @Test
    void aDriveOrUncShapeMustBeACString() throws Exception {
        byte[] random = {(byte) 0x9c, '\\', '\\', 'u', 'a', 'A', 'h', '\\', 'n', 'G', (byte) 0xe1, 0x11, 'q'};
        assertTrue(new PathLeakScanner(List.of(), true).scan(ByteSource.of("r", random)).isEmpty());
        byte[] cString = {(byte) 0x9c, '\\', '\\', 'u', 'a', 'A', 'h', '\\', 'n', 'G', 0, 0x11, 'q'};
        assertEquals("\\\\uaAh\\nG", new PathLeakScanner(List.of(), true).scan(ByteSource.of("c", cString)).get(0).path());
        byte[] drive = "\u0001C:\\a\\b\u0002x\u0000".getBytes(StandardCharsets.US_ASCII);
        assertTrue(new PathLeakScanner(List.of(), true).scan(ByteSource.of("d", drive)).isEmpty());
    }

    @Test
    void relativePathsAndUrlsOfOtherRootsAreNotAbsoluteMachinePaths() throws Exception {
        String text = "\0include/home/x\0lib/tmp/y\0a:b\0C:\\x\0https://example.org/docs\0";
        assertTrue(new PathLeakScanner(List.of(), true).scan(ByteSource.of("t", text.getBytes(StandardCharsets.US_ASCII)))
                .isEmpty());
    }
}
