package dev.hipdll.pe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.testing.Exec;
import dev.hipdll.testing.Toolchain;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Base relocations of type 7 ({@code IMAGE_REL_BASED_THUMB_MOV32}, a Thumb-2 MOVW/MOVT
 * pair), which the Windows loader applies to ARMNT images, pass {@code pe.loadable}; on any other machine
 * type 7 is still refused, and on ARMNT its 8 patched bytes must lie in a section. Checked on a hand-made
 * PE32 ARMNT image and on sqlite-jdbc's real Windows armv7 DLL (a test dependency from Maven Central),
 * whose type-7 entries are counted and placed as llvm-readobj-19 {@code --coff-basereloc} lists them.
 */
class ArmntRelocationsTest {
    @TempDir
    Path dir;

    /**
     * A PE32 DLL for {@code machine} with a 0x1000-byte {@code .text} at RVA 0x1000 and a {@code .reloc}
     * section at RVA 0x2000 holding one block for page 0x1000 with {@code entries} (type << 12 | offset).
     * Layouts of the PE/COFF specification, sections 3.3, 3.4, 4 and 5.6.
     */
    static byte[] pe32(int machine, int... entries) {
        int blockSize = 8 + 2 * entries.length;
        blockSize += blockSize % 4;  // blocks are 32-bit aligned
        ByteBuffer b = ByteBuffer.allocate(0x800).order(ByteOrder.LITTLE_ENDIAN);
        b.putShort(0, (short) 0x5a4d);
        b.putInt(0x3c, 0x80);
        b.putInt(0x80, 0x00004550);
        int c = 0x84;
        b.putShort(c, (short) machine);
        b.putShort(c + 2, (short) 2);
        b.putShort(c + 16, (short) (96 + 16 * 8));
        b.putShort(c + 18, (short) 0x2102);  // EXECUTABLE_IMAGE | 32BIT_MACHINE | DLL
        int o = c + 20;
        b.putShort(o, (short) 0x10b);
        b.putInt(o + 28, 0x10000000);  // ImageBase
        b.putInt(o + 32, 0x1000);      // SectionAlignment
        b.putInt(o + 36, 0x200);       // FileAlignment
        b.putShort(o + 40, (short) 6);
        b.putShort(o + 48, (short) 6);
        b.putInt(o + 56, 0x3000);      // SizeOfImage
        b.putInt(o + 60, 0x400);       // SizeOfHeaders
        b.putShort(o + 68, (short) 3);
        b.putShort(o + 70, (short) 0x0140);  // DYNAMIC_BASE | NX_COMPAT
        b.putInt(o + 72, 0x100000);
        b.putInt(o + 76, 0x1000);
        b.putInt(o + 80, 0x100000);
        b.putInt(o + 84, 0x1000);
        b.putInt(o + 92, 16);
        b.putInt(o + 96 + 8 * DataDirectory.BASE_RELOCATION_TABLE, 0x2000);
        b.putInt(o + 100 + 8 * DataDirectory.BASE_RELOCATION_TABLE, blockSize);
        int s = o + 96 + 16 * 8;
        section(b, s, ".text", 0x1000, 0x1000, 0x200, 0x400, 0x60000020);
        section(b, s + 40, ".reloc", blockSize, 0x2000, 0x200, 0x600, 0x42000040);
        b.putInt(0x600, 0x1000);
        b.putInt(0x604, blockSize);
        for (int i = 0; i < entries.length; i++) {
            b.putShort(0x608 + 2 * i, (short) entries[i]);
        }
        return b.array();
    }

    private static void section(ByteBuffer b, int at, String name, int vsize, int rva, int raw, int ptr, int flags) {
        b.put(at, java.util.Arrays.copyOf(name.getBytes(StandardCharsets.ISO_8859_1), 8));
        b.putInt(at + 8, vsize);
        b.putInt(at + 12, rva);
        b.putInt(at + 16, raw);
        b.putInt(at + 20, ptr);
        b.putInt(at + 36, flags);
    }

    private List<LoadProblem> problems(byte[] image, String name) throws Exception {
        Path p = Files.write(dir.resolve(name), image);
        try (PeFile pe = PeFile.open(p)) {
            return ImageLoadability.problems(pe);
        }
    }

    @Test
    void thumbMov32IsAcceptedOnArmntOnly() throws Exception {
        int[] entries = {7 << 12 | 0x010, 3 << 12 | 0x020, 7 << 12 | 0x100, 0};
        assertEquals(List.of(), problems(pe32(CoffHeader.MACHINE_ARMNT, entries), "armnt.dll"));
        List<LoadProblem> x86 = problems(pe32(CoffHeader.MACHINE_I386, entries), "x86.dll");
        assertEquals(2, x86.size(), x86.toString());
        assertTrue(x86.get(0).toString().contains("base relocation block #0 entry #0")
                && x86.get(0).toString().contains("type 7 is not a base relocation the loader applies to a"
                + " IMAGE_FILE_MACHINE_I386 image"), x86.toString());
    }

    @Test
    void aThumbMov32PairMustLieInASection() throws Exception {
        // .text is 0x1000 bytes: a MOVW/MOVT pair at 0xffc runs 4 bytes past it
        List<LoadProblem> p = problems(pe32(CoffHeader.MACHINE_ARMNT, 7 << 12 | 0xff8, 7 << 12 | 0xffc), "edge.dll");
        assertEquals(1, p.size(), p.toString());
        assertTrue(p.get(0).toString().contains("entry #1") && p.get(0).toString().contains("patches RVA 0x1FFC (8 bytes),"
                + " outside every section"), p.toString());
    }

    /** sqlite-jdbc's Windows armv7 DLL, built by others with MSVC: thousands of type-7 entries, all applied. */
    @Test
    void sqliteJdbcsArmv7DllAgreesWithReadobj() throws Exception {
        Path readobj = Toolchain.tool("llvm-readobj-19");
        Path dll = dir.resolve("sqlitejdbc-armv7.dll");
        try (InputStream in = Class.forName("org.sqlite.JDBC").getClassLoader()
                .getResourceAsStream("org/sqlite/native/Windows/armv7/sqlitejdbc.dll")) {
            assertTrue(in != null, "sqlite-jdbc (test dependency) ships org/sqlite/native/Windows/armv7/sqlitejdbc.dll");
            Files.copy(in, dll);
        }
        List<Long> thumb = new ArrayList<>();
        String out = Exec.ok(dir, List.of(readobj.toString(), "--coff-basereloc", dll.toString()));
        Matcher m = Pattern.compile("Type: (\\S+)\\s+Address: 0x([0-9A-Fa-f]+)").matcher(out);
        while (m.find()) {
            if (m.group(1).equals("ARM_MOV32(T)")) {
                thumb.add(Long.parseLong(m.group(2), 16));
            }
        }
        assertTrue(thumb.size() > 1000, "readobj lists thousands of THUMB_MOV32 entries, found " + thumb.size());
        try (PeFile pe = PeFile.open(dll)) {
            assertEquals(CoffHeader.MACHINE_ARMNT, pe.coffHeader().machine());
            assertEquals(List.of(), ImageLoadability.problems(pe));
            assertEquals(thumb, typeSevenEntries(pe), "our walk of the relocation blocks and readobj's agree");
            for (long rva : thumb) {
                assertTrue(pe.sections().stream().anyMatch(s -> rva >= s.virtualAddress()
                        && rva + 8 <= s.virtualAddress() + s.virtualSize()), String.format("0x%X in a section", rva));
            }
        }
    }

    /** The RVAs of the type-7 entries of {@code pe}'s base relocation directory, in order (PE/COFF 5.6). */
    private static List<Long> typeSevenEntries(PeFile pe) throws Exception {
        DataDirectory d = pe.optionalHeader().directory(DataDirectory.BASE_RELOCATION_TABLE);
        long at = pe.rvaToOffset(d.rva(), d.size(), "relocations");
        ByteBuffer b = pe.source().buffer(at, (int) d.size(), "relocations").order(ByteOrder.LITTLE_ENDIAN);
        List<Long> out = new ArrayList<>();
        for (int pos = 0; pos + 8 <= d.size(); ) {
            long page = b.getInt(pos) & 0xffffffffL;
            int size = b.getInt(pos + 4);
            for (int e = pos + 8; e + 2 <= pos + size; e += 2) {
                int v = b.getShort(e) & 0xffff;
                if (v >>> 12 == 7) {
                    out.add(page + (v & 0xfff));
                }
            }
            pos += size;
        }
        return out;
    }
}
