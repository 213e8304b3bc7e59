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
}
