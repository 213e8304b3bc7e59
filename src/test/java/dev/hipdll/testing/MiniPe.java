package dev.hipdll.testing;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Writes a small PE32+ DLL image by hand, for inputs no linker would produce: headers at 0,
 * {@code e_lfanew} = 0x80, one section {@code .data} at RVA {@link #SECTION_RVA} and file offset
 * {@link #SECTION_OFFSET} holding the given bytes, 16 data directories that the caller sets.
 * Follows the PE/COFF specification's layouts (sections 2, 3.3, 3.4, 4).
 */
public final class MiniPe {
    public static final int PE_OFFSET = 0x80;
    public static final int SECTION_RVA = 0x1000;
    public static final int SECTION_OFFSET = 0x400;

    private final long[][] dirs = new long[16][2];
    private byte[] section = new byte[0x200];

    /** Sets data directory {@code index} to {@code rva}/{@code size}. */
    public MiniPe directory(int index, long rva, long size) {
        dirs[index][0] = rva;
        dirs[index][1] = size;
        return this;
    }

    /** Sets the section's bytes (its RVA is {@link #SECTION_RVA}). */
    public MiniPe section(byte[] bytes) {
        section = bytes.clone();
        return this;
    }

    /** The file offset of the optional header's data directory {@code index}. */
    public static int directoryOffset(int index) {
        return PE_OFFSET + 24 + 112 + 8 * index;
    }

    /** The image bytes. */
    public byte[] build() {
        int rawSize = (section.length + 0x1ff) & ~0x1ff;
        ByteBuffer b = ByteBuffer.allocate(SECTION_OFFSET + rawSize).order(ByteOrder.LITTLE_ENDIAN);
        b.putShort(0, (short) 0x5a4d);
        b.putInt(0x3c, PE_OFFSET);
        b.putInt(PE_OFFSET, 0x00004550);
        int c = PE_OFFSET + 4;
        b.putShort(c, (short) 0x8664);
        b.putShort(c + 2, (short) 1);
        b.putShort(c + 16, (short) (112 + 16 * 8));
        b.putShort(c + 18, (short) 0x2022);
        int o = PE_OFFSET + 24;
        b.putShort(o, (short) 0x20b);
        b.putLong(o + 24, 0x180000000L);
        b.putInt(o + 32, 0x1000);
        b.putInt(o + 36, 0x200);
        b.putInt(o + 56, SECTION_RVA + ((section.length + 0xfff) & ~0xfff));
        b.putInt(o + 60, SECTION_OFFSET);
        b.putShort(o + 68, (short) 2);
        b.putInt(o + 108, 16);
        for (int i = 0; i < 16; i++) {
            b.putInt(directoryOffset(i), (int) dirs[i][0]);
            b.putInt(directoryOffset(i) + 4, (int) dirs[i][1]);
        }
        int s = o + 112 + 16 * 8;
        b.put(s, ".data\0\0\0".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        b.putInt(s + 8, section.length);
        b.putInt(s + 12, SECTION_RVA);
        b.putInt(s + 16, rawSize);
        b.putInt(s + 20, SECTION_OFFSET);
        b.putInt(s + 36, 0xC0000040);
        b.put(SECTION_OFFSET, section);
        return b.array();
    }
}
