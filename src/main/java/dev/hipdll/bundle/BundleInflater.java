package dev.hipdll.bundle;

import dev.hipdll.bytes.BinaryFormatException;
import dev.hipdll.bytes.ByteSource;
import io.airlift.compress.zstd.ZstdInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.zip.InflaterInputStream;

/**
 * Writes the plain bundle a compressed offload bundle ({@code CCOB}) holds to a stream, so that its
 * bytes can be searched (build paths) and its code objects read in place. Only for a bundle
 * {@link OffloadBundleReader} has read already (its header checked, its size charged to the budget):
 * at most the declared uncompressed size is written, whatever the payload inflates to.
 */
public final class BundleInflater {
    private BundleInflater() {
    }

    /**
     * Inflates {@code bundle}, which starts at {@code bundle.offset()} of {@code src}, into {@code out}.
     *
     * @return the bytes written: the declared uncompressed size, or fewer when the payload is short
     * @throws IllegalArgumentException when {@code bundle} is not compressed
     * @throws BinaryFormatException    when the payload cannot be decompressed
     */
    public static long inflate(ByteSource src, OffloadBundle bundle, OutputStream out) throws IOException {
        if (bundle.compression().isEmpty()) {
            throw new IllegalArgumentException("a plain bundle");
        }
        CompressionInfo info = bundle.compression().get();
        long start = bundle.offset() + info.headerSize();
        long payload = info.totalSize() >= 0 ? info.totalSize() - info.headerSize() : src.size() - start;
        long limit = info.uncompressedSize();
        long written = 0;
        try (InputStream raw = src.inputStream(start, payload, "compressed offload bundle payload");
             InputStream in = info.method() == CompressionInfo.ZLIB ? new InflaterInputStream(raw) : new ZstdInputStream(raw)) {
            byte[] buf = new byte[65536];
            while (written < limit) {
                int k = in.read(buf, 0, (int) Math.min(buf.length, limit - written));
                if (k < 0) {
                    break;
                }
                out.write(buf, 0, k);
                written += k;
            }
        } catch (BinaryFormatException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw new BinaryFormatException(src.name(), "compressed offload bundle payload (" + info.methodName() + ")",
                    start, "cannot be decompressed: " + e.getMessage());
        }
        return written;
    }
}
