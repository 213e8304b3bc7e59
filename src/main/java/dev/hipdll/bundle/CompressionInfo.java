package dev.hipdll.bundle;

/**
 * The header of a compressed offload bundle ({@code CCOB}; clang
 * {@code clang/lib/Driver/OffloadBundler.cpp}, {@code CompressedOffloadBundle}).
 *
 * @param version          format version, 1 to 3
 * @param method           0 = zlib, 1 = zstd
 * @param totalSize        the whole compressed bundle in bytes (header included), or -1 in v1
 * @param uncompressedSize the size of the plain bundle it holds, in bytes
 * @param headerSize       bytes before the compressed payload
 */
public record CompressionInfo(int version, int method, long totalSize, long uncompressedSize, int headerSize) {
    public static final int ZLIB = 0;
    public static final int ZSTD = 1;

    /** The method's name, {@code zlib} or {@code zstd}. */
    public String methodName() {
        return switch (method) {
            case ZLIB -> "zlib";
            case ZSTD -> "zstd";
            default -> "method " + method;
        };
    }
}
