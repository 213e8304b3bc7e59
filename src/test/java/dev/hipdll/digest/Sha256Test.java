package dev.hipdll.digest;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The one SHA-256 helper (FIPS 180-4 test vector "abc"): bytes, UTF-8 text and a file agree. */
class Sha256Test {
    private static final String ABC = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";

    @Test
    void bytesTextAndFileGiveTheStandardDigest(@TempDir Path dir) throws IOException {
        assertEquals(ABC, Sha256.of("abc".getBytes(StandardCharsets.US_ASCII)));
        assertEquals(ABC, Sha256.ofUtf8("abc"));
        assertEquals(ABC, Sha256.of(Files.writeString(dir.resolve("abc.txt"), "abc")));
    }

    @Test
    void aFileLargerThanOneBlockIsDigestedWhole(@TempDir Path dir) throws IOException {
        byte[] big = new byte[(1 << 16) * 3 + 17];
        for (int i = 0; i < big.length; i++) {
            big[i] = (byte) (i * 31);
        }
        assertEquals(Sha256.of(big), Sha256.of(Files.write(dir.resolve("big.bin"), big)));
    }
}
