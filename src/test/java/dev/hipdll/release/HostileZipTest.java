package dev.hipdll.release;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.contract.AbiContract;
import dev.hipdll.testing.PackageFixtures;
import dev.hipdll.testing.PeImage;
import dev.hipdll.findings.Check;
import dev.hipdll.findings.CheckIds;
import dev.hipdll.findings.Verdict;
import dev.hipdll.verify.VerifyOptions;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A release zip is read safely. A zip bomb (an entry inflating past the ratio or total
 * limit), a path-traversal or absolute entry ({@code ../x.dll}, {@code /x.dll}, {@code C:\x.dll}), a symlink
 * entry, a duplicate entry and too many entries are refused by name; nothing is written outside a temporary
 * directory, which is deleted afterwards; a directory's symlinks are not followed.
 */
class HostileZipTest {
    @TempDir
    Path dir;

    private PackageOptions options() {
        return PackageOptions.builder(VerifyOptions.of(new AbiContract.CountContract("coli_cuda_", 0, "t")))
                .temporaryParent(dir.resolve("tmp")).build();
    }

    /** A small well-formed DLL image (hand-made, no toolchain needed). */
    private static byte[] dll() {
        return new PeImage().build();
    }

    private Check contents(PackageReport r) {
        return r.packageChecks().get(0);
    }

    private void assertNothingLeftBehind() throws Exception {
        try (Stream<Path> s = Files.list(dir.resolve("tmp"))) {
            assertEquals(0, s.count(), "the temporary directory is deleted");
        }
    }

    @Test
    void aZipBombIsRefusedBeforeItFillsTheDisk() throws Exception {
        Map<String, byte[]> e = new LinkedHashMap<>();
        e.put("ok.dll", dll());
        e.put("bomb.dll", new byte[64 << 20]);  // 64 MiB of zeros deflate about a thousand times
        Path zip = PackageFixtures.zip(dir.resolve("bomb.zip"), e);
        assertTrue(Files.size(zip) < 1 << 20, Files.size(zip) + " bytes");
        PackageReport r = new PackageVerifier().verify(zip, options());
        assertFalse(r.passed());
        assertEquals(List.of(), r.files(), "nothing of a refused package is verified");
        Check c = contents(r);
        assertEquals(Verdict.FAIL, c.verdict());
        assertTrue(c.found().startsWith("refused: entry 'bomb.dll': 67108864 bytes declared from ")
                && c.found().endsWith(" compressed, more than 100 times (hip.package.maxRatio): refused as a zip bomb,"
                + " nothing of the package verified"), c.found());
        assertNothingLeftBehind();
    }

    @Test
    void aBombThatLiesAboutItsSizeIsStoppedWhileInflating() throws Exception {
        Map<String, byte[]> e = new LinkedHashMap<>();
        e.put("liar.dll", concat(dll(), new byte[32 << 20]));
        Path zip = PackageFixtures.zip(dir.resolve("liar.zip"), e);
        // the central directory now declares 4096 bytes: only the bytes inflated tell
        patchCentralSize(zip, "liar.dll", 4096);
        PackageReport r = new PackageVerifier().verify(zip, options());
        Check c = contents(r);
        assertEquals(Verdict.FAIL, c.verdict());
        assertTrue(c.found().contains("entry 'liar.dll': inflates past 100 times its "), c.found());
        assertNothingLeftBehind();
        // and the total limit
        Map<String, byte[]> two = new LinkedHashMap<>();
        two.put("a.dll", concat(dll(), new byte[600_000]));
        two.put("b.dll", concat(dll(), new byte[600_000]));
        PackageReport t = new PackageVerifier().verify(PackageFixtures.zip(dir.resolve("total.zip"), two),
                options().toBuilder().limits(new PackageLimits(100, 1 << 20, 100_000)).build());
        int each = dll().length + 600_000;
        assertTrue(contents(t).found().startsWith("refused: entry 'b.dll': " + each + " bytes declared, with the " + each
                + " inflated before it past the 1048576 bytes accepted in all (hip.package.maxUnpackedMiB)"),
                contents(t).found());
    }

    @Test
    void pathTraversalAbsoluteAndDuplicateEntriesAreRefusedByName() throws Exception {
        Map<String, byte[]> e = new LinkedHashMap<>();
        e.put("bin/ok.dll", dll());
        e.put("../evil.dll", dll());
        e.put("bin/../../evil2.dll", dll());
        e.put("/abs.dll", dll());
        e.put("C:\\Windows\\System32\\evil3.dll", dll());
        e.put("bin/OK.dll", dll());
        Path zip = PackageFixtures.zip(dir.resolve("traversal.zip"), e);
        PackageReport r = new PackageVerifier().verify(zip, options());
        Check c = contents(r);
        assertEquals(Verdict.FAIL, c.verdict());
        assertEquals(List.of(
                "entry '../evil.dll' refused: a '..' component (path traversal): it would be written outside the directory"
                        + " it is unpacked to",
                "entry 'bin/../../evil2.dll' refused: a '..' component (path traversal): it would be written outside the"
                        + " directory it is unpacked to",
                "entry '/abs.dll' refused: an absolute path: it would be written outside the directory it is unpacked to",
                "entry 'C:\\Windows\\System32\\evil3.dll' refused: a drive-letter path: it would be written outside the"
                        + " directory it is unpacked to"), c.details());
        // A name differing only in case is a name Windows holds once (package.names)
        assertEquals(List.of("entry 'bin/OK.dll' refused: it and 'bin/ok.dll' differ only in case: one file on Windows"
                + " (NTFS names are case-insensitive); which one is extracted is up to the tool"),
                r.packageChecks().get(1).details());
        assertEquals(List.of("bin/ok.dll"), r.files().stream().map(f -> f.name()).toList(), "the safe entry is verified");
        assertFalse(Files.exists(dir.resolve("evil.dll")) || Files.exists(dir.getParent().resolve("evil2.dll")));
        assertNothingLeftBehind();
    }

    @Test
    void symlinkEntriesAreRefused() throws Exception {
        Map<String, byte[]> e = new LinkedHashMap<>();
        e.put("ok.dll", dll());
        e.put("link.dll", "/etc/passwd".getBytes());
        Path zip = PackageFixtures.zip(dir.resolve("link.zip"), e);
        makeUnixSymlink(zip, "link.dll");
        PackageReport r = new PackageVerifier().verify(zip, options());
        assertEquals(List.of("entry 'link.dll' refused: a symbolic link (or reparse point); links are not unpacked or"
                + " followed"), contents(r).details());
        assertEquals(List.of("ok.dll"), r.files().stream().map(f -> f.name()).toList());
    }

    @Test
    void tooManyEntriesAreRefusedBeforeAnythingIsUnpacked() throws Exception {
        Map<String, byte[]> e = new LinkedHashMap<>();
        for (int i = 0; i < 12; i++) {
            e.put("f" + i + ".dll", dll());
        }
        PackageReport r = new PackageVerifier().verify(PackageFixtures.zip(dir.resolve("many.zip"), e),
                options().toBuilder().limits(new PackageLimits(10, 1 << 30, 100)).build());
        assertEquals("refused: the zip has 12 entries, more than the 10 accepted (hip.package.maxEntries): refused,"
                + " nothing unpacked", contents(r).found());
        assertEquals(List.of(), r.files());
    }

    @Test
    void aFileThatIsNoZipIsNamed() throws Exception {
        Path junk = Files.writeString(dir.resolve("release.zip"), "not a zip at all");
        Check c = contents(new PackageVerifier().verify(junk, options()));
        assertEquals(Verdict.FAIL, c.verdict());
        assertTrue(c.found().startsWith("refused: not a readable zip: ") && c.found().contains("not a zip"), c.found());
    }

    @Test
    void aDirectorysSymlinksAreNotFollowed() throws Exception {
        Path pkg = Files.createDirectories(dir.resolve("pkg"));
        Files.write(pkg.resolve("ok.dll"), dll());
        Path outside = Files.write(dir.resolve("outside.dll"), dll());
        Files.createSymbolicLink(pkg.resolve("linked.dll"), outside);
        PackageReport r = new PackageVerifier().verify(pkg, options());
        assertEquals(List.of("'linked.dll' refused: a symbolic link; links are not followed"), contents(r).details());
        assertEquals(List.of("ok.dll"), r.files().stream().map(f -> f.name()).toList());
        // the package itself may be named through a link (a "latest" release directory)
        Path latest = Files.createSymbolicLink(dir.resolve("latest"), pkg);
        assertEquals(List.of("ok.dll"), new PackageVerifier().verify(latest, options()).files().stream()
                .map(f -> f.name()).toList());
    }

    @Test
    void aDllThatIsNoPeImageIsVerifiedAndFails() throws Exception {
        Map<String, byte[]> e = new LinkedHashMap<>();
        e.put("ok.dll", dll());
        e.put("fake.dll", "this is text".getBytes());
        e.put("notes.txt", "not a PE file, not inflated".getBytes());
        PackageReport r = new PackageVerifier().verify(PackageFixtures.zip(dir.resolve("fake.zip"), e), options());
        assertEquals(List.of("ok.dll", "fake.dll"), r.files().stream().map(f -> f.name()).toList());
        assertEquals(Verdict.FAIL, r.files().get(1).report().check(CheckIds.PE_FORMAT).orElseThrow().verdict());
        assertEquals(Verdict.SKIP, r.files().get(1).report().check(CheckIds.PACKAGE_DEPENDENCIES).orElseThrow().verdict());
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    /** Visits the central directory header of {@code name} (APPNOTE 4.3.12). */
    private interface HeaderPatch {
        void patch(ByteBuffer b, int header);
    }

    private static void patch(Path zip, String name, HeaderPatch p) throws Exception {
        byte[] bytes = Files.readAllBytes(zip);
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i + 46 < bytes.length; i++) {
            if (b.getInt(i) == 0x02014b50) {
                int n = b.getShort(i + 28) & 0xffff;
                if (new String(bytes, i + 46, n, java.nio.charset.StandardCharsets.UTF_8).equals(name)) {
                    p.patch(b, i);
                    Files.write(zip, bytes);
                    return;
                }
            }
        }
        throw new AssertionError(name + " not in " + zip);
    }

    private static void patchCentralSize(Path zip, String name, long size) throws Exception {
        patch(zip, name, (b, h) -> b.putInt(h + 24, (int) size));
    }

    /** Marks the entry as made on Unix with mode {@code lrwxrwxrwx}, as {@code zip -y} stores a symlink. */
    private static void makeUnixSymlink(Path zip, String name) throws Exception {
        patch(zip, name, (b, h) -> {
            b.putShort(h + 4, (short) (3 << 8 | 30));
            b.putInt(h + 38, 0120777 << 16);
        });
    }

    /**
     * Item 10 (found by {@code PackageZipFuzzTest}): deflate data that ends before its entry does made
     * java.util.zip throw an {@link java.io.EOFException}, which left verify as an I/O error with no report; now the
     * entry is refused by name and the package read on.
     */
    @Test
    void deflateDataCutShortIsAnEntryRefusedByName() throws Exception {
        Path zip = Path.of(getClass().getResource("/dev/hipdll/fuzz/packageZip/deflate-data-cut-short.zip").toURI());
        try (PackageContents c = new PackageReader(PackageLimits.DEFAULT, dir).read(zip)) {
            assertEquals(null, c.stopped());
            assertTrue(c.refused().stream().anyMatch(r -> r.startsWith("entry 'bin/hipblas.dll") && r.contains("cannot be"
                    + " inflated: Unexpected end of ZLIB input stream")), c.refused().toString());
        }
    }
}
