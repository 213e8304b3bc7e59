package dev.hipdll.testing;

import dev.hipdll.io.FileOpener;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A {@link FileOpener} that counts, per file, how often it was opened, how many bytes were read
 * from it and in how many reads (through any read method of the channel: sequential, positional,
 * scattering, transfer).
 * Memory mapping is refused, so no read can escape the count. Thread-safe: verify scans the file on
 * a thread of its own while other checks read its headers.
 */
public final class CountingOpener implements FileOpener {
    private final Map<Path, Long> opens = new ConcurrentHashMap<>();
    private final Map<Path, Long> bytes = new ConcurrentHashMap<>();
    private final Map<Path, Long> reads = new ConcurrentHashMap<>();

    @Override
    public FileChannel open(Path file) throws IOException {
        Path key = file.toAbsolutePath().normalize();
        opens.merge(key, 1L, Long::sum);
        return new Counting(FileOpener.standard().open(file), key);
    }

    /**
     * What this whole process has read through {@code read(2)}-like calls so far ({@code rchar} of
     * {@code /proc/self/io}, Linux): a cross-check that no read went around the seam. Empty where
     * the kernel does not tell.
     */
    public static OptionalLong processBytesRead() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/io"))) {
                if (line.startsWith("rchar:")) {
                    return OptionalLong.of(Long.parseLong(line.substring(6).strip()));
                }
            }
        } catch (IOException | RuntimeException e) {
            return OptionalLong.empty();
        }
        return OptionalLong.empty();
    }

    /** How often {@code file} was opened. */
    public long opens(Path file) {
        return opens.getOrDefault(file.toAbsolutePath().normalize(), 0L);
    }

    /** How many bytes were read from {@code file}, over every open. */
    public long bytesRead(Path file) {
        return bytes.getOrDefault(file.toAbsolutePath().normalize(), 0L);
    }

    /** How many read calls returned bytes of {@code file}, over every open (a count of work, not of time). */
    public long reads(Path file) {
        return reads.getOrDefault(file.toAbsolutePath().normalize(), 0L);
    }

    private final class Counting extends FileChannel {
        private final FileChannel ch;
        private final Path key;

        Counting(FileChannel ch, Path key) {
            this.ch = ch;
            this.key = key;
        }

        private <T extends Number> T count(T n) {
            if (n.longValue() > 0) {
                bytes.merge(key, n.longValue(), Long::sum);
                reads.merge(key, 1L, Long::sum);
            }
            return n;
        }

        @Override
        public int read(ByteBuffer dst) throws IOException {
            return count(ch.read(dst));
        }

        @Override
        public long read(ByteBuffer[] dsts, int offset, int length) throws IOException {
            return count(ch.read(dsts, offset, length));
        }

        @Override
        public int read(ByteBuffer dst, long position) throws IOException {
            return count(ch.read(dst, position));
        }

        @Override
        public long transferTo(long position, long count, WritableByteChannel target) throws IOException {
            return count(ch.transferTo(position, count, target));
        }

        @Override
        public int write(ByteBuffer src) throws IOException {
            return ch.write(src);
        }

        @Override
        public long write(ByteBuffer[] srcs, int offset, int length) throws IOException {
            return ch.write(srcs, offset, length);
        }

        @Override
        public int write(ByteBuffer src, long position) throws IOException {
            return ch.write(src, position);
        }

        @Override
        public long transferFrom(ReadableByteChannel src, long position, long count) throws IOException {
            return ch.transferFrom(src, position, count);
        }

        @Override
        public long position() throws IOException {
            return ch.position();
        }

        @Override
        public FileChannel position(long newPosition) throws IOException {
            ch.position(newPosition);
            return this;
        }

        @Override
        public long size() throws IOException {
            return ch.size();
        }

        @Override
        public FileChannel truncate(long size) throws IOException {
            ch.truncate(size);
            return this;
        }

        @Override
        public void force(boolean metaData) throws IOException {
            ch.force(metaData);
        }

        @Override
        public MappedByteBuffer map(MapMode mode, long position, long size) {
            throw new UnsupportedOperationException("CountingOpener: a mapped read could not be counted");
        }

        @Override
        public FileLock lock(long position, long size, boolean shared) throws IOException {
            return ch.lock(position, size, shared);
        }

        @Override
        public FileLock tryLock(long position, long size, boolean shared) throws IOException {
            return ch.tryLock(position, size, shared);
        }

        @Override
        protected void implCloseChannel() throws IOException {
            ch.close();
        }
    }
}
