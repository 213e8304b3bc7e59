package dev.hipdll.testing;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes a PE32+ x64 DLL image by hand with any number of sections, for hostile inputs no linker
 * would produce: headers in the first 0x400 bytes ({@code e_lfanew} = 0x80, 16 data directories),
 * sections laid out in the order added at RVAs aligned to 0x1000 from 0x1000 and file offsets
 * aligned to 0x200 from 0x400; {@code ImageBase} 0x180000000. Follows the PE/COFF specification's
 * layouts (sections 2, 3.3, 3.4, 4).
 */
public final class PeImage {
    public static final long IMAGE_BASE = 0x180000000L;
    public static final int PE_OFFSET = 0x80;
    private static final int HEADERS = 0x400;

    private record Section(String name, byte[] bytes, int rva, long characteristics) {
    }

    private final List<Section> sections = new ArrayList<>();
    private final long[][] dirs = new long[16][2];
    private int nextRva = 0x1000;

    /** The RVA the next section added will have. */
    public int nextRva() {
        return nextRva;
    }

    /** Adds a section holding {@code bytes} at {@link #nextRva()}; returns its RVA. */
    public int section(String name, byte[] bytes, long characteristics) {
        int rva = nextRva;
        sections.add(new Section(name, bytes, rva, characteristics));
        nextRva = rva + ((Math.max(bytes.length, 1) + 0xfff) & ~0xfff);
        return rva;
    }

    /** Adds a readable initialised-data section. */
    public int data(String name, byte[] bytes) {
        return section(name, bytes, 0x40000040L);
    }

    /** Sets data directory {@code index}. */
    public PeImage directory(int index, long rva, long size) {
        dirs[index][0] = rva;
        dirs[index][1] = size;
        return this;
    }

    /** The image bytes. */
    public byte[] build() {
        if (sections.size() > (HEADERS - PE_OFFSET - 24 - 240) / 40) {
            throw new IllegalStateException("too many sections for the headers");
        }
        int fileSize = HEADERS;
        int[] raw = new int[sections.size()];
        for (int i = 0; i < sections.size(); i++) {
            raw[i] = fileSize;
            fileSize += (sections.get(i).bytes().length + 0x1ff) & ~0x1ff;
        }
        ByteBuffer b = ByteBuffer.allocate(fileSize).order(ByteOrder.LITTLE_ENDIAN);
        b.putShort(0, (short) 0x5a4d);
        b.putInt(0x3c, PE_OFFSET);
        b.putInt(PE_OFFSET, 0x00004550);
        int c = PE_OFFSET + 4;
        b.putShort(c, (short) 0x8664);
        b.putShort(c + 2, (short) sections.size());
        b.putShort(c + 16, (short) 240);
        b.putShort(c + 18, (short) 0x2022);
        int o = PE_OFFSET + 24;
        b.putShort(o, (short) 0x20b);
        b.putLong(o + 24, IMAGE_BASE);
        b.putInt(o + 32, 0x1000);
        b.putInt(o + 36, 0x200);
        b.putShort(o + 40, (short) 6);
        b.putShort(o + 48, (short) 6);
        b.putInt(o + 56, nextRva);
        b.putInt(o + 60, HEADERS);
        b.putShort(o + 68, (short) 2);
        b.putShort(o + 70, (short) 0x0160);
        b.putLong(o + 72, 0x100000);
        b.putLong(o + 80, 0x1000);
        b.putLong(o + 88, 0x100000);
        b.putLong(o + 96, 0x1000);
        b.putInt(o + 108, 16);
        for (int i = 0; i < 16; i++) {
            b.putInt(o + 112 + 8 * i, (int) dirs[i][0]);
            b.putInt(o + 116 + 8 * i, (int) dirs[i][1]);
        }
        int t = o + 240;
        for (int i = 0; i < sections.size(); i++) {
            Section s = sections.get(i);
            byte[] n = java.util.Arrays.copyOf(s.name().getBytes(StandardCharsets.ISO_8859_1), 8);
            b.put(t, n);
            b.putInt(t + 8, s.bytes().length);
            b.putInt(t + 12, s.rva());
            b.putInt(t + 16, (s.bytes().length + 0x1ff) & ~0x1ff);
            b.putInt(t + 20, raw[i]);
            b.putInt(t + 36, (int) s.characteristics());
            b.put(raw[i], s.bytes());
            t += 40;
        }
        return b.array();
    }
}
