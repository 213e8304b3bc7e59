package dev.hipdll.authenticode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.digest.Sha256;
import dev.hipdll.testing.Fixtures;
import dev.hipdll.testing.SigningFixtures;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link UnsignedImage}: a DLL signed after the build has the build's image; a "certificate table" spliced in front
 * of a section's raw data (every byte of the build's DLL still there in file order, so the Authenticode hash without
 * the table is the build's, but the loader now maps the table's bytes as the section) is not the build's image.
 */
class UnsignedImageTest {
    @TempDir
    Path dir;

    @Test
    void aSignatureAtTheEndKeepsTheImageATableInsideTheSectionsDoesNot() throws Exception {
        Path plain = Fixtures.exampleDll(dir, "plain.dll", List.of("gfx1151"), List.of());
        String built = Sha256.of(plain);

        Path signed = Files.copy(plain, dir.resolve("signed.dll"));
        SigningFixtures.Identity root = SigningFixtures.root("root", Duration.ofDays(30));
        SigningFixtures.sign(signed, SigningFixtures.codeSigner("signer", root, Duration.ofDays(30)));
        assertEquals(Optional.of(built), UnsignedImage.sha256(signed), "a DLL signed after the build");

        Path spliced = dir.resolve("spliced.dll");
        Files.write(spliced, spliced(Files.readAllBytes(plain)));
        Optional<String> image = UnsignedImage.sha256(spliced);
        assertTrue(image.isEmpty() || !image.get().equals(built),
                "a table spliced before the first section's raw data passed as the build's image: " + image);
        assertNotEquals(Optional.of(built), UnsignedImage.sha256(spliced));
    }

    /** {@code dll} with a 64-byte WIN_CERTIFICATE of 0xCC inserted at the first section's raw data, named by directory 4. */
    private static byte[] spliced(byte[] dll) {
        ByteBuffer b = ByteBuffer.wrap(dll).order(ByteOrder.LITTLE_ENDIAN);
        int pe = b.getInt(0x3c);
        int sections = b.getShort(pe + 6) & 0xffff;
        int table = pe + 24 + (b.getShort(pe + 20) & 0xffff);
        int first = Integer.MAX_VALUE;
        for (int i = 0; i < sections; i++) {
            int ptr = b.getInt(table + 40 * i + 20);
            if (ptr != 0) {
                first = Math.min(first, ptr);
            }
        }
        byte[] cert = new byte[64];
        java.util.Arrays.fill(cert, (byte) 0xCC);
        ByteBuffer c = ByteBuffer.wrap(cert).order(ByteOrder.LITTLE_ENDIAN);
        c.putInt(0, cert.length).putShort(4, (short) 0x0200).putShort(6, (short) 2);
        byte[] out = new byte[dll.length + cert.length];
        System.arraycopy(dll, 0, out, 0, first);
        System.arraycopy(cert, 0, out, first, cert.length);
        System.arraycopy(dll, first, out, first + cert.length, dll.length - first);
        boolean plus = (b.getShort(pe + 24) & 0xffff) == 0x20b;
        int dir4 = pe + 24 + (plus ? 112 : 96) + 8 * 4;
        ByteBuffer o = ByteBuffer.wrap(out).order(ByteOrder.LITTLE_ENDIAN);
        o.putInt(dir4, first).putInt(dir4 + 4, cert.length);
        return out;
    }
}
