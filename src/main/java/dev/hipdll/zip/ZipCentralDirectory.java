package dev.hipdll.zip;

import dev.hipdll.bytes.BinaryFormatException;
import dev.hipdll.bytes.ByteSource;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a zip's central directory for what {@link java.util.zip.ZipFile} does not tell: each entry's "version
 * made by" and external attributes (a Unix symlink, an NTFS reparse point), and the entry count before anything
 * else is read. PKWARE's APPNOTE.TXT 6.3: 4.3.12 (central directory header), 4.3.14-4.3.16 (Zip64 end of central
 * directory record and locator, end of central directory record), 4.5.3 (Zip64 extended information). Every
 * read is bounds-checked by {@link ByteSource}; the directory is read in 64 KiB pieces.
 */
public final class ZipCentralDirectory {
    private static final int EOCD = 0x06054b50;
    private static final int EOCD64 = 0x06064b50;
    private static final int LOCATOR64 = 0x07064b50;
    private static final int HEADER = 0x02014b50;

    private ZipCentralDirectory() {
    }

    /**
     * One central directory header.
     *
     * @param name               the entry's name, decoded as UTF-8 (as {@link java.util.zip.ZipFile} decodes it)
     * @param versionMadeBy      the host system in the high byte (0 MS-DOS/FAT, 3 Unix, 10 NTFS, 19 OS X)
     * @param externalAttributes the host's attributes: a Unix mode in the high 16 bits, DOS attributes in the low
     * @param compressedSize     bytes stored
     * @param size               bytes declared when inflated
     */
    /**
     * @param unicodePath the name of an Info-ZIP Unicode Path extra field (0x7075, APPNOTE 4.6.9), which 7-Zip and
     *                    Info-ZIP unzip extract the entry under instead of {@code name}; {@code null} without one
     * @param localName   the name in the entry's local file header, which a streaming extractor uses; {@code null}
     *                    when no local header can be read there (past the file, or no {@code PK\\3\\4}: then
     *                    java.util.zip cannot read the entry either)
     */
    public record Entry(String name, int versionMadeBy, long externalAttributes, long compressedSize, long size,
                 String unicodePath, String localName) {
        /** Whether the entry is a symbolic link (Unix {@code S_IFLNK}) or an NTFS reparse point. */
        public boolean link() {
            int host = versionMadeBy >>> 8;
            if (host == 3 || host == 19) {
                return (externalAttributes >>> 16 & 0xF000) == 0xA000;
            }
            return (host == 0 || host == 10 || host == 11 || host == 14) && (externalAttributes & 0x400) != 0;
        }
    }

    /** The central directory's entries have passed {@code max}. */
    public static final class TooManyEntries extends IOException {
        private final long count;

        TooManyEntries(long count) {
            super(count + " entries");
            this.count = count;
        }

        /** The entry count the end record declares. */
        public long count() {
            return count;
        }
    }

    /**
     * The entries of the zip {@code src}, in central directory order.
     *
     * @param max the most entries accepted
     * @throws TooManyEntries        when the end record declares more than {@code max} (nothing else is read)
     * @throws BinaryFormatException when there is no end record or a header is malformed, naming the offset
     */
    public static List<Entry> read(ByteSource src, int max) throws IOException {
        long size = src.size();
        int tail = (int) Math.min(size, 22 + 65535);
        ByteBuffer t = ByteBuffer.wrap(src.read(size - tail, tail, "end of central directory")).order(ByteOrder.LITTLE_ENDIAN);
        int at = -1;
        for (int i = tail - 22; i >= 0; i--) {
            if (t.getInt(i) == EOCD && i + 22 + (t.getShort(i + 20) & 0xffff) == tail) {
                at = i;
                break;
            }
        }
        if (at < 0) {
            throw new BinaryFormatException(src.name(), "end of central directory", size - tail,
                    "no end-of-central-directory record (PK\\5\\6) in the last " + tail + " bytes: not a zip");
        }
        long count = t.getShort(at + 10) & 0xffff;
        long cdSize = t.getInt(at + 12) & 0xffffffffL;
        long cdOffset = t.getInt(at + 16) & 0xffffffffL;
        long eocd = size - tail + at;
        if ((count == 0xffff || cdSize == 0xffffffffL || cdOffset == 0xffffffffL) && eocd >= 20) {
            ByteBuffer loc = src.buffer(eocd - 20, 20, "Zip64 end of central directory locator");
            if (loc.getInt(0) == LOCATOR64) {
                long rec = loc.getLong(8);
                ByteBuffer z = src.buffer(rec, 56, "Zip64 end of central directory record");
                if (z.getInt(0) != EOCD64) {
                    throw new BinaryFormatException(src.name(), "Zip64 end of central directory record", rec,
                            "no signature PK\\6\\6 where the locator points");
                }
                count = z.getLong(32);
                cdSize = z.getLong(40);
                cdOffset = z.getLong(48);
            }
        }
        if (count < 0 || count > max) {
            throw new TooManyEntries(count < 0 ? Long.MAX_VALUE : count);
        }
        src.check(cdOffset, cdSize, "central directory");
        List<Entry> out = new ArrayList<>((int) count);
        Window w = new Window(src, cdOffset, cdSize);
        long p = 0;
        for (long k = 0; k < count; k++) {
            if (cdSize - p < 46 || w.u32(p) != HEADER) {
                throw new BinaryFormatException(src.name(), "central directory header #" + k, cdOffset + p,
                        "expected signature PK\\1\\2 and 46 bytes");
            }
            int made = w.u16(p + 4);
            long csize = w.u32(p + 20);
            long usize = w.u32(p + 24);
            int nameLength = w.u16(p + 28);
            int extra = w.u16(p + 30);
            int comment = w.u16(p + 32);
            long attrs = w.u32(p + 38);
            if (46L + nameLength + extra + comment > cdSize - p) {
                throw new BinaryFormatException(src.name(), "central directory header #" + k, cdOffset + p,
                        "name, extra field and comment run past the central directory");
            }
            byte[] name = src.read(cdOffset + p + 46, nameLength, "central directory header #" + k + " name");
            long local = w.u32(p + 42);
            if (csize == 0xffffffffL || usize == 0xffffffffL || local == 0xffffffffL) {
                long e = p + 46 + nameLength;
                long end = e + extra;
                while (e + 4 <= end) {
                    int id = w.u16(e);
                    int len = w.u16(e + 2);
                    if (id == 1) {
                        long f = e + 4;
                        if (usize == 0xffffffffL && f + 8 <= e + 4 + len) {
                            usize = w.u64(f);
                            f += 8;
                        }
                        if (csize == 0xffffffffL && f + 8 <= e + 4 + len) {
                            csize = w.u64(f);
                            f += 8;
                        }
                        if (local == 0xffffffffL && f + 8 <= e + 4 + len) {
                            local = w.u64(f);  // where java.util.zip reads the entry: its local header is checked there
                        }
                        break;
                    }
                    e += 4 + len;
                }
            }
            String unicodePath = null;
            for (long e = p + 46 + nameLength, end = e + extra; e + 4 <= end; ) {
                int id = w.u16(e);
                int len = w.u16(e + 2);
                if (id == 0x7075 && len >= 5 && e + 4 + len <= end) {  // version (1), CRC-32 of the name (4), UTF-8 name
                    unicodePath = new String(src.read(cdOffset + e + 9, len - 5, "central directory header #" + k
                            + " Unicode Path extra field"), StandardCharsets.UTF_8);
                }
                e += 4 + len;
            }
            String localName = null;
            if (local >= 0 && local != 0xffffffffL && local + 30 <= src.size() && src.buffer(local, 4, "local header #" + k)
                    .order(java.nio.ByteOrder.LITTLE_ENDIAN).getInt(0) == 0x04034b50) {
                int localLength = src.buffer(local + 26, 2, "local header #" + k).order(java.nio.ByteOrder.LITTLE_ENDIAN)
                        .getShort(0) & 0xffff;
                if (local + 30 + localLength <= src.size()) {
                    localName = new String(src.read(local + 30, localLength, "local header #" + k + " name"),
                            StandardCharsets.UTF_8);
                }
            }
            out.add(new Entry(new String(name, StandardCharsets.UTF_8), made, attrs, csize, usize, unicodePath, localName));
            p += 46 + nameLength + extra + comment;
        }
        return out;
    }

    /** Little-endian reads of a file range through a 64 KiB window. */
    private static final class Window {
        private final ByteSource src;
        private final long base;
        private final long length;
        private ByteBuffer buf = ByteBuffer.allocate(0);
        private long at = -1;

        Window(ByteSource src, long base, long length) {
            this.src = src;
            this.base = base;
            this.length = length;
        }

        private int index(long pos, int width) throws IOException {
            if (pos < 0 || pos + width > length) {
                throw new BinaryFormatException(src.name(), "central directory", base + pos, "runs past its " + length
                        + " bytes");
            }
            if (at < 0 || pos < at || pos + width > at + buf.limit()) {
                at = pos;
                buf = src.buffer(base + pos, (int) Math.min(1 << 16, length - pos), "central directory");
            }
            return (int) (pos - at);
        }

        int u16(long pos) throws IOException {
            int i = index(pos, 2);
            return buf.getShort(i) & 0xffff;
        }

        long u32(long pos) throws IOException {
            int i = index(pos, 4);
            return buf.getInt(i) & 0xffffffffL;
        }

        long u64(long pos) throws IOException {
            int i = index(pos, 8);
            return buf.getLong(i);
        }
    }
}
