package dev.hipdll.bytes;

import java.io.IOException;

/**
 * Untrusted binary input (a PE image, an offload bundle, a code object) that does not follow its
 * specification where a reader needs it. The
 * message names the file, the structure, the file offset (hex) and what was expected.
 */
public final class BinaryFormatException extends IOException {
    private static final long serialVersionUID = 1L;

    private final String structure;
    private final long offset;

    /**
     * @param source    the file (or other source) being read
     * @param structure the structure being read, e.g. "import directory entry #3"
     * @param offset    the file offset of the problem, or -1 when there is none
     * @param problem   what was found and what was expected
     */
    public BinaryFormatException(String source, String structure, long offset, String problem) {
        super(source + ": " + structure + (offset >= 0 ? " at offset 0x" + Long.toHexString(offset) : "") + ": " + problem);
        this.structure = structure;
        this.offset = offset;
    }

    /** The structure being read when the problem was found. */
    public String structure() {
        return structure;
    }

    /** The file offset of the problem, or -1. */
    public long offset() {
        return offset;
    }
}
