package dev.hipdll.bundle;

import dev.hipdll.pe.PeFile;
import dev.hipdll.pe.SectionHeader;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the NVIDIA CUDA device code of a PE image ({@link CudaDeviceCode}): the sections
 * {@code .nv_fatb*} and {@code .nvFatBi*}, and in {@code .nv_fatb} every fat binary and its entries.
 *
 * <p>Layout (NVIDIA's {@code fatbinary_section.h} for the header; the entry header as cuobjdump reads it,
 * checked here against NVIDIA's own NPP DLLs): a fat binary is a 16-byte header, {@code u32 magic
 * 0xBA55ED50, u16 version, u16 headerSize, u64 fatSize}, followed by {@code fatSize} bytes of entries; an
 * entry is a header of at least 32 bytes, {@code u16 kind (1 PTX, 2 ELF), u16 version, u32 headerSize,
 * u64 payloadSize, u32 compressedSize, u32 reserved, u16 minor, u16 major, u32 arch, ..., u64 flags} at
 * 0/2/4/8/16/20/24/26/28/40, the payload following the header. Fat binaries lie at 8-byte aligned offsets,
 * padding between them. Every read is bounded by the section's file-backed bytes and the file's
 * {@link PeFile#budget() verification budget} (entries, time); at most 64 KiB are read at a time.
 */
public final class CudaDeviceCodeReader {
    /** The fat binary header magic. */
    public static final int FATBIN_MAGIC = 0xBA55ED50;
    /** The section of fat binaries (MSVC keeps 8 characters of {@code .nv_fatbin}). */
    public static final String FATBIN_SECTION = ".nv_fatb";
    /** The section of {@code __fatbinwrap} records ({@code .nvFatBinSegment}). */
    public static final String WRAPPER_SECTION = ".nvFatBi";
    private static final int WINDOW = 1 << 16;
    private static final int JUMP = 4096;
    private static final int MIN_ENTRY_HEADER = 32;

    private CudaDeviceCodeReader() {
    }

    /**
     * The CUDA device code of {@code pe}; {@link CudaDeviceCode#none()} when it has no CUDA section.
     *
     * @throws IOException when the file cannot be read, or a {@link dev.hipdll.bytes.BinaryFormatException}
     *                     when the verification budget is spent
     */
    public static CudaDeviceCode read(PeFile pe) throws IOException {
        List<String> sections = new ArrayList<>();
        SectionHeader fat = null;
        for (SectionHeader s : pe.sections()) {
            if (s.name().startsWith(FATBIN_SECTION) || s.name().startsWith(WRAPPER_SECTION)) {
                sections.add(s.name());
                if (fat == null && s.name().startsWith(FATBIN_SECTION)) {
                    fat = s;
                }
            }
        }
        if (sections.isEmpty()) {
            return CudaDeviceCode.none();
        }
        List<CudaDeviceCode.Entry> entries = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        int fatBinaries = 0;
        if (fat != null) {
            long len = Math.min(fat.fileBackedSize(), Math.max(0, pe.size() - fat.pointerToRawData()));
            Window w = new Window(pe, fat.pointerToRawData(), len, fat.name());
            long pos = 0;
            while (pos + 16 <= len) {
                if (w.i32(pos) != FATBIN_MAGIC) {
                    pos += 8;
                    continue;
                }
                int headerSize = w.u16(pos + 6);
                long fatSize = w.i64(pos + 8);
                String where = String.format("fat binary at %s+0x%X", fat.name(), pos);
                if (headerSize < 16 || fatSize < 0 || fatSize > len - pos - headerSize) {
                    problems.add(where + ": header size " + headerSize + ", size " + Long.toUnsignedString(fatSize)
                            + " run past the section's " + len + " bytes");
                    break;
                }
                fatBinaries++;
                long end = pos + headerSize + fatSize;
                long e = pos + headerSize;
                while (e < end) {
                    if (end - e < MIN_ENTRY_HEADER) {
                        problems.add(String.format("%s: %d bytes left at +0x%X, an entry header is at least %d", where,
                                end - e, e, MIN_ENTRY_HEADER));
                        break;
                    }
                    int kind = w.u16(e);
                    long entryHeader = w.i32(e + 4) & 0xffffffffL;
                    long payload = w.i64(e + 8);
                    int arch = w.i32(e + 28);
                    if (entryHeader < MIN_ENTRY_HEADER || payload < 0 || entryHeader > end - e
                            || payload > end - e - entryHeader) {
                        problems.add(String.format("%s: entry at +0x%X (header %d bytes, payload %s bytes) runs past the"
                                + " fat binary's end +0x%X", where, e, entryHeader, Long.toUnsignedString(payload), end));
                        break;
                    }
                    long flags = end - e >= 48 && entryHeader >= 48 ? w.i64(e + 40) : 0;
                    pe.budget().entries(pe.name(), "CUDA fat binary entry", fat.pointerToRawData() + e, 1);
                    entries.add(new CudaDeviceCode.Entry(kind, arch, payload, (flags & 0x2000) != 0, e));
                    e += entryHeader + payload;
                }
                pos = (end + 7) & ~7L;
            }
        }
        return new CudaDeviceCode(sections, fatBinaries, entries, problems);
    }

    /**
     * Little-endian reads of a file range through a window of at most 64 KiB, one buffer reused: a read that goes on
     * where the window ends (the search for the next fat binary) takes 64 KiB, a jump past an entry's payload (often
     * megabytes) takes {@value #JUMP} bytes, which hold the next headers.
     */
    private static final class Window {
        private final PeFile pe;
        private final long base;
        private final long length;
        private final String structure;
        private final byte[] bytes = new byte[WINDOW];
        private final ByteBuffer buf = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).limit(0);
        private long at = -1;
        private long reads;

        Window(PeFile pe, long base, long length, String structure) {
            this.pe = pe;
            this.base = base;
            this.length = length;
            this.structure = "section " + structure;
        }

        private int index(long pos, int width) throws IOException {
            if (at < 0 || pos < at || pos + width > at + buf.limit()) {
                boolean onwards = at >= 0 && pos >= at && pos <= at + buf.limit();
                int n = (int) Math.min(onwards ? WINDOW : JUMP, length - pos);
                pe.source().readInto(base + pos, bytes, 0, n, structure);
                at = pos;
                buf.limit(n);
                if ((++reads & 63) == 0) {
                    pe.budget().time(pe.name(), structure, base + pos);
                }
            }
            return (int) (pos - at);
        }

        int u16(long pos) throws IOException {
            int i = index(pos, 2);  // before buf is read: index() may move the window
            return buf.getShort(i) & 0xffff;
        }

        int i32(long pos) throws IOException {
            int i = index(pos, 4);
            return buf.getInt(i);
        }

        long i64(long pos) throws IOException {
            int i = index(pos, 8);
            return buf.getLong(i);
        }
    }
}
