package dev.hipdll.pe;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.hipdll.bytes.BinaryFormatException;
import dev.hipdll.testing.Fixtures;
import dev.hipdll.testing.MiniPe;
import dev.hipdll.testing.ReadEverything;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Malformed images: each must give a {@link BinaryFormatException} whose message names the file,
 * the structure and where (a file offset or an RVA) — never another exception, a hang or an
 * out-of-memory error. Inputs are the example backend cut or patched, and hand-written images
 * ({@link MiniPe}) for what no linker produces.
 */
class PeMalformedTest {
    @TempDir
    static Path dir;
    static byte[] good;
    static int peOffset;
    static int sectionTable;
    static int sections;

    @BeforeAll
    static void build() throws Exception {
        good = Files.readAllBytes(Fixtures.exampleDll(dir, "coli_hip.dll", List.of("gfx1151"), List.of()));
        ByteBuffer b = ByteBuffer.wrap(good).order(ByteOrder.LITTLE_ENDIAN);
        peOffset = b.getInt(0x3c);
        sectionTable = peOffset + 24 + (b.getShort(peOffset + 20) & 0xffff);
        sections = b.getShort(peOffset + 6) & 0xffff;
    }

    /** Asserts that reading {@code bytes} fails with a BinaryFormatException mentioning each of {@code words}. */
    static BinaryFormatException rejects(String name, byte[] bytes, String... words) {
        BinaryFormatException e = assertThrows(BinaryFormatException.class, () -> ReadEverything.read(name, bytes),
                name + " should be rejected");
        assertTrue(e.getMessage().startsWith(name + ": "), e.getMessage());
        assertTrue(e.getMessage().contains("offset 0x") || e.getMessage().contains("RVA 0x"),
                "names where: " + e.getMessage());
        for (String w : words) {
            assertTrue(e.getMessage().contains(w), "'" + w + "' in: " + e.getMessage());
        }
        return e;
    }

    static byte[] patch32(byte[] b, int offset, long value) {
        byte[] c = b.clone();
        ByteBuffer.wrap(c).order(ByteOrder.LITTLE_ENDIAN).putInt(offset, (int) value);
        return c;
    }

    static byte[] patch16(byte[] b, int offset, int value) {
        byte[] c = b.clone();
        ByteBuffer.wrap(c).order(ByteOrder.LITTLE_ENDIAN).putShort(offset, (short) value);
        return c;
    }

    @Test
    void truncatedAtEveryHeader() {
        int optional = peOffset + 24;
        int[][] cuts = {
            {0}, {1}, {2}, {0x3c}, {63},                        // inside the MS-DOS header
            {peOffset}, {peOffset + 3},                          // inside the PE signature
            {peOffset + 4}, {peOffset + 23},                     // inside the COFF file header
            {optional}, {optional + 1}, {optional + 111},        // inside the optional header
            {sectionTable - 1},                                  // inside the data directories
            {sectionTable}, {sectionTable + 39}, {sectionTable + 40 * sections - 1}, // inside the section table
        };
        String[] structure = {"MS-DOS header", "MS-DOS header", "MS-DOS header", "MS-DOS header", "MS-DOS header",
            "PE signature", "PE signature", "PE signature and COFF file header", "PE signature and COFF file header",
            "optional header", "optional header", "optional header", "optional header",
            "section table", "section table", "section table"};
        for (int i = 0; i < cuts.length; i++) {
            int len = cuts[i][0];
            rejects("cut-at-" + len + ".dll", Arrays.copyOf(good, len), structure[i]);
        }
    }

    @Test
    void truncatedInsideEverySection() {
        ByteBuffer b = ByteBuffer.wrap(good).order(ByteOrder.LITTLE_ENDIAN);
        int rejected = 0;
        for (int i = 0; i < sections; i++) {
            int raw = b.getInt(sectionTable + 40 * i + 20);
            int size = b.getInt(sectionTable + 40 * i + 16);
            if (size == 0) {
                continue;
            }
            byte[] cut = Arrays.copyOf(good, raw + size / 2);
            try {
                ReadEverything.read("cut-section-" + i + ".dll", cut);
            } catch (BinaryFormatException e) {
                rejected++;
                assertTrue(e.getMessage().contains("offset 0x") || e.getMessage().contains("RVA 0x"), e.getMessage());
            } catch (Exception e) {
                fail("cut inside section #" + i + ": " + e, e);
            }
        }
        assertTrue(rejected >= 3, "cutting the tables' sections is noticed: " + rejected);
    }

    @Test
    void eLfanewPastTheEnd() {
        rejects("lfanew.dll", patch32(good, 0x3c, 0x7ffffff0L), "PE signature and COFF file header", "e_lfanew=0x7ffffff0");
        rejects("lfanew-neg.dll", patch32(good, 0x3c, 0xfffffff0L), "e_lfanew=0xfffffff0");
    }

    @Test
    void notAPeImage() {
        rejects("zip.dll", patch16(good, 0, 0x4b50), "e_magic", "expected 'MZ'");
        rejects("sig.dll", patch32(good, peOffset, 0x00004c45), "PE signature", "expected 'PE");
        rejects("magic.dll", patch16(good, peOffset + 24, 0x107), "optional header Magic");
    }

    @Test
    void hugeCounts() {
        rejects("sections.dll", patch16(good, peOffset + 6, 0xffff), "section table (65535 entries");
        rejects("rvas.dll", patch32(good, peOffset + 24 + 108, 0xffffffffL), "NumberOfRvaAndSizes");
        rejects("optsize.dll", patch16(good, peOffset + 20, 0xffff), "optional header");
        byte[] exp = new MiniPe().directory(0, MiniPe.SECTION_RVA, 40).section(exportDirectory(0x80000000L, 0)).build();
        rejects("eat.dll", exp, "Address Table Entries", "is 2147483648; at most 65536 expected", "offset 0x414");
        byte[] names = new MiniPe().directory(0, MiniPe.SECTION_RVA, 40).section(exportDirectory(4, 0x7fffffffL)).build();
        rejects("names.dll", names, "Number of Name Pointers");
        byte[] debug = new MiniPe().directory(6, MiniPe.SECTION_RVA, 0xfffffff0L).section(new byte[64]).build();
        rejects("debug.dll", debug, "debug directory");
    }

    /** An export directory table at the section start with the given counts and tables past it. */
    static byte[] exportDirectory(long functions, long names) {
        ByteBuffer s = ByteBuffer.allocate(0x200).order(ByteOrder.LITTLE_ENDIAN);
        s.putInt(16, 1);
        s.putInt(20, (int) functions);
        s.putInt(24, (int) names);
        s.putInt(28, MiniPe.SECTION_RVA + 0x40);
        s.putInt(32, MiniPe.SECTION_RVA + 0x80);
        s.putInt(36, MiniPe.SECTION_RVA + 0xc0);
        return s.array();
    }

    @Test
    void rvasOutOfRange() {
        rejects("imports.dll", new MiniPe().directory(1, 0x7fff0000L, 20).build(), "import directory entry #0",
                "RVA 0x7FFF0000 is not inside any section");
        rejects("exports.dll", new MiniPe().directory(0, 0xfffffff0L, 40).build(), "export directory table");
        rejects("resources.dll", new MiniPe().directory(2, 0x1000 + 0x1f8, 0x100).build(), "resource directory");
        ByteBuffer s = ByteBuffer.allocate(0x200).order(ByteOrder.LITTLE_ENDIAN);
        s.putInt(0, 0x1100);          // import lookup table
        s.putInt(12, 0x50000000);     // Name RVA: nowhere
        rejects("import-name.dll", new MiniPe().directory(1, 0x1000, 40).section(s.array()).build(),
                "import directory entry #0 Name", "RVA 0x50000000");
    }

    @Test
    void unterminatedStrings() {
        byte[] sec = new byte[0x200];
        Arrays.fill(sec, 0x100, 0x200, (byte) 'A');        // the DLL name runs to the section's end
        ByteBuffer s = ByteBuffer.wrap(sec).order(ByteOrder.LITTLE_ENDIAN);
        s.putInt(0, 0x1080);
        s.putInt(12, 0x1100);
        rejects("unterminated.dll", new MiniPe().directory(1, 0x1000, 40).section(sec).build(),
                "import directory entry #0 Name", "not NUL-terminated");
        byte[] big = new byte[0x3000];
        Arrays.fill(big, 0x100, 0x3000, (byte) 'B');        // longer than the 4096-byte name limit
        ByteBuffer.wrap(big).order(ByteOrder.LITTLE_ENDIAN).putInt(0, 0x1080).putInt(12, 0x1100);
        rejects("too-long.dll", new MiniPe().directory(1, 0x1000, 40).section(big).build(), "not NUL-terminated within 4096");
    }

    @Test
    void importTablesThatNeverEnd() {
        // Every descriptor names a valid DLL and no all-zero terminator follows within the section.
        ByteBuffer s = ByteBuffer.allocate(0x20000).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i + 20 <= 0x1f000; i += 20) {
            s.putInt(i, 0x1000 + 0x1f000).putInt(i + 12, 0x1000 + 0x1f010);
        }
        s.put(0x1f010, "a.dll\0".getBytes());
        rejects("endless.dll", new MiniPe().directory(1, 0x1000, 20).section(s.array()).build(), "import directory table",
                "no terminating entry within 4096 entries");
        // A lookup table whose entries all name one symbol and never end (within the section).
        ByteBuffer t = ByteBuffer.allocate(0x80000 + 0x100).order(ByteOrder.LITTLE_ENDIAN);
        t.putInt(0, 0x1100).putInt(12, 0x1010);
        t.put(0x10, "a.dll\0".getBytes());
        t.put(0x22, "f\0".getBytes());
        for (int i = 0x100; i + 8 <= t.capacity(); i += 8) {
            t.putLong(i, 0x1020);
        }
        rejects("endless-ilt.dll", new MiniPe().directory(1, 0x1000, 40).section(t.array()).build(), "import lookup");
    }

    @Test
    void overlappingTablesAreReadOrRefusedButNeverCrash() throws Exception {
        // The export name pointer table, ordinal table and address table share bytes.
        ByteBuffer s = ByteBuffer.allocate(0x200).order(ByteOrder.LITTLE_ENDIAN);
        s.putInt(16, 1).putInt(20, 4).putInt(24, 4);
        s.putInt(28, 0x1040).putInt(32, 0x1040).putInt(36, 0x1040);
        for (int i = 0; i < 4; i++) {
            s.putInt(0x40 + 4 * i, 0x1040);
        }
        byte[] img = new MiniPe().directory(0, 0x1000, 0x200).section(s.array()).build();
        try {
            ReadEverything.read("overlap.dll", img);
        } catch (BinaryFormatException e) {
            assertTrue(e.getMessage().contains("export"), e.getMessage());
        }
    }

    @Test
    void resourceTreeLoopsAndDepth() {
        // Root directory with one ID entry whose subdirectory is the root itself.
        ByteBuffer s = ByteBuffer.allocate(0x200).order(ByteOrder.LITTLE_ENDIAN);
        s.putShort(14, (short) 1);
        s.putInt(16, 16).putInt(20, 0x80000000);
        rejects("loop.dll", new MiniPe().directory(2, 0x1000, 0x200).section(s.array()).build(), "reached twice");
        // Three directory levels, the third pointing at yet another directory.
        ByteBuffer d = ByteBuffer.allocate(0x200).order(ByteOrder.LITTLE_ENDIAN);
        for (int level = 0; level < 4; level++) {
            int at = 0x20 * level;
            d.putShort(at + 14, (short) 1);
            d.putInt(at + 16, 16).putInt(at + 20, 0x80000000 | (at + 0x20));
        }
        rejects("deep.dll", new MiniPe().directory(2, 0x1000, 0x200).section(d.array()).build(), "at most 3 levels");
        // A named entry whose name string runs outside the resource directory.
        ByteBuffer n = ByteBuffer.allocate(0x200).order(ByteOrder.LITTLE_ENDIAN);
        n.putShort(12, (short) 1);
        n.putInt(16, 0x80000000 | 0x1f0).putInt(20, 0x80000020);
        n.putShort(0x1f0, (short) 0x7fff);
        rejects("name.dll", new MiniPe().directory(2, 0x1000, 0x200).section(n.array()).build(),
                "lies outside the resource directory");
    }

    @Test
    void versionBlockLongerThanItsResource() {
        // type 16 -> name 1 -> language 0x409 -> data entry -> a VS_VERSIONINFO whose wLength is too big.
        ByteBuffer r = ByteBuffer.allocate(0x200).order(ByteOrder.LITTLE_ENDIAN);
        int[] dirs = {0x00, 0x18, 0x30};
        int[] ids = {16, 1, 0x409};
        for (int i = 0; i < 3; i++) {
            r.putShort(dirs[i] + 14, (short) 1);
            r.putInt(dirs[i] + 16, ids[i]);
            r.putInt(dirs[i] + 20, i < 2 ? 0x80000000 | dirs[i + 1] : 0x48);
        }
        r.putInt(0x48, 0x1100).putInt(0x4c, 0x40);
        r.putShort(0x100, (short) 0x4000).putShort(0x102, (short) 52);
        rejects("version.dll", new MiniPe().directory(2, 0x1000, 0x100).section(r.array()).build(),
                "version resource block VS_VERSIONINFO", "wLength is 16384");
    }
}
