package dev.hipdll.bundle;

import dev.hipdll.bytes.BinaryFormatException;
import dev.hipdll.bytes.ByteSource;
import io.airlift.compress.zstd.ZstdInputStream;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.zip.InflaterInputStream;

/**
 * Reads clang offload bundles, plain ({@code __CLANG_OFFLOAD_BUNDLE__}) and compressed
 * ({@code CCOB} versions 1, 2 and 3 with zlib or zstd), following clang's
 * {@code clang/lib/Driver/OffloadBundler.cpp} and the clang documentation "Clang Offload
 * Bundler". Plain bundles are read in place (only the entry table and each code object's ELF
 * header); compressed bundles are decompressed into memory, refusing any whose declared
 * uncompressed size exceeds {@link #maxUncompressedBytes()} or whose payload inflates past its
 * declared size (a decompression bomb).
 */
public final class OffloadBundleReader {
    /** The plain bundle magic. */
    public static final String MAGIC = "__CLANG_OFFLOAD_BUNDLE__";
    /** The compressed bundle magic. */
    public static final String COMPRESSED_MAGIC = "CCOB";
    /** Default limit on a compressed bundle's declared uncompressed size: 512 MiB. */
    public static final long DEFAULT_MAX_UNCOMPRESSED = 512L << 20;
    /** Most entries accepted in one bundle. */
    public static final int MAX_ENTRIES = 4096;
    /** Longest entry id accepted, in bytes. */
    public static final int MAX_ID_LENGTH = 4096;

    private final long maxUncompressed;

    /** A reader with the {@link #DEFAULT_MAX_UNCOMPRESSED} limit. */
    public OffloadBundleReader() {
        this(DEFAULT_MAX_UNCOMPRESSED);
    }

    /**
     * @param maxUncompressedBytes the largest declared uncompressed size accepted, in bytes; at
     *                             most {@code Integer.MAX_VALUE - 8}
     */
    public OffloadBundleReader(long maxUncompressedBytes) {
        if (maxUncompressedBytes <= 0 || maxUncompressedBytes > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("maxUncompressedBytes must be in 1.." + (Integer.MAX_VALUE - 8));
        }
        this.maxUncompressed = maxUncompressedBytes;
    }

    /** The limit on a compressed bundle's declared uncompressed size, in bytes. */
    public long maxUncompressedBytes() {
        return maxUncompressed;
    }

    /** Whether the bytes at {@code offset} start a plain or compressed bundle. */
    public static boolean startsBundle(ByteSource src, long offset) throws IOException {
        if (offset < 0 || offset + 4 > src.size()) {
            return false;
        }
        String head4 = new String(src.read(offset, 4, "offload bundle magic"), StandardCharsets.ISO_8859_1);
        if (head4.equals(COMPRESSED_MAGIC)) {
            return true;
        }
        return offset + MAGIC.length() <= src.size()
                && new String(src.read(offset, MAGIC.length(), "offload bundle magic"), StandardCharsets.ISO_8859_1)
                .equals(MAGIC);
    }

    /**
     * Reads the bundle that starts at {@code offset} of {@code src}.
     *
     * @return the bundle; {@link #endOf} tells where it ends
     * @throws BinaryFormatException when there is no bundle there or it is malformed, truncated or
     *                               over the decompression limit
     */
    public OffloadBundle read(ByteSource src, long offset) throws IOException {
        if (!startsBundle(src, offset)) {
            throw new BinaryFormatException(src.name(), "offload bundle", offset,
                    "expected magic '" + MAGIC + "' or '" + COMPRESSED_MAGIC + "'");
        }
        String head4 = new String(src.read(offset, 4, "offload bundle magic"), StandardCharsets.ISO_8859_1);
        if (head4.equals(COMPRESSED_MAGIC)) {
            return readCompressed(src, offset);
        }
        return new OffloadBundle(offset, Optional.empty(), readPlain(src, offset, src.size() - offset));
    }

    /**
     * Where the bundle ends, relative to the start of its source: the end of its last entry for a
     * plain bundle, offset + total size for a compressed v2/v3 one, -1 when unknown (v1).
     */
    public static long endOf(OffloadBundle bundle) {
        if (bundle.compression().isPresent()) {
            long total = bundle.compression().get().totalSize();
            return total < 0 ? -1 : bundle.offset() + total;
        }
        long end = bundle.offset();
        for (BundleEntry e : bundle.entries()) {
            end = Math.max(end, bundle.offset() + e.offset() + e.size());
        }
        return end;
    }

    private List<BundleEntry> readPlain(ByteSource src, long start, long available) throws IOException {
        String name = "offload bundle";
        long pos = start + MAGIC.length();
        ByteBuffer h = src.buffer(pos, 8, name + " entry count");
        long count = h.getLong(0);
        pos += 8;
        if (count < 0 || count > MAX_ENTRIES) {
            throw new BinaryFormatException(src.name(), name + " entry count", pos - 8,
                    "is " + Long.toUnsignedString(count) + "; at most " + MAX_ENTRIES + " expected");
        }
        List<BundleEntry> entries = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String what = name + " entry #" + i;
            ByteBuffer e = src.buffer(pos, 24, what);
            long off = e.getLong(0);
            long size = e.getLong(8);
            long idLen = e.getLong(16);
            pos += 24;
            if (idLen < 0 || idLen > MAX_ID_LENGTH) {
                throw new BinaryFormatException(src.name(), what + " id length", pos - 8,
                        "is " + Long.toUnsignedString(idLen) + "; at most " + MAX_ID_LENGTH + " expected");
            }
            String id = new String(src.read(pos, (int) idLen, what + " id"), StandardCharsets.ISO_8859_1);
            pos += idLen;
            if (off < 0 || size < 0 || off > available || size > available - off) {
                throw new BinaryFormatException(src.name(), what + " (" + id + ") data", start,
                        "offset " + Long.toUnsignedString(off) + " + size " + Long.toUnsignedString(size)
                                + " lies outside the " + available + " bytes available");
            }
            entries.add(new BundleEntry(BundleEntryId.parse(id), off, size,
                    CodeObjectReader.read(src, start + off, size, what + " (" + id + ")")));
        }
        return entries;
    }

    private OffloadBundle readCompressed(ByteSource src, long offset) throws IOException {
        String name = "compressed offload bundle";
        ByteBuffer h = src.buffer(offset, 8, name + " header");
        int version = h.getShort(4) & 0xffff;
        int method = h.getShort(6) & 0xffff;
        long total;
        long uncompressed;
        int headerSize;
        switch (version) {
            case 1 -> {
                ByteBuffer b = src.buffer(offset + 8, 12, name + " v1 header");
                total = -1;
                uncompressed = b.getInt(0) & 0xffffffffL;
                headerSize = 20;
            }
            case 2 -> {
                ByteBuffer b = src.buffer(offset + 8, 16, name + " v2 header");
                total = b.getInt(0) & 0xffffffffL;
                uncompressed = b.getInt(4) & 0xffffffffL;
                headerSize = 24;
            }
            case 3 -> {
                ByteBuffer b = src.buffer(offset + 8, 24, name + " v3 header");
                total = b.getLong(0);
                uncompressed = b.getLong(8);
                headerSize = 32;
            }
            default -> throw new BinaryFormatException(src.name(), name + " version", offset + 4,
                    "is " + version + "; versions 1, 2 and 3 are known");
        }
        if (method != CompressionInfo.ZLIB && method != CompressionInfo.ZSTD) {
            throw new BinaryFormatException(src.name(), name + " method", offset + 6,
                    "is " + method + "; expected 0 (zlib) or 1 (zstd)");
        }
        if (uncompressed < 0 || uncompressed > maxUncompressed) {
            throw new BinaryFormatException(src.name(), name + " uncompressed size", offset + 8,
                    "declares " + Long.toUnsignedString(uncompressed) + " bytes, over the limit of " + maxUncompressed
                            + " bytes (refused as a possible decompression bomb)");
        }
        long payload;
        if (total >= 0) {
            if (total < headerSize || total > src.size() - offset) {
                throw new BinaryFormatException(src.name(), name + " total size", offset + 8,
                        "is " + Long.toUnsignedString(total) + " but " + (src.size() - offset) + " bytes are available");
            }
            payload = total - headerSize;
        } else {
            payload = src.size() - offset - headerSize;
        }
        if (payload < 0 || payload > Integer.MAX_VALUE - 8) {
            throw new BinaryFormatException(src.name(), name + " payload", offset + headerSize,
                    "has " + payload + " bytes; expected 0.." + (Integer.MAX_VALUE - 8));
        }
        byte[] compressed = src.read(offset + headerSize, (int) payload, name + " payload");
        byte[] plain = inflate(src.name(), offset + headerSize, method, compressed, (int) uncompressed);
        ByteSource inner = ByteSource.of(src.name() + " (compressed bundle at 0x" + Long.toHexString(offset) + ")", plain);
        if (!startsBundle(inner, 0) || new String(inner.read(0, 4, "bundle magic"), StandardCharsets.ISO_8859_1)
                .equals(COMPRESSED_MAGIC)) {
            throw new BinaryFormatException(inner.name(), "decompressed offload bundle", 0,
                    "expected magic '" + MAGIC + "'");
        }
        return new OffloadBundle(offset, Optional.of(new CompressionInfo(version, method, total, uncompressed, headerSize)),
                readPlain(inner, 0, plain.length));
    }

    private static byte[] inflate(String source, long offset, int method, byte[] compressed, int size) throws IOException {
        byte[] out = new byte[size];
        try (InputStream in = method == CompressionInfo.ZLIB
                ? new InflaterInputStream(new ByteArrayInputStream(compressed))
                : new ZstdInputStream(new ByteArrayInputStream(compressed))) {
            int n = 0;
            while (n < size) {
                int r = in.read(out, n, size - n);
                if (r < 0) {
                    throw new BinaryFormatException(source, "compressed offload bundle payload", offset,
                            "inflated to " + n + " bytes, fewer than the declared " + size);
                }
                n += r;
            }
            if (method == CompressionInfo.ZLIB && in.read() >= 0) {
                throw new BinaryFormatException(source, "compressed offload bundle payload", offset,
                        "inflates past its declared size of " + size + " bytes");
            }
        } catch (BinaryFormatException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw new BinaryFormatException(source, "compressed offload bundle payload", offset,
                    "cannot be decompressed: " + e.getMessage());
        }
        return out;
    }
}
