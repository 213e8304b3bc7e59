package dev.hipdll.bundle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.bytes.BinaryFormatException;
import dev.hipdll.bytes.ByteSource;
import dev.hipdll.bytes.ReadLimits;
import dev.hipdll.pe.PeFile;
import dev.hipdll.testing.MiniPe;
import io.airlift.compress.zstd.ZstdCompressor;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Hand-made images whose {@code .hipFatB} wrappers or compressed bundles would keep the reader busy
 * for hours if each were taken at face value: the same bundle wrapped tens of thousands of times,
 * many bundles each just under the decompression limit. The time limits are generous guards against
 * a hang (the unguarded reader needed about 20 minutes for the first image), not measurements.
 */
class HostileFatBinaryTest {
    private static final long IMAGE_BASE = 0x180000000L;

    @Test
    void tenThousandsOfWrappersOfOneBundleReadItOnce() throws Exception {
        byte[] bundle = compressedBundle(64 << 20, 2);
        int wrappers = 43000;
        int bundleAt = wrappers * 24;
        byte[] section = new byte[bundleAt + bundle.length];
        ByteBuffer s = ByteBuffer.wrap(section).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < wrappers; i++) {
            wrapper(s, i * 24, IMAGE_BASE + MiniPe.SECTION_RVA + bundleAt);
        }
        System.arraycopy(bundle, 0, section, bundleAt, bundle.length);
        List<OffloadBundle> bundles = assertTimeoutPreemptively(Duration.ofMinutes(5),
                () -> bundles(wrapperImage(section), new OffloadBundleReader()));
        assertEquals(1, bundles.size(), "one bundle, however many wrappers point at it");
        assertEquals("hipv4-amdgcn-amd-amdhsa--gfx1151", bundles.get(0).entries().get(0).id().text());
    }

    @Test
    void compressedBundlesTogetherOverTheInflateBudgetAreRefused() throws Exception {
        int limit = 1 << 20;
        byte[] bundle = compressedBundle(limit, 2);
        int count = 9;
        int stride = (bundle.length + 7) & ~7;
        int wrapperBytes = count * 24;
        byte[] section = new byte[wrapperBytes + stride * count];
        ByteBuffer s = ByteBuffer.wrap(section).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < count; i++) {
            int at = wrapperBytes + stride * i;
            wrapper(s, i * 24, IMAGE_BASE + MiniPe.SECTION_RVA + at);
            System.arraycopy(bundle, 0, section, at, bundle.length);
        }
        ReadLimits eightBundles = ReadLimits.builder().inflateBytes(8L * limit).build();
        BinaryFormatException e = assertThrows(BinaryFormatException.class,
                () -> bundles(wrapperImage(section), new OffloadBundleReader(limit), eightBundles));
        assertTrue(e.getMessage().contains("over the verification budget: more than " + 8L * limit + " bytes inflated"),
                e.getMessage());
        assertTrue(e.getMessage().contains("compressed offload bundle uncompressed size"), e.getMessage());
        // eight of them are within the budget
        byte[] eight = java.util.Arrays.copyOf(section, section.length);
        ByteBuffer.wrap(eight).order(ByteOrder.LITTLE_ENDIAN).putInt((count - 1) * 24, 0);
        assertEquals(count - 1, bundles(wrapperImage(eight), new OffloadBundleReader(limit), eightBundles).size());
    }

    @Test
    void wrapperPointingAtItselfOrOutsideTheImageIsSkipped() throws Exception {
        byte[] section = new byte[0x200];
        ByteBuffer s = ByteBuffer.wrap(section).order(ByteOrder.LITTLE_ENDIAN);
        wrapper(s, 0, IMAGE_BASE + MiniPe.SECTION_RVA);          // itself
        wrapper(s, 24, IMAGE_BASE + 0x7fff0000L);                  // outside every section
        wrapper(s, 48, 0);                                         // below the image base
        assertEquals(List.of(), bundles(wrapperImage(section), new OffloadBundleReader()));
    }

    @Test
    void v3TotalSizeWithTheTopBitSetIsRefused() throws Exception {
        ByteBuffer b = ByteBuffer.allocate(64).order(ByteOrder.LITTLE_ENDIAN);
        b.put("CCOB".getBytes(StandardCharsets.ISO_8859_1)).putShort((short) 3).putShort((short) 1)
                .putLong(Long.MIN_VALUE + 64).putLong(100).putLong(0);
        BinaryFormatException e = assertThrows(BinaryFormatException.class,
                () -> new OffloadBundleReader().read(ByteSource.of("v3", b.array()), 0));
        assertTrue(e.getMessage().contains("compressed offload bundle total size at offset 0x8"), e.getMessage());
    }

    private static List<OffloadBundle> bundles(byte[] image, OffloadBundleReader reader) throws Exception {
        return bundles(image, reader, ReadLimits.DEFAULT);
    }

    private static List<OffloadBundle> bundles(byte[] image, OffloadBundleReader reader, ReadLimits limits) throws Exception {
        try (PeFile pe = PeFile.read(ByteSource.of("hostile.dll", image), limits)) {
            return new FatBinaryLocator(reader).bundles(pe);
        }
    }

    /** A MiniPe image whose only section is called {@code .hipFatB} and holds {@code section}. */
    private static byte[] wrapperImage(byte[] section) {
        byte[] pe = new MiniPe().section(section).build();
        int header = MiniPe.PE_OFFSET + 24 + 112 + 16 * 8;
        System.arraycopy(FatBinaryLocator.WRAPPER_SECTION.getBytes(StandardCharsets.ISO_8859_1), 0, pe, header, 8);
        return pe;
    }

    private static void wrapper(ByteBuffer b, int at, long va) {
        b.putInt(at, FatBinaryLocator.WRAPPER_MAGIC).putInt(at + 4, 1).putLong(at + 8, va);
    }

    /** A CCOB v2 zstd bundle of one device entry that inflates to {@code size} bytes (mostly zeros). */
    private static byte[] compressedBundle(int size, int version) {
        byte[] plain = new byte[size];
        ByteBuffer p = ByteBuffer.wrap(plain).order(ByteOrder.LITTLE_ENDIAN);
        String id = "hipv4-amdgcn-amd-amdhsa--gfx1151";
        p.put(OffloadBundleReader.MAGIC.getBytes(StandardCharsets.ISO_8859_1)).putLong(1)
                .putLong(4096).putLong(size - 4096).putLong(id.length()).put(id.getBytes(StandardCharsets.ISO_8859_1));
        ZstdCompressor z = new ZstdCompressor();
        byte[] out = new byte[z.maxCompressedLength(size)];
        int n = z.compress(plain, 0, size, out, 0, out.length);
        ByteBuffer b = ByteBuffer.allocate(24 + n).order(ByteOrder.LITTLE_ENDIAN);
        b.put("CCOB".getBytes(StandardCharsets.ISO_8859_1)).putShort((short) version).putShort((short) CompressionInfo.ZSTD)
                .putInt(24 + n).putInt(size).putLong(0).put(out, 0, n);
        return b.array();
    }
}
