package dev.hipdll.pe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.hipdll.bytes.ByteSource;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * RVA lookups in images with very many sections: the section that maps an RVA is the first one in
 * table order whose virtual range holds it (checked against a plain linear search over random,
 * overlapping tables), and an image with the most sections the COFF header allows (65535) and the
 * most exports (65536) reads in seconds, not the minutes a linear search per RVA took.
 */
class ManySectionsTest {

    @Test
    void indexAgreesWithALinearSearchOverOverlappingSections() {
        Random r = new Random(7);
        for (int round = 0; round < 300; round++) {
            List<SectionHeader> sections = new ArrayList<>();
            int n = 1 + r.nextInt(12);
            for (int i = 0; i < n; i++) {
                long va = r.nextInt(40) * 0x100L;
                long vs = r.nextInt(4) == 0 ? 0 : r.nextInt(12) * 0x80L;
                long raw = r.nextInt(3) == 0 ? 0 : r.nextInt(12) * 0x80L;
                sections.add(new SectionHeader(".s" + i, vs, va, raw, 0x400, 0x40000040L));
            }
            SectionIndex index = new SectionIndex(sections);
            for (long rva = 0; rva < 0x6000; rva += 0x40) {
                int expected = -1;
                for (int i = 0; i < n; i++) {
                    if (sections.get(i).containsRva(rva)) {
                        expected = i;
                        break;
                    }
                }
                assertEquals(expected, index.find(rva), "round " + round + ", RVA 0x" + Long.toHexString(rva)
                        + ", sections " + sections);
            }
        }
    }

    @Test
    void sixtyFiveThousandSectionsAndExportsReadInSeconds() throws Exception {
        byte[] image = image(65535, 65536);
        ExportDirectory exports = assertTimeoutPreemptively(Duration.ofMinutes(5), () -> {
            try (PeFile pe = PeFile.read(ByteSource.of("many.dll", image))) {
                assertEquals(65535, pe.sections().size());
                return pe.exports();
            }
        });
        assertEquals(65536, exports.symbols().size());
        assertEquals("f", exports.symbols().get(65535).name());
    }

    @Test
    void loadabilityOfSixtyFiveThousandSectionsAndExportsTakesSeconds() throws Exception {
        byte[] image = image(65535, 65536);
        List<LoadProblem> problems = assertTimeoutPreemptively(Duration.ofMinutes(5), () -> {
            try (PeFile pe = PeFile.read(ByteSource.of("many.dll", image))) {
                return ImageLoadability.problems(pe);
            }
        });
        // the empty sections lie past SizeOfImage: eight of them are reported, then the other parts run
        assertEquals(ImageLoadability.MAX_PER_PART, problems.size(), problems.toString());
        assertTrue(problems.get(0).toString().contains("section header #1 (.x) VirtualSize"), problems.toString());
    }

    /**
     * A PE32+ DLL with {@code sections} sections, all but the last empty and far away, the last
     * holding an export directory of {@code exports} functions, each named {@code f}.
     */
    private static byte[] image(int sections, int exports) {
        int pe = 0x80;
        int opt = pe + 24;
        int table = opt + 240;
        int headers = (table + 40 * sections + 0xfff) & ~0xfff;
        int eat = 0x40;
        int names = eat + 4 * exports;
        int ordinals = names + 4 * exports;
        int string = ordinals + 2 * exports;
        int size = (string + 16 + 0xfff) & ~0xfff;
        int rva = 0x4000000;
        ByteBuffer b = ByteBuffer.allocate(headers + size).order(ByteOrder.LITTLE_ENDIAN);
        b.putShort(0, (short) 0x5a4d).putInt(0x3c, pe).putInt(pe, 0x4550);
        b.putShort(pe + 4, (short) 0x8664).putShort(pe + 6, (short) sections).putShort(pe + 20, (short) 240)
                .putShort(pe + 22, (short) 0x2022);
        b.putShort(opt, (short) 0x20b).putLong(opt + 24, 0x180000000L).putInt(opt + 32, 0x1000).putInt(opt + 36, 0x200);
        b.putInt(opt + 56, rva + size).putInt(opt + 60, headers).putInt(opt + 108, 16);
        b.putInt(opt + 112, rva).putInt(opt + 116, 40);
        for (int i = 0; i < sections; i++) {
            int s = table + 40 * i;
            b.put(s, ".x\0\0\0\0\0\0".getBytes(StandardCharsets.ISO_8859_1));
            if (i == sections - 1) {
                b.putInt(s + 8, size).putInt(s + 12, rva).putInt(s + 16, size).putInt(s + 20, headers);
            } else {
                b.putInt(s + 8, 0x10).putInt(s + 12, 0x8000000 + 0x1000 * i);
            }
        }
        int d = headers;
        b.putInt(d + 16, 1).putInt(d + 20, exports).putInt(d + 24, exports).putInt(d + 28, rva + eat)
                .putInt(d + 32, rva + names).putInt(d + 36, rva + ordinals);
        for (int i = 0; i < exports; i++) {
            b.putInt(d + eat + 4 * i, rva + string).putInt(d + names + 4 * i, rva + string)
                    .putShort(d + ordinals + 2 * i, (short) i);
        }
        b.put(d + string, (byte) 'f');
        return b.array();
    }
}
