package dev.hipdll.testing;

import dev.hipdll.bundle.FatBinaryLocator;
import dev.hipdll.bundle.OffloadBundle;
import dev.hipdll.bundle.OffloadBundleReader;
import dev.hipdll.bytes.ByteSource;
import dev.hipdll.pe.DataDirectory;
import dev.hipdll.pe.PeFile;
import dev.hipdll.pe.SectionHeader;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * Structure-aware mutations of one good DLL: it finds, with the plugin's own reader on the good
 * seed, the file offsets of the import descriptors and lookup tables, the export directory and its
 * tables, the base relocation blocks, the offload bundles (plain and compressed headers, entry
 * tables) and the {@code .hipFatB} wrappers, the data directories and section headers; each
 * mutant sets one or a few fields there to a boundary or random value. Besides, it keeps the blind
 * mutations (bit flips in the headers, boundary u32s anywhere, random bytes, cuts).
 */
public final class StructureMutator {
    static final long[] BOUNDARY = {0, 1, 2, 7, 8, 0x7f, 0x80, 0xff, 0xfff, 0x1000, 0xffff, 0x10000, 0x7fffffffL,
        0x80000000L, 0xfffffff0L, 0xffffffffL};

    /** Names of the mutator kinds, index = kind. */
    public static final List<String> KINDS = List.of("imports", "exports", "relocations", "bundles", "wrappers",
            "directories", "sections", "blind");

    private final byte[] seed;
    private final List<long[]> imports = new ArrayList<>();     // {offset, size} of fields and lookup entries
    private final List<long[]> exports = new ArrayList<>();
    private final List<long[]> relocs = new ArrayList<>();
    private final List<long[]> bundles = new ArrayList<>();
    private final List<long[]> wrappers = new ArrayList<>();
    private final List<long[]> dirs = new ArrayList<>();
    private final List<long[]> sections = new ArrayList<>();
    private final long sizeOfImage;

    /** Locates the structures of the good DLL {@code seed}. */
    public StructureMutator(byte[] seed) throws IOException {
        this.seed = seed;
        try (PeFile pe = PeFile.read(ByteSource.of("seed", seed))) {
            sizeOfImage = pe.optionalHeader().sizeOfImage();
            long dirAt = pe.peOffset() + 24 + 112;
            for (DataDirectory d : pe.dataDirectories()) {
                dirs.add(new long[] {dirAt + 8L * d.index(), 4});
                dirs.add(new long[] {dirAt + 8L * d.index() + 4, 4});
            }
            long tableAt = pe.peOffset() + 24 + pe.coffHeader().sizeOfOptionalHeader();
            for (int i = 0; i < pe.sections().size(); i++) {
                for (int f : new int[] {8, 12, 16, 20}) {
                    sections.add(new long[] {tableAt + 40L * i + f, 4});
                }
            }
            DataDirectory imp = pe.optionalHeader().directory(DataDirectory.IMPORT_TABLE);
            if (imp.present()) {
                for (int i = 0; ; i++) {
                    long off = pe.rvaToOffset(imp.rva() + 20L * i, 20, "d");
                    ByteBuffer e = ByteBuffer.wrap(seed, (int) off, 20).slice().order(ByteOrder.LITTLE_ENDIAN);
                    if (e.getInt(0) == 0 && e.getInt(12) == 0) {
                        break;
                    }
                    imports.add(new long[] {off, 4});
                    imports.add(new long[] {off + 12, 4});
                    imports.add(new long[] {off + 16, 4});
                    for (long t : new long[] {e.getInt(0) & 0xffffffffL, e.getInt(16) & 0xffffffffL}) {
                        for (int k = 0; ; k++) {
                            long eo = pe.rvaToOffset(t + 8L * k, 8, "l");
                            long v = ByteBuffer.wrap(seed, (int) eo, 8).order(ByteOrder.LITTLE_ENDIAN).getLong();
                            imports.add(new long[] {eo, 8});
                            if (v == 0) {
                                break;
                            }
                            if (v > 0) {
                                imports.add(new long[] {pe.rvaToOffset(v + 2, 1, "n"), -1}); // a name's bytes
                            }
                        }
                    }
                }
            }
            DataDirectory exp = pe.optionalHeader().directory(DataDirectory.EXPORT_TABLE);
            if (exp.present()) {
                long at = pe.rvaToOffset(exp.rva(), 40, "e");
                ByteBuffer d = ByteBuffer.wrap(seed, (int) at, 40).slice().order(ByteOrder.LITTLE_ENDIAN);
                for (int f : new int[] {12, 16, 20, 24, 28, 32, 36}) {
                    exports.add(new long[] {at + f, 4});
                }
                int n = d.getInt(20);
                int names = d.getInt(24);
                long eat = pe.rvaToOffset(d.getInt(28) & 0xffffffffL, 4L * n, "eat");
                for (int i = 0; i < n; i++) {
                    exports.add(new long[] {eat + 4L * i, 4});
                }
                if (names > 0) {
                    long npt = pe.rvaToOffset(d.getInt(32) & 0xffffffffL, 4L * names, "npt");
                    long ot = pe.rvaToOffset(d.getInt(36) & 0xffffffffL, 2L * names, "ot");
                    for (int i = 0; i < names; i++) {
                        exports.add(new long[] {npt + 4L * i, 4});
                        exports.add(new long[] {ot + 2L * i, 2});
                    }
                }
            }
            DataDirectory rel = pe.optionalHeader().directory(DataDirectory.BASE_RELOCATION_TABLE);
            if (rel.present()) {
                long pos = 0;
                while (pos + 8 <= rel.size()) {
                    long off = pe.rvaToOffset(rel.rva() + pos, 8, "r");
                    int size = ByteBuffer.wrap(seed, (int) off + 4, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
                    relocs.add(new long[] {off, 4});
                    relocs.add(new long[] {off + 4, 4});
                    for (int k = 8; k + 2 <= size; k += 2) {
                        relocs.add(new long[] {off + k, 2});
                    }
                    if (size < 8) {
                        break;
                    }
                    pos += size;
                }
            }
            SectionHeader fat = pe.section(FatBinaryLocator.FATBIN_SECTION).orElse(null);
            if (fat != null) {
                for (OffloadBundle b : new FatBinaryLocator(new OffloadBundleReader()).bundles(pe)) {
                    long at = fat.pointerToRawData() + b.offset();
                    if (b.compression().isPresent()) {
                        for (int f = 4; f < b.compression().get().headerSize(); f += 2) {
                            bundles.add(new long[] {at + f, 2});
                        }
                        bundles.add(new long[] {at + b.compression().get().headerSize() + 8, -1}); // payload bytes
                    } else {
                        bundles.add(new long[] {at + 24, 8});
                        long pos = at + 32;
                        for (int i = 0; i < b.entries().size(); i++) {
                            bundles.add(new long[] {pos, 8});
                            bundles.add(new long[] {pos + 8, 8});
                            bundles.add(new long[] {pos + 16, 8});
                            int idLen = (int) ByteBuffer.wrap(seed, (int) pos + 16, 8).order(ByteOrder.LITTLE_ENDIAN).getLong();
                            bundles.add(new long[] {pos + 24, -1});
                            pos += 24 + idLen;
                        }
                    }
                }
            }
            SectionHeader w = pe.section(FatBinaryLocator.WRAPPER_SECTION).orElse(null);
            if (w != null) {
                for (long p = 0; p + 24 <= w.fileBackedSize(); p += 24) {
                    for (int f : new int[] {0, 4, 8, 12, 16}) {
                        wrappers.add(new long[] {w.pointerToRawData() + p + f, 4});
                    }
                }
            }
        }
    }

    /** The kinds this seed has structures for. */
    public List<Integer> kinds() {
        List<Integer> k = new ArrayList<>();
        List<List<long[]>> all = List.of(imports, exports, relocs, bundles, wrappers, dirs, sections);
        for (int i = 0; i < all.size(); i++) {
            if (!all.get(i).isEmpty()) {
                k.add(i);
            }
        }
        k.add(7);
        return k;
    }

    /** A mutant of kind {@code kind} (an index of {@link #KINDS}). */
    public byte[] mutate(int kind, Random rnd) {
        byte[] b = seed.clone();
        ByteBuffer w = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
        if (kind == 7) {
            return blind(b, w, rnd);
        }
        List<long[]> fields = List.of(imports, exports, relocs, bundles, wrappers, dirs, sections).get(kind);
        for (int n = 1 + (rnd.nextInt(4) == 0 ? rnd.nextInt(3) : 0); n > 0; n--) {
            long[] f = fields.get(rnd.nextInt(fields.size()));
            int at = (int) f[0];
            long v = value(rnd);
            switch ((int) f[1]) {
                case -1 -> { // bytes of a name, id or payload
                    for (int k = 1 + rnd.nextInt(4); k > 0 && at < b.length; k--) {
                        b[Math.min(b.length - 1, at + rnd.nextInt(16))] = (byte) (rnd.nextBoolean() ? 0 : rnd.nextInt(256));
                    }
                }
                case 2 -> w.putShort(at, (short) v);
                case 4 -> w.putInt(at, (int) v);
                default -> w.putLong(at, rnd.nextInt(8) == 0 ? Long.MIN_VALUE | v : v);
            }
        }
        return b;
    }

    private long value(Random rnd) {
        return switch (rnd.nextInt(4)) {
            case 0 -> BOUNDARY[rnd.nextInt(BOUNDARY.length)];
            case 1 -> sizeOfImage + rnd.nextInt(0x2000) - 0x1000;   // around the end of the image
            case 2 -> rnd.nextInt((int) Math.min(Integer.MAX_VALUE, sizeOfImage + 1));  // anywhere in it
            default -> rnd.nextInt(0x400);                            // in the headers
        };
    }

    private static byte[] blind(byte[] b, ByteBuffer w, Random rnd) {
        int headers = Math.min(b.length, 0x400);
        switch (rnd.nextInt(6)) {
            case 0 -> {
                for (int k = 1 + rnd.nextInt(4); k > 0; k--) {
                    b[rnd.nextInt(headers)] ^= (byte) (1 << rnd.nextInt(8));
                }
            }
            case 1 -> w.putInt(rnd.nextInt(headers / 4) * 4, (int) BOUNDARY[rnd.nextInt(BOUNDARY.length)]);
            case 2 -> w.putInt(rnd.nextInt(b.length / 4) * 4, (int) BOUNDARY[rnd.nextInt(BOUNDARY.length)]);
            case 3 -> {
                for (int k = 1 + rnd.nextInt(16); k > 0; k--) {
                    b[rnd.nextInt(b.length)] = (byte) rnd.nextInt(256);
                }
            }
            case 4 -> w.putShort(rnd.nextInt(headers / 2) * 2, (short) BOUNDARY[rnd.nextInt(BOUNDARY.length)]);
            default -> {
                return Arrays.copyOf(b, rnd.nextInt(b.length));
            }
        }
        return b;
    }
}
