package dev.hipdll.pe;

/**
 * A named range of file bytes, {@code [offset, offset + length)}.
 *
 * @param what   what lies there, e.g. {@code certificate table (data directory 4)}
 * @param offset the file offset of its first byte
 * @param length its length in bytes, at least 0
 */
public record FileRange(String what, long offset, long length) {
    /** The offset just past the range. */
    public long end() {
        return offset + length;
    }

    /** {@code 0x400..0x9ff (1536 bytes)}: the first and last byte's offsets and the length. */
    public String span() {
        return length == 0 ? String.format("0x%X (0 bytes)", offset)
                : String.format("0x%X..0x%X (%d bytes)", offset, offset + length - 1, length);
    }
}
