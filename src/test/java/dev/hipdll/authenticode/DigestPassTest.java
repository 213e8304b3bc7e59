package dev.hipdll.authenticode;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.bytes.BinaryFormatException;
import dev.hipdll.bytes.ByteSource;
import dev.hipdll.bytes.ReadBudget;
import dev.hipdll.bytes.ReadLimits;
import dev.hipdll.digest.Sha256;
import dev.hipdll.pe.PeFile;
import dev.hipdll.testing.Fixtures;
import dev.hipdll.testing.SigningFixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link DigestPass}: passes run at once on threads of their own give exactly the digests they give one after the
 * other, and a pass that fails (a range past the end of the file) fails the whole hash after every thread ended.
 */
class DigestPassTest {
    @TempDir
    Path dir;

    @Test
    void theImageHashIsTheSameOnOneCoreAndOnMany() throws Exception {
        Path dll = Fixtures.exampleDll(dir, "plain.dll", List.of("gfx1151"), List.of());
        String built = Sha256.of(dll);
        SigningFixtures.Identity root = SigningFixtures.root("root", Duration.ofDays(30));
        SigningFixtures.sign(dll, SigningFixtures.codeSigner("signer", root, Duration.ofDays(30)));
        try (PeFile pe = PeFile.open(dll)) {
            CertificateTable table = CertificateTable.read(pe);
            List<String> algorithms = List.of("SHA-256", "SHA-1", "SHA-512");
            ImageDigest.Result one = ImageDigest.compute(pe, table, algorithms, true, pe.budget(), 1);
            ImageDigest.Result many = ImageDigest.compute(pe, table, algorithms, true, pe.budget(), 8);
            for (String a : algorithms) {
                assertArrayEquals(one.fileOrder().get(a), many.fileOrder().get(a), a);
                assertArrayEquals(one.sectionWalk().get(a), many.sectionWalk().get(a), a);
            }
            assertEquals(built, one.unsignedSha256(), "the unsigned image is the DLL the link wrote");
            assertEquals(built, many.unsignedSha256());
        }
    }

    @Test
    void segmentsAndZerosAreHashedInOrderWhateverTheThreads() throws Exception {
        byte[] data = new byte[5 * ImageDigest.CHUNK / 2 + 13];
        new Random(11).nextBytes(data);
        Path file = Files.write(dir.resolve("data.bin"), data);
        MessageDigest expected = MessageDigest.getInstance("SHA-256");
        expected.update(data, 0, 100);
        expected.update(new byte[4]);
        expected.update(data, 104, data.length - 104);
        byte[] want = expected.digest();
        byte[] plain = MessageDigest.getInstance("SHA-256").digest(data);
        try (ByteSource src = ByteSource.open(file)) {
            ReadBudget budget = new ReadBudget(ReadLimits.DEFAULT);
            for (int processors : new int[] {1, 2, 3, 16}) {
                List<byte[]> got = DigestPass.runAll(List.of(
                        pass(src, budget, DigestPass.Segment.range(0, 100), DigestPass.Segment.zeros(4),
                                DigestPass.Segment.range(104, data.length)),
                        pass(src, budget, DigestPass.Segment.range(0, data.length)),
                        pass(src, budget, DigestPass.Segment.range(0, 7), DigestPass.Segment.range(7, 7),
                                DigestPass.Segment.range(7, data.length))), processors);
                assertEquals(HexFormat.of().formatHex(want), HexFormat.of().formatHex(got.get(0)), processors + " processor(s)");
                assertArrayEquals(plain, got.get(1), processors + " processor(s)");
                assertArrayEquals(plain, got.get(2), "empty ranges add nothing, " + processors + " processor(s)");
            }
        }
    }

    @Test
    void aFailingPassOnAWorkerFailsTheHashAndNoThreadOutlivesIt() throws Exception {
        Path file = Files.write(dir.resolve("short.bin"), new byte[1000]);
        try (ByteSource src = ByteSource.open(file)) {
            ReadBudget budget = new ReadBudget(ReadLimits.DEFAULT);
            BinaryFormatException e = assertThrows(BinaryFormatException.class, () -> DigestPass.runAll(List.of(
                    pass(src, budget, DigestPass.Segment.range(0, 1000)),
                    pass(src, budget, DigestPass.Segment.range(0, 5000))), 2));
            assertTrue(e.getMessage().contains("Authenticode image hash"), e.getMessage());
            for (Thread t : Thread.getAllStackTraces().keySet()) {
                assertTrue(!t.getName().startsWith("hipdll-image-hash") || !t.isAlive(), "still running: " + t.getName());
            }
        }
    }

    private static DigestPass pass(ByteSource src, ReadBudget budget, DigestPass.Segment... segments) throws Exception {
        return new DigestPass("test.bin", src, budget, MessageDigest.getInstance("SHA-256"), List.of(segments));
    }
}
