package dev.hipdll.testing;

import dev.hipdll.bundle.FatBinaryLocator;
import dev.hipdll.bundle.OffloadBundleReader;
import io.airlift.compress.zstd.ZstdCompressor;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.zip.Deflater;

/**
 * Small, valid-looking DLLs that declare huge amounts of names, entries or decompressed bytes
 *, written with {@link PeImage}: what a verifier must refuse within its
 * budget instead of running out of memory or time.
 */
public final class HostileDlls {
    private HostileDlls() {
    }

    /**
     * {@code descriptors} import descriptors of {@code KERNEL32.dll} that all share one lookup
     * table of {@code entries} entries, each naming the same {@code nameLength}-byte symbol: 63 x
     * 4096 x 4095 bytes is about 1 GiB of names from a 56 KB file.
     */
    public static byte[] sharedImportTable(int descriptors, int entries, int nameLength) {
        int descAt = 0;
        int iltAt = 20 * (descriptors + 1);
        int dllAt = iltAt + 8 * (entries + 1);
        int nameAt = dllAt + 16;
        byte[] sec = new byte[nameAt + 2 + nameLength + 1];
        PeImage img = new PeImage();
        int rva = img.nextRva();
        ByteBuffer b = ByteBuffer.wrap(sec).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < descriptors; i++) {
            b.putInt(descAt + 20 * i, rva + iltAt).putInt(descAt + 20 * i + 12, rva + dllAt)
                    .putInt(descAt + 20 * i + 16, rva + iltAt);
        }
        for (int i = 0; i < entries; i++) {
            b.putLong(iltAt + 8 * i, rva + nameAt);
        }
        b.put(dllAt, "KERNEL32.dll".getBytes(StandardCharsets.ISO_8859_1));
        Arrays.fill(sec, nameAt + 2, nameAt + 2 + nameLength, (byte) 'A');
        img.data(".idata", sec);
        img.directory(1, rva, 20L * (descriptors + 1));
        return img.build();
    }

    /**
     * An export directory of {@code names} names of {@code nameLength} bytes (all name pointers
     * point at one string), each its own export address table entry: 65,536 x 4095 bytes from 678 KB.
     */
    public static byte[] manyExportNames(int names, int nameLength) {
        PeImage img = new PeImage();
        int text = img.section(".text", new byte[16], 0x60000020L);
        int rva = img.nextRva();
        int eatAt = 40;
        int nptAt = eatAt + 4 * names;
        int ordAt = nptAt + 4 * names;
        int dllAt = ordAt + 2 * names;
        int nameAt = dllAt + 16;
        byte[] sec = new byte[nameAt + nameLength + 1];
        ByteBuffer b = ByteBuffer.wrap(sec).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(12, rva + dllAt).putInt(16, 1).putInt(20, names).putInt(24, names).putInt(28, rva + eatAt)
                .putInt(32, rva + nptAt).putInt(36, rva + ordAt);
        for (int i = 0; i < names; i++) {
            b.putInt(eatAt + 4 * i, text);
            b.putInt(nptAt + 4 * i, rva + nameAt);
            b.putShort(ordAt + 2 * i, (short) i);
        }
        b.put(dllAt, "coli_hip.dll".getBytes(StandardCharsets.ISO_8859_1));
        byte[] prefix = "coli_cuda_".getBytes(StandardCharsets.ISO_8859_1);
        Arrays.fill(sec, nameAt, nameAt + nameLength, (byte) 'x');
        System.arraycopy(prefix, 0, sec, nameAt, Math.min(prefix.length, nameLength));
        img.data(".edata", sec);
        img.directory(0, rva, sec.length);
        return img.build();
    }

    /**
     * {@code bundles} identical compressed ({@code CCOB} v2 zstd) offload bundles in {@code .hip_fat},
     * each wrapped in {@code .hipFatB}, each holding {@code entries} entries with ids of
     * {@code idLength} bytes: 240 x 4096 x 4096 bytes of ids from about a megabyte.
     */
    public static byte[] manyBundleIds(int bundles, int entries, int idLength) {
        int table = 24 + 8 + entries * (24 + idLength);
        byte[] plain = new byte[table];
        ByteBuffer p = ByteBuffer.wrap(plain).order(ByteOrder.LITTLE_ENDIAN);
        p.put(OffloadBundleReader.MAGIC.getBytes(StandardCharsets.ISO_8859_1)).putLong(entries);
        byte[] id = Arrays.copyOf("hipv4-amdgcn-amd-amdhsa--gfx1151".getBytes(StandardCharsets.ISO_8859_1), idLength);
        Arrays.fill(id, 32, idLength, (byte) 'z');
        for (int i = 0; i < entries; i++) {
            p.putLong(table).putLong(0).putLong(idLength).put(id);
        }
        ZstdCompressor z = new ZstdCompressor();
        byte[] out = new byte[z.maxCompressedLength(plain.length)];
        int n = z.compress(plain, 0, plain.length, out, 0, out.length);
        return wrapped(ccob(CCOB_ZSTD, Arrays.copyOf(out, n), plain.length), bundles);
    }

    /**
     * {@code bundles} identical {@code CCOB} v2 zlib bundles that each inflate to {@code size}
     * bytes (one device entry, zeros): 8 x 512 MiB from 4 MB.
     */
    public static byte[] zlibBombs(int bundles, int size) {
        byte[] head = new byte[4096];
        ByteBuffer p = ByteBuffer.wrap(head).order(ByteOrder.LITTLE_ENDIAN);
        String id = "hipv4-amdgcn-amd-amdhsa--gfx1151";
        p.put(OffloadBundleReader.MAGIC.getBytes(StandardCharsets.ISO_8859_1)).putLong(1).putLong(4096)
                .putLong(size - 4096L).putLong(id.length()).put(id.getBytes(StandardCharsets.ISO_8859_1));
        Deflater d = new Deflater(Deflater.BEST_COMPRESSION);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buf = new byte[1 << 16];
        d.setInput(head);
        byte[] zeros = new byte[1 << 20];
        long left = size - 4096L;
        while (true) {
            while (!d.needsInput()) {
                out.write(buf, 0, d.deflate(buf));
            }
            if (left == 0) {
                break;
            }
            int k = (int) Math.min(zeros.length, left);
            d.setInput(zeros, 0, k);
            left -= k;
        }
        d.finish();
        while (!d.finished()) {
            out.write(buf, 0, d.deflate(buf));
        }
        d.end();
        return wrapped(ccob(CCOB_ZLIB, out.toByteArray(), size), bundles);
    }

    /**
     * A DLL with one plain offload bundle whose gfx1151 entry is a hand-built AMDGPU ELF code object with a
     * {@code .debug_str} section flagged {@code SHF_COMPRESSED} (0x800): an {@code Elf64_Chdr} of
     * {@code chType} and {@code chSize}, then {@code payload} (System V gABI "Section Compression").
     */
    public static byte[] compressedSection(int chType, long chSize, byte[] payload) {
        byte[] shstr = "\0.shstrtab\0.debug_str\0".getBytes(StandardCharsets.ISO_8859_1);
        int strOff = 64;
        int dataOff = (strOff + shstr.length + 7) & ~7;
        int dataLen = 24 + payload.length;
        int shoff = (dataOff + dataLen + 7) & ~7;
        ByteBuffer e = ByteBuffer.allocate(shoff + 3 * 64).order(ByteOrder.LITTLE_ENDIAN);
        e.put(new byte[] {0x7f, 'E', 'L', 'F', 2, 1, 1, 64, 3});
        e.putShort(16, (short) 3).putShort(18, (short) 224).putInt(20, 1).putLong(0x28, shoff).putInt(48, 0x4a)
                .putShort(0x34, (short) 64).putShort(0x3A, (short) 64).putShort(0x3C, (short) 3).putShort(0x3E, (short) 1);
        e.put(strOff, shstr);
        e.putInt(dataOff, chType).putLong(dataOff + 8, chSize).putLong(dataOff + 16, 1).put(dataOff + 24, payload);
        int h = shoff + 64;  // [0] is the null section
        e.putInt(h, 1).putInt(h + 4, 3).putLong(h + 0x18, strOff).putLong(h + 0x20, shstr.length);
        h += 64;
        e.putInt(h, 11).putInt(h + 4, 1).putLong(h + 8, 0x830).putLong(h + 0x18, dataOff).putLong(h + 0x20, dataLen);
        byte[] elf = e.array();
        String id = "hipv4-amdgcn-amd-amdhsa--gfx1151";
        ByteBuffer b = ByteBuffer.allocate(4096 + elf.length).order(ByteOrder.LITTLE_ENDIAN);
        b.put(OffloadBundleReader.MAGIC.getBytes(StandardCharsets.ISO_8859_1)).putLong(1).putLong(4096)
                .putLong(elf.length).putLong(id.length()).put(id.getBytes(StandardCharsets.ISO_8859_1));
        b.put(4096, elf);
        return wrapped(b.array(), 1);
    }

    /** A zlib stream (RFC 1950) of {@code zeros} zero bytes, followed by {@code tail} (e.g. a path). */
    public static byte[] zlibZeros(long zeros, byte[] tail) {
        Deflater d = new Deflater(Deflater.BEST_COMPRESSION);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buf = new byte[1 << 16];
        byte[] block = new byte[1 << 20];
        long left = zeros;
        boolean tailGiven = false;
        while (true) {
            while (!d.needsInput()) {
                out.write(buf, 0, d.deflate(buf));
            }
            if (left > 0) {
                int k = (int) Math.min(block.length, left);
                d.setInput(block, 0, k);
                left -= k;
            } else if (!tailGiven) {
                d.setInput(tail);
                tailGiven = true;
            } else {
                break;
            }
        }
        d.finish();
        while (!d.finished()) {
            out.write(buf, 0, d.deflate(buf));
        }
        d.end();
        return out.toByteArray();
    }

    private static final int CCOB_ZLIB = 0;
    private static final int CCOB_ZSTD = 1;

    private static byte[] ccob(int method, byte[] payload, int uncompressed) {
        ByteBuffer b = ByteBuffer.allocate(24 + payload.length).order(ByteOrder.LITTLE_ENDIAN);
        b.put("CCOB".getBytes(StandardCharsets.ISO_8859_1)).putShort((short) 2).putShort((short) method)
                .putInt(24 + payload.length).putInt(uncompressed).putLong(0).put(payload);
        return b.array();
    }

    /** {@code count} copies of {@code bundle} in {@code .hip_fat} (4096-aligned), each with a wrapper in {@code .hipFatB}. */
    public static byte[] wrapped(byte[] bundle, int count) {
        int stride = (bundle.length + 4095) & ~4095;
        byte[] fat = new byte[stride * count];
        for (int i = 0; i < count; i++) {
            System.arraycopy(bundle, 0, fat, stride * i, bundle.length);
        }
        PeImage img = new PeImage();
        int fatRva = img.section(FatBinaryLocator.FATBIN_SECTION, fat, 0x40000040L);
        byte[] w = new byte[24 * count];
        ByteBuffer b = ByteBuffer.wrap(w).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < count; i++) {
            b.putInt(24 * i, FatBinaryLocator.WRAPPER_MAGIC).putInt(24 * i + 4, 1)
                    .putLong(24 * i + 8, PeImage.IMAGE_BASE + fatRva + (long) stride * i);
        }
        img.data(FatBinaryLocator.WRAPPER_SECTION, w);
        return img.build();
    }

    /**
     * {@code descriptors} delay-load descriptors whose name tables overlap: table k starts 8k bytes
     * into one run of {@code entries} entries that all name one symbol, so each table is distinct
     * and long while the file stays small (4096 x 65536 entries walked from 2.6 MB).
     */
    public static byte[] overlappingDelayImportTables(int descriptors, int entries) {
        int intAt = 32 * (descriptors + 1);
        int nameAt = intAt + 8 * (entries + descriptors + 1);
        byte[] sec = new byte[nameAt + 64];
        PeImage img = new PeImage();
        int rva = img.nextRva();
        ByteBuffer b = ByteBuffer.wrap(sec).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < descriptors; i++) {
            int d = 32 * i;
            b.putInt(d, 1).putInt(d + 4, rva + nameAt + 4).putInt(d + 8, rva + nameAt).putInt(d + 12, rva + nameAt)
                    .putInt(d + 16, rva + intAt + 8 * i);
        }
        for (int i = 0; i < entries + descriptors; i++) {
            b.putLong(intAt + 8 * i, rva + nameAt);
        }
        sec[nameAt + 2] = 'f';
        System.arraycopy("x.dll".getBytes(StandardCharsets.ISO_8859_1), 0, sec, nameAt + 4, 5);
        img.data(".didat", sec);
        img.directory(13, rva, 32L * (descriptors + 1));
        return img.build();
    }

    /**
     * A base relocation directory of {@code bytes} bytes of empty 8-byte blocks (page RVA of
     * {@code .text}, no entries): well formed, and millions of blocks from a file of that size.
     */
    public static byte[] emptyRelocationBlocks(int bytes) {
        PeImage img = new PeImage();
        int text = img.section(".text", new byte[0x1000], 0x60000020L);
        int rva = img.nextRva();
        byte[] sec = new byte[bytes];
        ByteBuffer b = ByteBuffer.wrap(sec).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i + 8 <= bytes; i += 8) {
            b.putInt(i, text).putInt(i + 4, 8);
        }
        img.data(".reloc", sec);
        img.directory(5, rva, bytes);
        return img.build();
    }
}
