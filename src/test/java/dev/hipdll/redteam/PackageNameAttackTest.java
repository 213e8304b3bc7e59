package dev.hipdll.redteam;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.contract.AbiContract;
import dev.hipdll.findings.Check;
import dev.hipdll.findings.CheckIds;
import dev.hipdll.findings.Verdict;
import dev.hipdll.release.FileRole;
import dev.hipdll.release.PackageOptions;
import dev.hipdll.release.PackageReport;
import dev.hipdll.release.PackageVerifier;
import dev.hipdll.report.CheckTable;
import dev.hipdll.testing.PackageFixtures;
import dev.hipdll.testing.VcRuntimeDlls;
import dev.hipdll.verify.VerifyOptions;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Red team (a package is a release): an attacker who writes the release zip tries to get a
 * package VERIFIED whose backend ({@code coli_hip.dll}) is missing, forged, or replaced on extraction by another
 * entry. A real DLL built by others (Microsoft's VC++ runtime) stands in for a backend that passes; each attack
 * asserts the verdict verify must give.
 */
class PackageNameAttackTest {
    @TempDir
    Path dir;

    private PackageOptions options() {
        // the stand-in backend is Microsoft's vcruntime140.dll, whose vendor PDB path is no leak of this project
        VerifyOptions v = VerifyOptions.of(new AbiContract.CountContract("coli_cuda_", 0, "t"));
        return PackageOptions.builder(v.toBuilder().skippedChecks(Set.of(CheckIds.PATHS_PDB, CheckIds.PATHS_BUILD))
                .build())
                .temporaryParent(dir.resolve("tmp")).build();
    }

    private static byte[] good() throws Exception {
        return Files.readAllBytes(VcRuntimeDlls.vcruntime140());
    }

    private static byte[] other() throws Exception {
        return Files.readAllBytes(VcRuntimeDlls.vcruntime140_1());
    }

    private static Check check(PackageReport r, String id) {
        return r.packageChecks().stream().filter(c -> c.id().equals(id)).findFirst()
                .orElseThrow(() -> new AssertionError(id + " not in " + r.packageChecks()));
    }

    private static String table(PackageReport r) {
        return String.join("\n", new CheckTable().render(r));
    }

    private PackageReport zip(String name, Map<String, byte[]> entries) throws Exception {
        return new PackageVerifier().verify(PackageFixtures.zip(dir.resolve(name), entries), options());
    }

    /** The baseline every attack departs from: the backend and its runtime pass. */
    @Test
    void theBaselinePasses() throws Exception {
        Map<String, byte[]> e = new LinkedHashMap<>();
        e.put("coli_hip.dll", good());
        e.put("vcruntime140_1.dll", other());
        e.put("vcruntime140.dll", good());
        PackageReport r = zip("base.zip", e);
        assertTrue(r.passed(), table(r));
    }

    /**
     * An 8.3 short name: on NTFS, {@code coli_hip.dll} extracted first gets the short name {@code COLI_H~1.DLL}; an
     * entry named {@code COLI_H~1.DLL} after it opens that same file and overwrites the verified backend (the
     * CVE-2019-1353 class git's core.protectNTFS refuses).
     */
    @Test
    void anEightDotThreeShortNameOfTheBackendIsRefused() throws Exception {
        for (String alias : List.of("COLI_H~1.DLL", "coli_h~1.dll", "bin/../COLI_H~2.DLL".replace("bin/../", ""))) {
            Map<String, byte[]> e = new LinkedHashMap<>();
            e.put("coli_hip.dll", good());
            e.put("vcruntime140_1.dll", other());
        e.put("vcruntime140.dll", good());
            e.put(alias, other());  // a real PE: alone it passes as a redistributed file
            PackageReport r = zip("short.zip", e);
            assertFalse(r.passed(), alias + " passed beside coli_hip.dll:\n" + table(r));
            Check n = check(r, CheckIds.PACKAGE_NAMES);
            assertEquals(Verdict.FAIL, n.verdict(), table(r));
            assertTrue(n.details().get(0).contains("8.3 short name"), n.details().toString());
            Files.delete(dir.resolve("short.zip"));
        }
        // a directory's short name too: PROGRA~1 style
        Map<String, byte[]> e = new LinkedHashMap<>();
        e.put("coli_hip.dll", good());
        e.put("vcruntime140_1.dll", other());
        e.put("vcruntime140.dll", good());
        e.put("RUNTIM~1/x.txt", new byte[]{1});
        PackageReport r = zip("shortdir.zip", e);
        assertEquals(Verdict.FAIL, check(r, CheckIds.PACKAGE_NAMES).verdict(), table(r));
    }

    /** A name with a tilde that is no short name (a long stem, no digit after it) is an ordinary name. */
    @Test
    void aTildeThatIsNoShortNameIsAccepted() throws Exception {
        Map<String, byte[]> e = new LinkedHashMap<>();
        e.put("coli_hip.dll", good());
        e.put("vcruntime140_1.dll", other());
        e.put("vcruntime140.dll", good());
        e.put("notes~draft.txt", new byte[]{1});
        e.put("a_longer_name~1.txt", new byte[]{1});
        PackageReport r = zip("tilde.zip", e);
        assertTrue(r.passed(), table(r));
    }

    /** Only the short name of the backend, no backend: missing. */
    @Test
    void theBackendOnlyUnderItsShortNameIsMissing() throws Exception {
        Map<String, byte[]> e = new LinkedHashMap<>();
        e.put("COLI_H~1.DLL", good());
        e.put("vcruntime140_1.dll", other());
        e.put("vcruntime140.dll", good());
        PackageReport r = zip("onlyshort.zip", e);
        assertFalse(r.passed(), table(r));
        assertEquals(Verdict.FAIL, check(r, CheckIds.PACKAGE_BACKENDS).verdict());
    }

    /** Lookalikes: full-width letters, a Cyrillic 'о', a dotless 'ı', a Kelvin-sign-free name: none is the backend. */
    @Test
    void unicodeLookalikesAreNotTheBackend() throws Exception {
        for (String fake : List.of("\uFF43\uFF4F\uFF4C\uFF49_hip.dll", "c\u043eli_hip.dll", "coli_h\u0131p.dll",
                "coli_hip.d\u217Cl", "coli_hip\uFF0Edll", "coli_hip.dll\u200B")) {
            Map<String, byte[]> e = new LinkedHashMap<>();
            e.put(fake, good());
            e.put("vcruntime140_1.dll", other());
        e.put("vcruntime140.dll", good());
            PackageReport r = zip("lookalike.zip", e);
            assertFalse(r.passed(), fake + " passed as the backend:\n" + table(r));
            assertEquals(Verdict.FAIL, check(r, CheckIds.PACKAGE_BACKENDS).verdict(), fake);
            Files.delete(dir.resolve("lookalike.zip"));
        }
    }

    /** {@code coli_hip.dll::$DATA} and {@code coli_hip.dll:evil} name streams: refused, the backend is missing. */
    @Test
    void streamNamesAreRefused() throws Exception {
        for (String stream : List.of("coli_hip.dll::$DATA", "coli_hip.dll:evil.dll", "x.txt:coli_hip.dll")) {
            Map<String, byte[]> e = new LinkedHashMap<>();
            e.put(stream, good());
            e.put("vcruntime140_1.dll", other());
        e.put("vcruntime140.dll", good());
            PackageReport r = zip("stream.zip", e);
            assertFalse(r.passed(), stream + ":\n" + table(r));
            assertEquals(Verdict.FAIL, check(r, CheckIds.PACKAGE_BACKENDS).verdict(), stream);
            Files.delete(dir.resolve("stream.zip"));
        }
    }

    /** A directory named {@code coli_hip.dll} (with a DLL inside) is not the backend. */
    @Test
    void aDirectoryNamedLikeTheBackendIsNotIt() throws Exception {
        Map<String, byte[]> e = new LinkedHashMap<>();
        e.put("coli_hip.dll/", new byte[0]);
        e.put("coli_hip.dll/vcruntime140.dll", good());
        e.put("vcruntime140_1.dll", other());
        e.put("vcruntime140.dll", good());
        PackageReport r = zip("dirname.zip", e);
        assertFalse(r.passed(), table(r));
        assertEquals(Verdict.FAIL, check(r, CheckIds.PACKAGE_BACKENDS).verdict(), table(r));
    }

    /** A backend that is no PE image (text, an empty file, MZ and nothing else) fails, it is not skipped. */
    @Test
    void aBackendThatIsNoPeImageFails() throws Exception {
        for (byte[] fake : List.of("not a dll".getBytes(StandardCharsets.US_ASCII), new byte[0],
                "MZ".getBytes(StandardCharsets.US_ASCII))) {
            Map<String, byte[]> e = new LinkedHashMap<>();
            e.put("coli_hip.dll", fake);
            e.put("vcruntime140_1.dll", other());
        e.put("vcruntime140.dll", good());
            PackageReport r = zip("nope.zip", e);
            assertFalse(r.passed(), fake.length + " bytes passed as the backend:\n" + table(r));
            Files.delete(dir.resolve("nope.zip"));
        }
    }

    /** The same backend twice, the second in a subdirectory and forged: both are backends, the forged one fails. */
    @Test
    void aSecondBackendInASubdirectoryIsHeldToEveryCheck() throws Exception {
        Map<String, byte[]> e = new LinkedHashMap<>();
        e.put("coli_hip.dll", good());
        e.put("vcruntime140_1.dll", other());
        e.put("vcruntime140.dll", good());
        e.put("bin/coli_hip.dll", "MZ forged".getBytes(StandardCharsets.US_ASCII));
        PackageReport r = zip("twice.zip", e);
        assertFalse(r.passed(), table(r));
        assertTrue(r.files().stream().filter(f -> f.name().endsWith("coli_hip.dll"))
                .allMatch(f -> f.role() == FileRole.BACKEND), table(r));
    }

    /** Entries that normalise to one path ({@code ./x}, {@code x}, {@code .\\x}, {@code a//x}): the second is refused and fails. */
    @Test
    void entriesNormalisingToOnePathFailThePackage() throws Exception {
        for (String twin : List.of("./coli_hip.dll", ".\\coli_hip.dll", "/coli_hip.dll", "coli_hip.dll/.",
                "COLI_HIP.DLL", "coli_hip.dll.")) {
            Map<String, byte[]> e = new LinkedHashMap<>();
            e.put("coli_hip.dll", good());
            e.put("vcruntime140_1.dll", other());
        e.put("vcruntime140.dll", good());
            e.put(twin, "MZ forged".getBytes(StandardCharsets.US_ASCII));
            PackageReport r = zip("norm.zip", e);
            assertFalse(r.passed(), "'" + twin + "' beside coli_hip.dll passed:\n" + table(r));
            Files.delete(dir.resolve("norm.zip"));
        }
    }

    /**
     * A PE image under a name that is no PE extension (and {@code .exe}, {@code .sys}) is counted against
     * {@code hip.package.maxFiles} and verified, not ignored.
     */
    @Test
    void peImagesUnderOtherNamesAreCountedAndVerified() throws Exception {
        Map<String, byte[]> e = new LinkedHashMap<>();
        e.put("coli_hip.dll", good());
        e.put("vcruntime140_1.dll", other());
        e.put("vcruntime140.dll", good());
        e.put("payload.bin", "MZ forged".getBytes(StandardCharsets.US_ASCII));
        e.put("tool.exe", "MZ forged".getBytes(StandardCharsets.US_ASCII));
        e.put("drv.sys", "MZ forged".getBytes(StandardCharsets.US_ASCII));
        PackageReport r = zip("other.zip", e);
        assertFalse(r.passed(), table(r));
        assertEquals(6, r.files().size(), table(r));
        PackageReport bounded = new PackageVerifier().verify(dir.resolve("other.zip"), options().toBuilder()
                .limits(dev.hipdll.release.PackageLimits.DEFAULT.withMaxFiles(5)).build());
        assertFalse(bounded.passed(), table(bounded));
        assertEquals(0, bounded.files().size(), "refused whole: " + table(bounded));
    }

    /**
     * An entry whose Info-ZIP Unicode Path extra field (0x7075) names it {@code coli_hip.dll}: java.util.zip reads
     * the header's name ({@code notes.bin}) and verifies a harmless redistributed file; 7-Zip and unzip extract it as
     * {@code coli_hip.dll}, over the backend that was verified.
     */
    @Test
    void aUnicodePathExtraFieldNamingTheBackendIsRefused() throws Exception {
        PackageReport r = new PackageVerifier().verify(unicodePathZip("coli_hip.dll"), options());
        assertFalse(r.passed(), "a file 7-Zip extracts as coli_hip.dll passed as notes.bin:\n" + table(r));
        Check c = check(r, CheckIds.PACKAGE_CONTENTS);
        assertEquals(Verdict.FAIL, c.verdict(), table(r));
        assertTrue(c.details().stream().anyMatch(d -> d.contains("Unicode Path") && d.contains("coli_hip.dll")),
                c.details().toString());
        // a Unicode Path equal to the name (what Info-ZIP writes beside a non-ASCII name) is accepted
        PackageReport same = new PackageVerifier().verify(unicodePathZip("notes.bin"), options());
        assertTrue(same.passed(), table(same));
    }

    private Path unicodePathZip(String unicodeName) throws Exception {
        Path zip = dir.resolve("unicode-path-" + unicodeName + ".zip");
        byte[] header = "notes.bin".getBytes(StandardCharsets.UTF_8);
        byte[] unicode = unicodeName.getBytes(StandardCharsets.UTF_8);
        java.util.zip.CRC32 crc = new java.util.zip.CRC32();
        crc.update(header);
        java.nio.ByteBuffer extra = java.nio.ByteBuffer.allocate(9 + unicode.length).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        extra.putShort((short) 0x7075).putShort((short) (5 + unicode.length)).put((byte) 1).putInt((int) crc.getValue())
                .put(unicode);
        try (java.util.zip.ZipOutputStream z = new java.util.zip.ZipOutputStream(Files.newOutputStream(zip))) {
            for (Map.Entry<String, byte[]> e : Map.of("coli_hip.dll", good(), "vcruntime140.dll", good(),
                    "vcruntime140_1.dll", other()).entrySet()) {
                z.putNextEntry(new java.util.zip.ZipEntry(e.getKey()));
                z.write(e.getValue());
                z.closeEntry();
            }
            java.util.zip.ZipEntry forged = new java.util.zip.ZipEntry("notes.bin");
            forged.setExtra(extra.array());
            z.putNextEntry(forged);
            z.write(other());  // a real PE: verified as the redistributed notes.bin, it passes
            z.closeEntry();
        }
        return zip;
    }

    /**
     * An entry whose local file header names it {@code coli_hip.dll} while the central directory says
     * {@code readme12.txt}: java.util.zip verifies the central name, a streaming extractor (ZipInputStream, a
     * pipe into bsdtar) writes the local one, over the backend.
     */
    @Test
    void aLocalHeaderNameThatIsNotTheCentralOneIsRefused() throws Exception {
        Map<String, byte[]> e = new LinkedHashMap<>();
        e.put("coli_hip.dll", good());
        e.put("vcruntime140.dll", good());
        e.put("vcruntime140_1.dll", other());
        e.put("readme12.txt", other());
        Path zip = PackageFixtures.zip(dir.resolve("local.zip"), e);
        byte[] b = Files.readAllBytes(zip);
        byte[] central = "readme12.txt".getBytes(StandardCharsets.US_ASCII);
        int at = -1;
        for (int i = 0; i + 30 + central.length <= b.length; i++) {  // the local header (PK\3\4) of readme12.txt
            if (b[i] == 'P' && b[i + 1] == 'K' && b[i + 2] == 3 && b[i + 3] == 4 && java.util.Arrays.equals(
                    java.util.Arrays.copyOfRange(b, i + 30, i + 30 + central.length), central)) {
                at = i + 30;
            }
        }
        assertTrue(at > 0);
        System.arraycopy("coli_hip.dll".getBytes(StandardCharsets.US_ASCII), 0, b, at, central.length);
        Files.write(zip, b);
        localNameRefused(zip);
        // the same with the entry's local header offset given in a ZIP64 extra field (0xFFFFFFFF in the header)
        Files.write(zip, zip64Offset(b, central, at - 30));
        localNameRefused(zip);
    }

    /** {@code b} with the central header of {@code name} pointing at its local header through a ZIP64 extra field. */
    private static byte[] zip64Offset(byte[] b, byte[] name, int localAt) {
        java.nio.ByteBuffer in = java.nio.ByteBuffer.wrap(b).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        int eocd = b.length - 22;
        int cdSize = in.getInt(eocd + 12);
        int cdOffset = in.getInt(eocd + 16);
        int h = cdOffset;
        while (!(in.getInt(h) == 0x02014b50 && java.util.Arrays.equals(java.util.Arrays.copyOfRange(b, h + 46,
                h + 46 + name.length), name))) {
            h += 46 + (in.getShort(h + 28) & 0xffff) + (in.getShort(h + 30) & 0xffff) + (in.getShort(h + 32) & 0xffff);
        }
        int headerEnd = h + 46 + (in.getShort(h + 28) & 0xffff) + (in.getShort(h + 30) & 0xffff);
        java.nio.ByteBuffer out = java.nio.ByteBuffer.allocate(b.length + 12).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        out.put(b, 0, headerEnd).putShort((short) 1).putShort((short) 8).putLong(localAt)
                .put(b, headerEnd, b.length - headerEnd);
        out.putInt(h + 42, -1).putShort(h + 30, (short) ((in.getShort(h + 30) & 0xffff) + 12));
        out.putInt(eocd + 12 + 12, cdSize + 12);
        return out.array();
    }

    private void localNameRefused(Path zip) throws Exception {
        PackageReport r = new PackageVerifier().verify(zip, options());
        assertFalse(r.passed(), "a file a streaming extractor writes as coli_hip.dll passed as readme12.txt:\n" + table(r));
        assertTrue(check(r, CheckIds.PACKAGE_CONTENTS).details().stream().anyMatch(d -> d.contains("local file header")),
                table(r));
    }
}
