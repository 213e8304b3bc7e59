package dev.hipdll.bundle;

import dev.hipdll.bytes.ByteSource;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Optional;

/**
 * Reads the ELF header of a bundle entry's data (System V ABI "ELF Header"; LLVM
 * {@code AMDGPUUsage.rst} "ELF Header" for the AMDGPU values). Only the first 64 bytes are read.
 */
public final class CodeObjectReader {
    private CodeObjectReader() {
    }

    /**
     * The code object facts of a file (a device compile's output), when it is a 64-bit little-endian ELF.
     *
     * @param file the file; its first 64 bytes are read
     * @return the facts, or empty when the file is shorter than an ELF header or no ELF64 LSB
     * @throws IOException when the file cannot be read
     */
    public static Optional<CodeObject> read(java.nio.file.Path file) throws IOException {
        try (ByteSource src = ByteSource.open(file)) {
            return read(src, 0, src.size(), file.getFileName().toString());
        }
    }

    /** The code object facts when the data is a 64-bit little-endian ELF, else empty. */
    static Optional<CodeObject> read(ByteSource src, long offset, long size, String what) throws IOException {
        if (size < 64) {
            return Optional.empty();
        }
        ByteBuffer h = src.buffer(offset, 64, what + " ELF header");
        if (h.get(0) != 0x7f || h.get(1) != 'E' || h.get(2) != 'L' || h.get(3) != 'F' || h.get(4) != 2 || h.get(5) != 1) {
            return Optional.empty();
        }
        return Optional.of(new CodeObject(h.getShort(18) & 0xffff, h.get(8) & 0xff, h.getInt(48) & 0xffffffffL));
    }
}
