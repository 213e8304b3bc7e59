package dev.hipdll.verify;

import dev.hipdll.findings.Check;
import dev.hipdll.findings.Verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.bytes.ReadLimits;
import dev.hipdll.contract.AbiContract;
import dev.hipdll.testing.CountingOpener;
import dev.hipdll.testing.Exec;
import dev.hipdll.testing.Fixtures;
import dev.hipdll.testing.Toolchain;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A 100 GiB sparse overlay (the example backend built here, then
 * {@code RandomAccessFile.setLength}: a few kilobytes on disk) made verify read for 141 s and pass.
 * Now {@code pe.overlay} refuses an overlay larger than {@code hip.maxOverlayMiB} or than the image, and
 * {@code paths.build} does not read it and says so; with {@code pe.overlay} switched off the whole-file scan
 * stops at {@code hip.verifyTimeLimit} and names the range it did not read; it never says "none found"
 * for bytes it did not search. The bytes read are counted through the verifier's file-open seam. An
 * Authenticode certificate table and a MinGW COFF symbol table are not overlay; where the check states
 * PE facts (the end of the sections' raw data, the certificate table, the symbol table) llvm-readobj-19
 * says the same.
 */
class OverlayTest {
    @TempDir
    static Path built;
    static Path example;

    @TempDir
    Path dir;

    static final AbiContract COUNT = new AbiContract.CountContract("coli_cuda_", 48, "test");
    static final long HUNDRED_GIB = 100L << 30;

    @BeforeAll
    static void build() {
        example = Fixtures.exampleDll(built, "coli_hip.dll", List.of("gfx1151"), List.of());
    }

    private static VerifyOptions options() {
        return VerifyOptions.builder(COUNT).skippedChecks(Set.of("paths.pdb")).build();
    }

    private static Check check(VerifyReport r, String id) {
        return r.check(id).orElseThrow(() -> new AssertionError("no check " + id + " in " + r));
    }

    private Path copy(String name) throws Exception {
        return Files.copy(example, dir.resolve(name));
    }

    /** A copy of the example with a sparse tail: {@code tail} bytes that take no disk. */
    private Path sparse(String name, long tail) throws Exception {
        Path p = copy(name);
        try (RandomAccessFile f = new RandomAccessFile(p.toFile(), "rw")) {
            f.setLength(f.length() + tail);
        }
        return p;
    }

    /** What llvm-readobj-19 --file-headers --sections says: the end of the sections' raw data, and {@code key}'s value. */
    private static long readobj(Path pe, String key) {
        String out = Exec.ok(pe.getParent(), List.of(Toolchain.tool("llvm-readobj-19").toString(), "--file-headers",
                "--sections", pe.toString()));
        if (key.equals("end of raw data")) {
            long end = 0;
            Matcher m = Pattern.compile("RawDataSize: (\\d+)\\s+PointerToRawData: (0x[0-9A-F]+)").matcher(out);
            while (m.find()) {
                if (Long.parseLong(m.group(1)) > 0) {
                    end = Math.max(end, Long.decode(m.group(2)) + Long.parseLong(m.group(1)));
                }
            }
            return end;
        }
        Matcher m = Pattern.compile("\\b" + key + ": (0x[0-9A-F]+|\\d+)\\b").matcher(out);
        assertTrue(m.find(), key + " in " + out);
        return Long.decode(m.group(1));
    }

    @Test
    void aHundredGibibyteSparseOverlayFailsPeOverlayAndIsNotRead() throws Exception {
        long image = Files.size(example);
        Path big = sparse("big.dll", HUNDRED_GIB);
        CountingOpener reads = new CountingOpener();
        long t0 = System.nanoTime();
        VerifyReport r = new DllVerifier(reads, null).verify(big, options());
        long ms = (System.nanoTime() - t0) / 1_000_000;
        System.out.printf("100 GiB sparse overlay: %d ms, %d bytes read%n", ms, reads.bytesRead(big));

        assertEquals(image, readobj(example, "end of raw data"), "the image's data ends where llvm-readobj's sections end");
        Check overlay = check(r, "pe.overlay");
        assertEquals(Verdict.FAIL, overlay.verdict(), overlay.toString());
        assertTrue(overlay.found().startsWith(HUNDRED_GIB + " bytes after the image, more than hip.maxOverlayMiB (1048576 bytes)"
                + String.format(" (the image's data ends at 0x%X", image)), overlay.found());
        assertTrue(overlay.details().contains(String.format("overlay: 0x%X..0x%X (%d bytes)", image, image + HUNDRED_GIB - 1,
                HUNDRED_GIB)), overlay.details().toString());
        Check paths = check(r, "paths.build");
        assertEquals(Verdict.FAIL, paths.verdict(), paths.toString());
        assertEquals("not every byte searched (" + HUNDRED_GIB + " bytes of the file not read)", paths.found());
        assertTrue(paths.details().contains(String.format("not searched: 0x%X..0x%X (%d bytes): the overlay pe.overlay refused,"
                + " not read", image, image + HUNDRED_GIB - 1, HUNDRED_GIB)), paths.details().toString());
        assertFalse(r.passed());
        // the scan reads the image once, the header, table and bundle readers a little of it again
        assertTrue(reads.bytesRead(big) < image + (1L << 20), "only the image was read: " + reads.bytesRead(big));

        // with a digest wanted: no second pass reads the overlay for it, and no digest is recorded
        CountingOpener digestReads = new CountingOpener();
        dev.hipdll.digest.FileDigests digests = new dev.hipdll.digest.FileDigests(digestReads);
        new DllVerifier(digestReads, digests).verify(big, options());
        assertTrue(digestReads.bytesRead(big) < image + (1L << 20), "read " + digestReads.bytesRead(big));
        assertTrue(digests.known(big).isEmpty(), "no digest of bytes never read");
    }

    @Test
    void theTimeLimitStopsTheWholeFileScanAndNamesWhatItDidNotRead() throws Exception {
        Path big = sparse("big.dll", HUNDRED_GIB);
        long size = Files.size(big);
        CountingOpener reads = new CountingOpener();
        long t0 = System.nanoTime();
        // the overlay accepted (pe.overlay off): the scan reads it, within 2 s
        VerifyReport r = new DllVerifier(reads, null).verify(big, options().toBuilder()
                .skippedChecks(Set.of("paths.pdb", "pe.overlay"))
                .limits(ReadLimits.builder().time(Duration.ofSeconds(2)).build()).build());
        long ms = (System.nanoTime() - t0) / 1_000_000;
        System.out.printf("scan of a 100 GiB file under a 2 s limit: %d ms, %d bytes read%n", ms, reads.bytesRead(big));
        assertEquals(Verdict.SKIP, check(r, "pe.overlay").verdict());
        Check paths = check(r, "paths.build");
        assertEquals(Verdict.FAIL, paths.verdict(), paths.toString());
        assertFalse(paths.found().contains("none"), paths.found());
        Matcher m = Pattern.compile("not searched: 0x([0-9A-F]+)\\.\\.0x" + Long.toHexString(size - 1).toUpperCase()
                + " \\((\\d+) bytes\\): the verification took more than 2000 ms in all \\(hip.verifyTimeLimit\\)")
                .matcher(String.join("\n", paths.details()));
        assertTrue(m.find(), paths.details().toString());
        long stoppedAt = Long.parseLong(m.group(1), 16);
        assertEquals(size - stoppedAt, Long.parseLong(m.group(2)));
        assertTrue(stoppedAt > 0 && stoppedAt < size, "stopped mid-file at " + stoppedAt);
        assertEquals("not every byte searched (" + (size - stoppedAt) + " bytes of the file not read)", paths.found());
        assertTrue(reads.bytesRead(big) < stoppedAt + (64L << 20), "read " + reads.bytesRead(big) + ", stopped at " + stoppedAt);
    }

    @Test
    void aSmallOverlayIsSearchedAndReported() throws Exception {
        Path dll = copy("small.dll");
        long image = Files.size(dll);
        byte[] tail = "\0leftover C:\\agent\\_work\\9\\s\\obj\\kernels.o\0".getBytes(StandardCharsets.ISO_8859_1);
        Files.write(dll, tail, StandardOpenOption.APPEND);
        VerifyReport r = new DllVerifier().verify(dll, options());
        Check overlay = check(r, "pe.overlay");
        assertEquals(Verdict.WARN, overlay.verdict(), overlay.toString());
        assertTrue(overlay.found().startsWith(tail.length + " byte(s) after the image"), overlay.found());
        Check paths = check(r, "paths.build");
        assertEquals(Verdict.FAIL, paths.verdict());
        assertTrue(paths.details().stream().anyMatch(d -> d.startsWith("C:\\agent\\_work\\9\\s\\obj\\kernels.o (ASCII at 0x"
                + Long.toHexString(image + 10).toUpperCase() + ")")), paths.details().toString());

        // the same DLL without it passes both (the example has no overlay)
        VerifyReport clean = new DllVerifier().verify(example, options());
        assertEquals(Verdict.PASS, check(clean, "pe.overlay").verdict(), check(clean, "pe.overlay").toString());
        assertEquals(Verdict.PASS, check(clean, "paths.build").verdict());
    }

    @Test
    void anOverlayLargerThanTheImageOrTheLimitFails() throws Exception {
        long image = Files.size(example);
        Path dll = sparse("larger.dll", image + 1);   // under 1 MiB, but larger than the image
        Check c = check(new DllVerifier().verify(dll, options()), "pe.overlay");
        assertEquals(Verdict.FAIL, c.verdict(), c.toString());
        assertTrue(c.found().startsWith((image + 1) + " bytes after the image, more than the image's own " + image + " bytes"),
                c.found());
        Path one = sparse("one.dll", 1);
        assertEquals(Verdict.WARN, check(new DllVerifier().verify(one, options()), "pe.overlay").verdict());
        Check none = check(new DllVerifier().verify(one, options().toBuilder().maxOverlayBytes(0)
                .build()), "pe.overlay");
        assertEquals(Verdict.FAIL, none.verdict(), none.toString());
        assertTrue(none.found().startsWith("1 bytes after the image, more than hip.maxOverlayMiB (0 bytes)"), none.found());
    }

    /** Appends a certificate table of one WIN_CERTIFICATE of {@code length} bytes and points data directory 4 at it. */
    private static void sign(Path dll, long length, int revision) throws Exception {
        try (RandomAccessFile f = new RandomAccessFile(dll.toFile(), "rw")) {
            long at = f.length();
            f.seek(at);
            ByteBuffer h = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN);
            h.putInt((int) length).putShort((short) revision).putShort((short) 2);   // WIN_CERT_TYPE_PKCS_SIGNED_DATA
            f.write(h.array());
            f.setLength(at + length);
            byte[] head = new byte[0x200];
            f.seek(0);
            f.readFully(head);
            ByteBuffer b = ByteBuffer.wrap(head).order(ByteOrder.LITTLE_ENDIAN);
            int dirs = b.getInt(0x3c) + 24 + 112;
            f.seek(dirs + 8 * 4);
            ByteBuffer d = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN);
            d.putInt((int) at).putInt((int) length);
            f.write(d.array());
        }
    }

    @Test
    void anAuthenticodeCertificateTableIsNotOverlay() throws Exception {
        long image = Files.size(example);
        Path signed = copy("signed.dll");
        sign(signed, 2L << 20, 0x0200);   // 2 MiB: over the limit and larger than the image, were it overlay
        assertEquals(image, readobj(signed, "CertificateTableRVA"), "llvm-readobj reads the table where it was put");
        assertEquals(2L << 20, readobj(signed, "CertificateTableSize"));
        VerifyReport r = new DllVerifier().verify(signed, options());
        Check c = check(r, "pe.overlay");
        assertEquals(Verdict.PASS, c.verdict(), c.toString());
        assertTrue(c.details().contains(String.format("not counted: Authenticode signature (WIN_CERTIFICATE #0 at 0x%X, data"
                + " directory 4) at 0x%X..0x%X (%d bytes)", image, image, image + (2L << 20) - 1, 2L << 20)),
                c.details().toString());
        assertEquals(Verdict.PASS, check(r, "pe.loadable").verdict());
        assertEquals(Verdict.PASS, check(r, "paths.build").verdict(), "the table's bytes are searched like the rest");

        // a table that is no WIN_CERTIFICATE list counts as overlay, saying why
        Path forged = copy("forged.dll");
        sign(forged, 2L << 20, 0x0300);
        Check f = check(new DllVerifier().verify(forged, options()), "pe.overlay");
        assertEquals(Verdict.FAIL, f.verdict(), f.toString());
        assertTrue(f.details().stream().anyMatch(d -> d.contains("not excluded from the overlay: WIN_CERTIFICATE #0 at 0x"
                + Long.toHexString(image).toUpperCase() + " has dwLength 2097152, wRevision 0x0300")), f.details().toString());
    }

    @Test
    void aMinGwSymbolTableIsNotOverlay() throws Exception {
        Path dll = Fixtures.mingwDll(dir, "m.dll", "x86_64-w64-windows-gnu",
                "int __stdcall DllMainCRTStartup(void *a, unsigned long b, void *c) { return 1; }\n"
                        + "__declspec(dllexport) int f(int x) { return x + 1; }\n", List.of());
        long symbols = readobj(dll, "PointerToSymbolTable");
        assertTrue(symbols > 0, "lld keeps a COFF symbol table in a MinGW image");
        assertEquals(readobj(dll, "end of raw data"), symbols, "it follows the sections");
        Check c = check(new DllVerifier().verify(dll, VerifyOptions.of(new AbiContract.CountContract("f", 1, "test"))),
                "pe.overlay");
        assertEquals(Verdict.PASS, c.verdict(), c.toString());
        assertTrue(c.details().stream().anyMatch(d -> d.startsWith(String.format("not counted: COFF symbol and string tables at 0x%X..",
                symbols))), c.details().toString());
    }
}
