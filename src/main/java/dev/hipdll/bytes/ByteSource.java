package dev.hipdll.bytes;

import dev.hipdll.io.FileOpener;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

/**
 * Random, bounds-checked, little-endian access to the bytes of an untrusted file without loading
 * it whole: every read names the structure it is for, and a read past the end raises a
 * {@link BinaryFormatException} naming that structure and offset. A 1 GB file costs a file handle,
 * not 1 GB of heap.
 */
public final class ByteSource implements Closeable {
    /** Positional reader: fills {@code dst} from absolute position {@code pos}, -1 at the end. */
    private interface PositionalReader {
        int read(ByteBuffer dst, long pos) throws IOException;
    }

    /** Reads a file through its channel ({@link FileChannel#read(ByteBuffer, long)}). */
    private static final class ChannelReader implements PositionalReader {
        private final FileChannel channel;

        ChannelReader(FileChannel channel) {
            this.channel = channel;
        }

        @Override
        public int read(ByteBuffer dst, long pos) throws IOException {
            return channel.read(dst, pos);
        }
    }

    /** Reads an array in memory. */
    private static final class ArrayReader implements PositionalReader {
        private final byte[] data;

        ArrayReader(byte[] data) {
            this.data = data;
        }

        @Override
        public int read(ByteBuffer dst, long pos) {
            if (pos >= data.length) {
                return -1;
            }
            int n = (int) Math.min(dst.remaining(), data.length - pos);
            dst.put(data, (int) pos, n);
            return n;
        }
    }

    /** The closer of a source that owns nothing to close (an array, a slice of another source). */
    private static final class NothingToClose implements Closeable {
        static final NothingToClose INSTANCE = new NothingToClose();

        @Override
        public void close() {
        }
    }

    private final String name;
    private final PositionalReader reader;
    private final Closeable closer;
    private final long base;
    private final long size;

    private ByteSource(String name, PositionalReader reader, Closeable closer, long base, long size) {
        this.name = name;
        this.reader = reader;
        this.closer = closer;
        this.base = base;
        this.size = size;
    }

    /** Opens {@code file} for reading. */
    public static ByteSource open(Path file) throws IOException {
        return open(file, FileOpener.standard());
    }

    /** Opens {@code file} for reading with {@code opener} (tests count the opens and reads). */
    public static ByteSource open(Path file, FileOpener opener) throws IOException {
        FileChannel ch = opener.open(file);
        try {
            return new ByteSource(file.toString(), new ChannelReader(ch), ch, 0, ch.size());
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        }
    }

    /** A source over {@code data} (not copied), called {@code name} in messages. */
    public static ByteSource of(String name, byte[] data) {
        return new ByteSource(name, new ArrayReader(data), NothingToClose.INSTANCE, 0, data.length);
    }

    /**
     * A view of {@code length} bytes at {@code offset} of this source; offsets in the view start
     * at 0, and messages name it {@code name}. Closing the view does not close this source.
     *
     * @throws BinaryFormatException when the range is not inside this source
     */
    public ByteSource slice(long offset, long length, String name) throws BinaryFormatException {
        check(offset, length, name);
        return new ByteSource(this.name + " " + name, reader, NothingToClose.INSTANCE, base + offset, length);
    }

    /** The file's name, as used in error messages. */
    public String name() {
        return name;
    }

    /** The size in bytes. */
    public long size() {
        return size;
    }

    /**
     * Reads {@code length} bytes at {@code offset}.
     *
     * @throws BinaryFormatException when the range is not inside the file
     */
    public byte[] read(long offset, int length, String structure) throws IOException {
        check(offset, length, structure);
        byte[] out = new byte[length];
        readInto(offset, out, 0, length, structure);
        return out;
    }

    /**
     * Reads {@code length} bytes at {@code offset} into {@code dst[dstOffset..]}; no allocation, for
     * streaming scans.
     *
     * @throws BinaryFormatException when the range is not inside the file
     */
    public void readInto(long offset, byte[] dst, int dstOffset, int length, String structure) throws IOException {
        check(offset, length, structure);
        ByteBuffer buf = ByteBuffer.wrap(dst, dstOffset, length);
        long pos = offset;
        while (buf.hasRemaining()) {
            int n = reader.read(buf, base + pos);
            if (n < 0) {
                throw new BinaryFormatException(name, structure, pos, "file ended while reading " + length + " bytes");
            }
            pos += n;
        }
    }

    /**
     * A stream over the {@code length} bytes at {@code offset}, read in chunks on demand (nothing
     * is loaded ahead); closing it does not close this source. A read past the end of the file
     * raises a {@link BinaryFormatException} naming {@code structure}.
     *
     * @throws BinaryFormatException when the range is not inside the file
     */
    public InputStream inputStream(long offset, long length, String structure) throws BinaryFormatException {
        check(offset, length, structure);
        return new InputStream() {
            private long pos = offset;
            private final long end = offset + length;

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
                if (pos >= end) {
                    return -1;
                }
                int n = (int) Math.min(len, end - pos);
                readInto(pos, b, off, n, structure);
                pos += n;
                return n;
            }

            @Override
            public long skip(long n) {
                long k = Math.max(0, Math.min(n, end - pos));
                pos += k;
                return k;
            }

            @Override
            public int available() {
                return (int) Math.min(Integer.MAX_VALUE, end - pos);
            }
        };
    }

    /** Reads {@code length} bytes at {@code offset} as a little-endian buffer. */
    public ByteBuffer buffer(long offset, int length, String structure) throws IOException {
        return ByteBuffer.wrap(read(offset, length, structure)).order(ByteOrder.LITTLE_ENDIAN);
    }

    /** Unsigned 16-bit little-endian value at {@code offset}. */
    public int u16(long offset, String structure) throws IOException {
        return buffer(offset, 2, structure).getShort() & 0xffff;
    }

    /** Unsigned 32-bit little-endian value at {@code offset}. */
    public long u32(long offset, String structure) throws IOException {
        return buffer(offset, 4, structure).getInt() & 0xffffffffL;
    }

    /**
     * Checks that {@code [offset, offset + length)} lies inside the file.
     *
     * @throws BinaryFormatException when it does not
     */
    public void check(long offset, long length, String structure) throws BinaryFormatException {
        if (offset < 0 || length < 0 || offset > size || length > size - offset) {
            throw new BinaryFormatException(name, structure, offset, "needs " + length + " bytes but the file has "
                    + size + " bytes (range ends past the end of the file)");
        }
    }

    @Override
    public void close() throws IOException {
        closer.close();
    }
}
