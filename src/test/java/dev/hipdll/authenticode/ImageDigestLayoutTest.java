package dev.hipdll.authenticode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.bytes.ReadBudget;
import dev.hipdll.bytes.ReadLimits;
import dev.hipdll.pe.PeFile;
import dev.hipdll.pe.SectionHeader;
import dev.hipdll.testing.Fixtures;
import dev.hipdll.testing.SigningFixtures;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import net.jsign.DigestAlgorithm;
import net.jsign.pe.PEFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The two orders of the Authenticode image hash ({@link ImageDigest}): on a linker's layout (sections right after the
 * headers, the table at the end) the specification's section walk is the file order jsign hashes; with 512 bytes of
 * junk between the headers and the first section, the walk skips them and the file order does not, both are computed,
 * the layout is named, and a signature over either matches.
 */
class ImageDigestLayoutTest {
    @TempDir
    Path dir;

    private static ImageDigest.Result hash(Path dll) throws Exception {
        try (PeFile pe = PeFile.open(dll)) {
            return ImageDigest.compute(pe, CertificateTable.read(pe), List.of("SHA-256"), new ReadBudget(ReadLimits.DEFAULT));
        }
    }

    @Test
    void aLinkersLayoutHasOneHashAndAGapBeforeTheSectionsGivesTwo() throws Exception {
        SigningFixtures.Identity root = SigningFixtures.root("root", Duration.ofDays(30));
        SigningFixtures.Identity signer = SigningFixtures.codeSigner("signer", root, Duration.ofDays(30));
        Path plain = Fixtures.exampleDll(dir, "plain.dll", List.of("gfx1151"), List.of());
        Path linear = Files.copy(plain, dir.resolve("linear.dll"));
        SigningFixtures.sign(linear, signer);
        ImageDigest.Result one = hash(linear);
        assertNull(one.layoutNote());
        assertTrue(one.fileOrder() == one.sectionWalk(), "one pass when the orders agree");

        Path gap = dir.resolve("gap.dll");
        Files.write(gap, withGap(Files.readAllBytes(plain), 512));
        SigningFixtures.sign(gap, signer);  // jsign hashes in file order: the junk is covered
        ImageDigest.Result two = hash(gap);
        assertNotNull(two.layoutNote());
        assertTrue(two.layoutNote().contains("not where the bytes before it end"), two.layoutNote());
        assertFalse(java.util.Arrays.equals(two.fileOrder().get("SHA-256"), two.sectionWalk().get("SHA-256")));
        byte[] signed;
        try (PEFile pe = new PEFile(gap.toFile())) {
            signed = pe.computeDigest(DigestAlgorithm.SHA256);
        }
        assertEquals(HexFormat.of().formatHex(signed), HexFormat.of().formatHex(two.fileOrder().get("SHA-256")));
        assertTrue(two.matches("SHA-256", signed));
        assertFalse(two.matches("SHA-256", new byte[32]));
    }

    /** {@code dll} with {@code n} bytes of 0xCC inserted before the first section, every PointerToRawData moved. */
    private static byte[] withGap(byte[] dll, int n) throws Exception {
        ByteBuffer b = ByteBuffer.wrap(dll).order(ByteOrder.LITTLE_ENDIAN);
        int pe = b.getInt(0x3c);
        int sections = b.getShort(pe + 6) & 0xffff;
        int table = pe + 24 + (b.getShort(pe + 20) & 0xffff);
        long first = Long.MAX_VALUE;
        for (int i = 0; i < sections; i++) {
            long ptr = b.getInt(table + 40 * i + 20) & 0xffffffffL;
            if (ptr != 0) {
                first = Math.min(first, ptr);
                b.putInt(table + 40 * i + 20, (int) (ptr + n));
            }
        }
        byte[] out = new byte[dll.length + n];
        System.arraycopy(dll, 0, out, 0, (int) first);
        java.util.Arrays.fill(out, (int) first, (int) first + n, (byte) 0xcc);
        System.arraycopy(dll, (int) first, out, (int) first + n, dll.length - (int) first);
        return out;
    }
}
