package dev.hipdll.bundle;

import dev.hipdll.bytes.BinaryFormatException;
import dev.hipdll.bytes.ByteSource;
import dev.hipdll.bytes.ReadBudget;
import dev.hipdll.bytes.ReadLimits;
import io.airlift.compress.zstd.ZstdInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
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
 * header); compressed bundles are streamed, refusing any whose declared
 * uncompressed size exceeds {@link #maxUncompressedBytes()} or whose payload inflates past its
 * declared size (a decompression bomb). Compressed bundles are decompressed as a stream and parsed
 * on the fly (entry table and ELF headers kept, the rest skipped): the heap cost does not grow
 * with the bundle.
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
     * The uncompressed size a compressed bundle at {@code offset} declares in its header (CCOB v1
     * and v2: u32 at +8 and +12, v3: u64 at +16), in bytes; 0 for a plain bundle or a header too
     * short or of an unknown version to tell ({@link #read} then reports what is wrong).
     */
    public static long declaredUncompressedBytes(ByteSource src, long offset) throws IOException {
        if (offset < 0 || offset + 8 > src.size()
                || !new String(src.read(offset, 4, "offload bundle magic"), StandardCharsets.ISO_8859_1).equals(COMPRESSED_MAGIC)) {
            return 0;
        }
        int version = src.u16(offset + 4, "compressed offload bundle version");
        long field = version == 1 ? offset + 8 : version == 2 ? offset + 12 : version == 3 ? offset + 16 : -1;
        if (field < 0 || field + (version == 3 ? 8 : 4) > src.size()) {
            return 0;
        }
        return version == 3 ? src.buffer(field, 8, "compressed offload bundle v3 header").getLong()
                : src.u32(field, "compressed offload bundle header");
    }

    /**
     * Reads the bundle that starts at {@code offset} of {@code src}.
     *
     * @return the bundle; {@link #endOf} tells where it ends
     * @throws BinaryFormatException when there is no bundle there or it is malformed, truncated or
     *                               over the decompression limit
     */
    public OffloadBundle read(ByteSource src, long offset) throws IOException {
        return read(src, offset, new ReadBudget(ReadLimits.DEFAULT));
    }

    /**
     * Reads the bundle that starts at {@code offset} of {@code src}, charging its entries, their
     * ids and the time it takes to {@code budget} (the file's verification budget).
     *
     * @return the bundle; {@link #endOf} tells where it ends
     * @throws BinaryFormatException when there is no bundle there or it is malformed, truncated,
     *                               over the decompression limit or over the budget
     */
    public OffloadBundle read(ByteSource src, long offset, ReadBudget budget) throws IOException {
        if (!startsBundle(src, offset)) {
            throw new BinaryFormatException(src.name(), "offload bundle", offset,
                    "expected magic '" + MAGIC + "' or '" + COMPRESSED_MAGIC + "'");
        }
        String head4 = new String(src.read(offset, 4, "offload bundle magic"), StandardCharsets.ISO_8859_1);
        if (head4.equals(COMPRESSED_MAGIC)) {
            return readCompressed(src, offset, budget);
        }
        return new OffloadBundle(offset, Optional.empty(), readPlain(src, offset, src.size() - offset, budget));
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

    private List<BundleEntry> readPlain(ByteSource src, long start, long available, ReadBudget budget) throws IOException {
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
            budget.name(src.name(), what + " id", pos, idLen);
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

    private OffloadBundle readCompressed(ByteSource src, long offset, ReadBudget budget) throws IOException {
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
        if (version == 3 && total < 0) {
            throw new BinaryFormatException(src.name(), name + " total size", offset + 8,
                    "is " + Long.toUnsignedString(total) + " but " + (src.size() - offset) + " bytes are available");
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
        if (payload < 0) {
            throw new BinaryFormatException(src.name(), name + " payload", offset + headerSize,
                    "has " + payload + " bytes; the header is larger than the bundle");
        }
        CompressionInfo info = new CompressionInfo(version, method, total, uncompressed, headerSize);
        return new OffloadBundle(offset, Optional.of(info),
                readStreamed(src, offset + headerSize, payload, info, budget));
    }

    /**
     * Decompresses the payload as a stream and parses the plain bundle inside on the fly: the
     * entry table and each code object's first 64 bytes are kept, everything else is skipped, so
     * the heap cost does not depend on the bundle's size. The payload must inflate to exactly the
     * declared size.
     */
    private List<BundleEntry> readStreamed(ByteSource src, long payloadOffset, long payload, CompressionInfo info,
                                           ReadBudget budget) throws IOException {
        String where = src.name() + " (compressed bundle at 0x" + Long.toHexString(payloadOffset - info.headerSize()) + ")";
        long size = info.uncompressedSize();
        try (InputStream raw = src.inputStream(payloadOffset, payload, "compressed offload bundle payload");
             InputStream in = info.method() == CompressionInfo.ZLIB ? new InflaterInputStream(raw) : new ZstdInputStream(raw)) {
            BoundedReader r = new BoundedReader(in, size, src.name(), payloadOffset, budget);
            byte[] magic = r.readFully(MAGIC.length(), "decompressed offload bundle magic");
            if (!new String(magic, StandardCharsets.ISO_8859_1).equals(MAGIC)) {
                throw new BinaryFormatException(where, "decompressed offload bundle", 0, "expected magic '" + MAGIC + "'");
            }
            long count = ByteBuffer.wrap(r.readFully(8, "offload bundle entry count")).order(ByteOrder.LITTLE_ENDIAN).getLong();
            if (count < 0 || count > MAX_ENTRIES) {
                throw new BinaryFormatException(where, "offload bundle entry count", MAGIC.length(),
                        "is " + Long.toUnsignedString(count) + "; at most " + MAX_ENTRIES + " expected");
            }
            budget.entries(where, "offload bundle entry count", MAGIC.length(), count);
            long[][] table = new long[(int) count][];
            String[] ids = new String[(int) count];
            for (int i = 0; i < count; i++) {
                String what = "offload bundle entry #" + i;
                ByteBuffer e = ByteBuffer.wrap(r.readFully(24, what)).order(ByteOrder.LITTLE_ENDIAN);
                long off = e.getLong(0);
                long sz = e.getLong(8);
                long idLen = e.getLong(16);
                if (idLen < 0 || idLen > MAX_ID_LENGTH) {
                    throw new BinaryFormatException(where, what + " id length", r.position() - 8,
                            "is " + Long.toUnsignedString(idLen) + "; at most " + MAX_ID_LENGTH + " expected");
                }
                budget.name(where, what + " id", r.position(), idLen);
                ids[i] = new String(r.readFully((int) idLen, what + " id"), StandardCharsets.ISO_8859_1);
                if (off < 0 || sz < 0 || off > size || sz > size - off) {
                    throw new BinaryFormatException(where, what + " (" + ids[i] + ") data", 0,
                            "offset " + Long.toUnsignedString(off) + " + size " + Long.toUnsignedString(sz)
                                    + " lies outside the " + size + " bytes declared");
                }
                table[i] = new long[] {off, sz};
            }
            // Visit the entries in offset order, keeping the first 64 bytes of each.
            Integer[] order = new Integer[(int) count];
            for (int i = 0; i < count; i++) {
                order[i] = i;
            }
            java.util.Arrays.sort(order, new ByOffset(table));  // stable: entries at one offset keep table order
            byte[][] heads = new byte[(int) count][];
            for (int i : order) {
                long off = table[i][0];
                int want = (int) Math.min(64, table[i][1]);
                if (off >= r.position()) {
                    r.skipTo(off, "offload bundle entry #" + i + " (" + ids[i] + ") data");
                    heads[i] = r.readFully(want, "offload bundle entry #" + i + " (" + ids[i] + ") data");
                }
                // an entry overlapping the previous one is listed without its ELF header facts
            }
            r.drain(info.totalSize() >= 0);
            List<BundleEntry> entries = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                Optional<CodeObject> co = Optional.empty();
                if (heads[i] != null && heads[i].length == 64) {
                    co = CodeObjectReader.read(ByteSource.of(where, heads[i]), 0, 64, "offload bundle entry #" + i);
                }
                entries.add(new BundleEntry(BundleEntryId.parse(ids[i]), table[i][0], table[i][1], co));
            }
            return entries;
        } catch (BinaryFormatException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw new BinaryFormatException(src.name(), "compressed offload bundle payload (" + info.methodName() + ")",
                    payloadOffset, "cannot be decompressed: " + e.getMessage());
        }
    }

    /** Reads a decompressed stream that must hold exactly {@code limit} bytes. */
    private static final class BoundedReader {
        private final InputStream in;
        private final long limit;
        private final String source;
        private final long payloadOffset;
        private final ReadBudget budget;
        private final byte[] scratch = new byte[65536];
        private long pos;

        BoundedReader(InputStream in, long limit, String source, long payloadOffset, ReadBudget budget) {
            this.in = in;
            this.limit = limit;
            this.source = source;
            this.payloadOffset = payloadOffset;
            this.budget = budget;
        }

        long position() {
            return pos;
        }

        byte[] readFully(int n, String what) throws IOException {
            if (n > limit - pos) {
                throw new BinaryFormatException(source, what, payloadOffset, "needs " + n + " bytes at decompressed offset "
                        + pos + " but the bundle declares only " + limit + " bytes");
            }
            byte[] out = new byte[n];
            int got = 0;
            while (got < n) {
                int k = in.read(out, got, n - got);
                if (k < 0) {
                    throw short_(what);
                }
                got += k;
            }
            pos += n;
            return out;
        }

        void skipTo(long target, String what) throws IOException {
            while (pos < target) {
                int k = in.read(scratch, 0, (int) Math.min(scratch.length, target - pos));
                if (k < 0) {
                    throw short_(what);
                }
                pos += k;
                budget.time(source, "compressed offload bundle payload (" + what + ")", payloadOffset);
            }
        }

        /**
         * Reads to the declared end; with {@code exactEnd} (the payload's length is known: v2, v3)
         * also checks that nothing inflates past it.
         */
        void drain(boolean exactEnd) throws IOException {
            skipTo(limit, "rest of the decompressed offload bundle");
            if (exactEnd && in.read() >= 0) {
                throw new BinaryFormatException(source, "compressed offload bundle payload", payloadOffset,
                        "inflates past its declared size of " + limit + " bytes (refused as a possible decompression bomb)");
            }
        }

        private BinaryFormatException short_(String what) {
            return new BinaryFormatException(source, "compressed offload bundle payload", payloadOffset,
                    "inflated to " + pos + " bytes, fewer than the declared " + limit + " (while reading " + what + ")");
        }
    }

    /** Orders entry indexes by the offset in their {@code {offset, size}} row of the entry table. */
    private static final class ByOffset implements java.util.Comparator<Integer> {
        private final long[][] table;

        ByOffset(long[][] table) {
            this.table = table;
        }

        @Override
        public int compare(Integer a, Integer b) {
            return Long.compare(table[a][0], table[b][0]);
        }
    }
}
