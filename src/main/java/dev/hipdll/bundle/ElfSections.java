package dev.hipdll.bundle;

import dev.hipdll.bytes.BinaryFormatException;
import dev.hipdll.bytes.ByteSource;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The section table of a 64-bit little-endian ELF code object inside a larger source (System V ABI
 * "ELF Header" and "Sections": {@code e_shoff} at 0x28, {@code e_shentsize} 0x3A, {@code e_shnum}
 * 0x3C, {@code e_shstrndx} 0x3E; each section header 64 bytes: {@code sh_name} at 0, {@code sh_type}
 * 4, {@code sh_flags} 8, {@code sh_offset} 0x18, {@code sh_size} 0x20). Every offset and size is checked against the code
 * object's extent before use. Used to find the DWARF sections of AMDGPU code objects (LLVM
 * {@code AMDGPUUsage.rst}, "DWARF Debug Information": {@code .debug_info}, {@code .debug_str},
 * {@code .debug_line}, {@code .debug_line_str}, ...).
 */
public final class ElfSections {
    /** Most section headers read. */
    public static final int MAX_SECTIONS = 4096;
    private static final int SHT_NOBITS = 8;
    /**
     * {@code SHF_COMPRESSED}: the section's bytes are an {@code Elf64_Chdr} and compressed data (System V gABI
     * "Section Compression"; {@code -gz=zlib}, {@code -gz=zstd}); read them with {@link CompressedSection}.
     */
    public static final long SHF_COMPRESSED = 0x800;

    /**
     * One section: its name and where its bytes lie in the source.
     *
     * @param name   the section name, e.g. {@code .debug_line_str}
     * @param offset offset of the section's bytes in the source the code object was read from
     * @param size   bytes in the file (0 for {@code SHT_NOBITS})
     * @param flags  {@code sh_flags}, e.g. {@link #SHF_COMPRESSED}
     */
    public record Section(String name, long offset, long size, long flags) {
        /** Whether {@code at} (a source offset) lies in this section's bytes. */
        public boolean contains(long at) {
            return at >= offset && at - offset < size;
        }

        /** Whether this is a DWARF section ({@code .debug_*}). */
        public boolean isDebug() {
            return name.startsWith(".debug_");
        }

        /** Whether the bytes are compressed ({@link #SHF_COMPRESSED}) and hold something ({@code size > 0}). */
        public boolean compressed() {
            return (flags & SHF_COMPRESSED) != 0 && size > 0;
        }
    }

    private ElfSections() {
    }

    /**
     * The sections of the ELF file at {@code [start, start + size)} of {@code src}; empty when it is
     * not a 64-bit little-endian ELF file or has no section table.
     *
     * @throws BinaryFormatException when the section table or a name lies outside the code object
     */
    public static List<Section> read(ByteSource src, long start, long size, String what) throws IOException {
        if (size < 64) {
            return List.of();
        }
        ByteBuffer h = src.buffer(start, 64, what + " ELF header");
        if (h.get(0) != 0x7f || h.get(1) != 'E' || h.get(2) != 'L' || h.get(3) != 'F' || h.get(4) != 2 || h.get(5) != 1) {
            return List.of();
        }
        long shoff = h.getLong(0x28);
        int shentsize = h.getShort(0x3A) & 0xffff;
        int shnum = h.getShort(0x3C) & 0xffff;
        int shstrndx = h.getShort(0x3E) & 0xffff;
        if (shnum == 0 || shoff == 0) {
            return List.of();
        }
        if (shentsize < 64 || shnum > MAX_SECTIONS || shoff < 0 || shoff > size
                || (long) shentsize * shnum > size - shoff) {
            throw new BinaryFormatException(src.name(), what + " ELF section table", start + 0x28,
                    "e_shoff " + Long.toUnsignedString(shoff) + ", " + shnum + " entries of " + shentsize
                            + " bytes do not fit the code object's " + size + " bytes (at most " + MAX_SECTIONS + " entries)");
        }
        if (shstrndx >= shnum) {
            throw new BinaryFormatException(src.name(), what + " ELF e_shstrndx", start + 0x3E,
                    "is " + shstrndx + "; expected below e_shnum " + shnum);
        }
        long[][] raw = new long[shnum][];
        for (int i = 0; i < shnum; i++) {
            ByteBuffer s = src.buffer(start + shoff + (long) i * shentsize, 64, what + " ELF section header #" + i);
            raw[i] = new long[] {s.getInt(0) & 0xffffffffL, s.getInt(4) & 0xffffffffL, s.getLong(0x18), s.getLong(0x20),
                    s.getLong(0x08)};
        }
        long[] strtab = raw[shstrndx];
        checkInside(src, start, size, strtab[2], strtab[3], what + " ELF section name table");
        List<Section> out = new ArrayList<>();
        for (int i = 0; i < shnum; i++) {
            long[] s = raw[i];
            boolean nobits = s[1] == SHT_NOBITS;
            if (!nobits && s[1] != 0) {
                checkInside(src, start, size, s[2], s[3], what + " ELF section #" + i);
            }
            out.add(new Section(name(src, start + strtab[2], strtab[3], s[0], what), start + s[2],
                    nobits || s[1] == 0 ? 0 : s[3], s[4]));
        }
        return out;
    }

    private static void checkInside(ByteSource src, long start, long size, long off, long len, String what)
            throws BinaryFormatException {
        if (off < 0 || len < 0 || off > size || len > size - off) {
            throw new BinaryFormatException(src.name(), what, start, "offset " + Long.toUnsignedString(off) + " + size "
                    + Long.toUnsignedString(len) + " lies outside the code object's " + size + " bytes");
        }
    }

    /** The NUL-terminated name at {@code index} of the string table at {@code table} (at most 256 bytes). */
    private static String name(ByteSource src, long table, long tableSize, long index, String what) throws IOException {
        if (index >= tableSize) {
            return "";
        }
        int n = (int) Math.min(256, tableSize - index);
        byte[] b = src.read(table + index, n, what + " ELF section name");
        int end = 0;
        while (end < n && b[end] != 0) {
            end++;
        }
        return new String(b, 0, end, StandardCharsets.ISO_8859_1);
    }
}
