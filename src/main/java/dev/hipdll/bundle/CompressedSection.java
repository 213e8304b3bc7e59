package dev.hipdll.bundle;

import dev.hipdll.bytes.BinaryFormatException;
import dev.hipdll.bytes.ByteSource;
import dev.hipdll.bytes.ReadBudget;
import io.airlift.compress.zstd.ZstdInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.zip.InflaterInputStream;

/**
 * The inflated contents of an ELF section with {@link ElfSections#SHF_COMPRESSED} set, as
 * {@code clang -gz=zlib} and {@code -gz=zstd} (and {@code ld.lld --compress-debug-sections}) write
 * the DWARF of device code objects. System V gABI, "Section Compression": the section's bytes start
 * with an {@code Elf64_Chdr} of {@link #CHDR_SIZE} bytes ({@code ch_type} u32 at 0, {@code ch_reserved}
 * u32 at 4, {@code ch_size} u64 at 8, {@code ch_addralign} u64 at 16), followed by the compressed
 * data: for {@link #ELFCOMPRESS_ZLIB} a zlib stream (RFC 1950, {@link InflaterInputStream}), for
 * {@link #ELFCOMPRESS_ZSTD} zstd frames (RFC 8878, aircompressor's {@link ZstdInputStream}).
 *
 * <p>Untrusted: {@code ch_size} (the uncompressed size) is charged to the verification budget's
 * inflated bytes ({@link ReadBudget#inflate}, {@code hip.maxInflatedMiB}) before anything is inflated,
 * so a section declaring gigabytes is refused at once; the stream then yields exactly {@code ch_size}
 * bytes, in chunks (nothing is held in memory but the decompressor's window), checks the budget's time
 * every {@link #TIME_CHECK} bytes, and fails with a {@link BinaryFormatException} naming the section
 * when the data inflates to more or fewer bytes than {@code ch_size} says, is cut short or is not
 * zlib/zstd data.
 */
public final class CompressedSection {
    /** {@code sizeof(Elf64_Chdr)}. */
    public static final int CHDR_SIZE = 24;
    /** {@code ch_type} of a zlib stream. */
    public static final int ELFCOMPRESS_ZLIB = 1;
    /** {@code ch_type} of zstd frames. */
    public static final int ELFCOMPRESS_ZSTD = 2;
    /** Inflated bytes between two checks of the time budget. */
    public static final int TIME_CHECK = 65536;

    /**
     * What the compression header says.
     *
     * @param type      {@code ch_type}: {@link #ELFCOMPRESS_ZLIB} or {@link #ELFCOMPRESS_ZSTD}
     * @param size      {@code ch_size}: the uncompressed size in bytes (at most {@link Long#MAX_VALUE})
     * @param alignment {@code ch_addralign}
     */
    public record Header(int type, long size, long alignment) {
        /** {@code zlib} or {@code zstd}. */
        public String methodName() {
            return type == ELFCOMPRESS_ZLIB ? "zlib" : "zstd";
        }
    }

    private CompressedSection() {
    }

    /**
     * Reads and checks the {@code Elf64_Chdr} of {@code section} (a section of {@code src} with
     * {@link ElfSections.Section#compressed()}).
     *
     * @param what the section, named in messages, e.g. {@code bundle #0 entry hipv4-...--gfx1100 section .debug_str}
     * @throws BinaryFormatException when the section is shorter than the header, {@code ch_type} is
     *                               neither zlib nor zstd, or {@code ch_size} is past 2^63 - 1
     */
    public static Header header(ByteSource src, ElfSections.Section section, String what) throws IOException {
        if (section.size() < CHDR_SIZE) {
            throw new BinaryFormatException(src.name(), what + " Elf64_Chdr", section.offset(), "the compressed section has "
                    + section.size() + " bytes, fewer than the " + CHDR_SIZE + "-byte compression header");
        }
        ByteBuffer h = src.buffer(section.offset(), CHDR_SIZE, what + " Elf64_Chdr");
        long type = h.getInt(0) & 0xffffffffL;
        long size = h.getLong(8);
        if (type != ELFCOMPRESS_ZLIB && type != ELFCOMPRESS_ZSTD) {
            throw new BinaryFormatException(src.name(), what + " Elf64_Chdr ch_type", section.offset(), "is " + type
                    + "; expected ELFCOMPRESS_ZLIB (1) or ELFCOMPRESS_ZSTD (2)");
        }
        if (size < 0) {
            throw new BinaryFormatException(src.name(), what + " Elf64_Chdr ch_size", section.offset() + 8, "is "
                    + Long.toUnsignedString(size) + " bytes; refused as a possible decompression bomb");
        }
        return new Header((int) type, size, h.getLong(16));
    }

    /**
     * The inflated bytes of {@code section}: exactly {@code ch_size} of them, after the header has been
     * read ({@link #header}) and {@code ch_size} charged to {@code budget}. Close the stream after use
     * (it holds a native zlib inflater). Every read past the budget's time, or of data that does not
     * inflate to exactly {@code ch_size} bytes, throws a {@link BinaryFormatException} naming
     * {@code what}.
     *
     * @throws BinaryFormatException when the header is malformed or {@code ch_size} is over the budget
     */
    public static InputStream open(ByteSource src, ElfSections.Section section, String what, ReadBudget budget)
            throws IOException {
        Header h = header(src, section, what);
        budget.inflate(src.name(), what + " (" + h.methodName() + "-compressed ELF section, ch_size " + h.size()
                + " bytes)", section.offset() + 8, h.size());
        InputStream raw = src.inputStream(section.offset() + CHDR_SIZE, section.size() - CHDR_SIZE, what + " compressed data");
        InputStream in;
        try {
            in = h.type() == ELFCOMPRESS_ZLIB ? new InflaterInputStream(raw) : new ZstdInputStream(raw);
        } catch (RuntimeException e) {
            throw new BinaryFormatException(src.name(), what + " compressed data", section.offset() + CHDR_SIZE,
                    "cannot be decompressed (" + h.methodName() + "): " + e.getMessage());
        }
        return new Inflated(in, h, src.name(), what, section.offset(), budget);
    }

    /** The decompressed stream held to exactly {@code ch_size} bytes. */
    private static final class Inflated extends InputStream {
        private final InputStream in;
        private final Header header;
        private final String source;
        private final String what;
        private final long offset;
        private final ReadBudget budget;
        private long pos;
        private long nextTimeCheck = TIME_CHECK;
        private boolean endChecked;

        Inflated(InputStream in, Header header, String source, String what, long offset, ReadBudget budget) {
            this.in = in;
            this.header = header;
            this.source = source;
            this.what = what;
            this.offset = offset;
            this.budget = budget;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (len == 0) {
                return 0;
            }
            if (pos >= header.size()) {
                checkEnd();
                return -1;
            }
            int k;
            try {
                k = in.read(b, off, (int) Math.min(len, header.size() - pos));
            } catch (BinaryFormatException e) {
                throw e;
            } catch (IOException | RuntimeException e) {
                throw problem("cannot be decompressed (" + header.methodName() + ") after " + pos + " of its " + header.size()
                        + " bytes (cut short or not " + header.methodName() + " data): " + e.getMessage());
            }
            if (k < 0) {
                throw problem("inflates to " + pos + " bytes, fewer than its ch_size of " + header.size() + " bytes");
            }
            pos += k;
            if (pos == header.size()) {
                checkEnd();  // at once, so a reader that takes exactly ch_size bytes learns of an understated size
            }
            if (pos >= nextTimeCheck) {
                nextTimeCheck = pos + TIME_CHECK;
                budget.time(source, what + " (inflating)", offset);
            }
            return k;
        }

        /** At {@code ch_size}: nothing more may inflate (a bomb that understates its size is refused). */
        private void checkEnd() throws IOException {
            if (endChecked) {
                return;
            }
            endChecked = true;
            int more;
            try {
                more = in.read();
            } catch (IOException | RuntimeException e) {
                throw problem("cannot be decompressed (" + header.methodName() + ") past its ch_size of " + header.size()
                        + " bytes: " + e.getMessage());
            }
            if (more >= 0) {
                throw problem("inflates past its ch_size of " + header.size() + " bytes (refused as a possible"
                        + " decompression bomb)");
            }
        }

        private BinaryFormatException problem(String text) {
            return new BinaryFormatException(source, what + " (" + header.methodName() + "-compressed ELF section)", offset, text);
        }

        @Override
        public void close() throws IOException {
            in.close();
        }
    }
}
