package dev.hipdll.bundle;

import dev.hipdll.bytes.BinaryFormatException;
import dev.hipdll.bytes.ByteSource;
import dev.hipdll.testing.DeviceCodeSeeds;
import dev.hipdll.testing.ReaderFuzz;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The offload bundle reader under seeded mutants ({@link ReaderFuzz}): real bundles of the example
 * backend's device code built by clang-19 ({@link DeviceCodeSeeds}: plain; compressed with zstd by {@code --offload-compress};
 * the plain one compressed with zlib in a v2 header, as clang lays it out), mutated anywhere. Each mutant is read as verify reads a bundle:
 * {@link OffloadBundleReader#read} (with a 64 MiB decompression limit), a compressed one inflated
 * ({@link BundleInflater}) and the plain bundle inside read again. Only {@link BinaryFormatException} may come out.
 */
@Tag("fuzz")
class OffloadBundleFuzzTest {
    static final List<String> DICTIONARY = List.of(OffloadBundleReader.MAGIC, OffloadBundleReader.COMPRESSED_MAGIC,
            "hipv4-amdgcn-amd-amdhsa--gfx1100", "host-x86_64-unknown-linux-gnu-", ":xnack+", ":sramecc-", "\u007fELF");

    @TempDir
    Path dir;

    @Test
    void mutantsOfOffloadBundlesReadOrFailByName() throws Exception {
        byte[] plain = Files.readAllBytes(DeviceCodeSeeds.bundle(dir.resolve("plain.bundle"), List.of()));
        byte[] zlib = CompressedBundleTest.ccob(2, CompressionInfo.ZLIB, CompressedBundleTest.compress(CompressionInfo.ZLIB,
                plain), plain.length);  // clang-19 writes zstd when it has it; v2 zlib as CompressedBundleTest lays it out
        List<ReaderFuzz.Seed> seeds = List.of(ReaderFuzz.Seed.whole("plain.bundle", plain, DICTIONARY),
                ReaderFuzz.Seed.whole("zlib-v2.ccob", zlib, DICTIONARY),
                ReaderFuzz.Seed.whole("zstd.ccob", Files.readAllBytes(DeviceCodeSeeds.bundle(dir.resolve("zstd.ccob"),
                        List.of("--offload-compress"))), DICTIONARY));
        ReaderFuzz.run("offloadBundle", 20261208L, seeds, OffloadBundleFuzzTest::read, BinaryFormatException.class);
    }

    /** Reads the bundle at the start of {@code bytes}, inflating a compressed one; returns the entries read. */
    static Object read(String name, byte[] bytes) throws Exception {
        ByteSource src = ByteSource.of(name, bytes);
        OffloadBundleReader reader = new OffloadBundleReader(64L << 20);
        OffloadBundle b = reader.read(src, 0);
        OffloadBundleReader.endOf(b);
        if (b.compression().isEmpty()) {
            return b.entries();
        }
        long n = BundleInflater.inflate(src, b, OutputStream.nullOutputStream());
        if (n > (4L << 20)) {
            return n;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        BundleInflater.inflate(src, b, out);
        return reader.read(ByteSource.of(name + " (inflated)", out.toByteArray()), 0).entries();
    }
}
