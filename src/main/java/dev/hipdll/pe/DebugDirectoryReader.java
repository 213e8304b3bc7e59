package dev.hipdll.pe;

import dev.hipdll.bytes.BinaryFormatException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the debug directory (PE/COFF specification, section 6.1 "The .debug Section") and, for
 * CodeView entries, the PDB path of an {@code RSDS} (PDB 7.0) or {@code NB10} (PDB 2.0) record.
 */
final class DebugDirectoryReader {
    /** Most debug directory entries accepted. */
    static final int MAX_ENTRIES = 1024;
    /** Most bytes of a CodeView record read. */
    static final int MAX_CODEVIEW = 65536;

    private final PeFile pe;

    DebugDirectoryReader(PeFile pe) {
        this.pe = pe;
    }

    List<DebugEntry> read() throws IOException {
        DataDirectory dir = pe.optionalHeader().directory(DataDirectory.DEBUG);
        List<DebugEntry> result = new ArrayList<>();
        if (!dir.present()) {
            return result;
        }
        long count = dir.size() / 28;
        if (count > MAX_ENTRIES) {
            throw new BinaryFormatException(pe.name(), "debug directory", -1, String.format("(RVA 0x%X) ", dir.rva())
                    + "Size " + dir.size() + " means " + count + " entries; at most " + MAX_ENTRIES + " expected");
        }
        for (int i = 0; i < count; i++) {
            String what = "debug directory entry #" + i;
            ByteBuffer e = pe.source().buffer(pe.rvaToOffset(dir.rva() + 28L * i, 28, what), 28, what);
            long type = e.getInt(12) & 0xffffffffL;
            long size = e.getInt(16) & 0xffffffffL;
            long addr = e.getInt(20) & 0xffffffffL;
            long ptr = e.getInt(24) & 0xffffffffL;
            String pdb = null;
            if (type == DebugEntry.IMAGE_DEBUG_TYPE_CODEVIEW && size >= 4) {
                pdb = codeViewPath(ptr != 0 ? ptr : pe.rvaToOffset(addr, size, what + " data"),
                        (int) Math.min(size, MAX_CODEVIEW), what);
            }
            result.add(new DebugEntry(type, size, addr, ptr, pdb));
        }
        return result;
    }

    private String codeViewPath(long offset, int size, String what) throws IOException {
        byte[] b = pe.source().read(offset, size, what + " CodeView record");
        int start;
        if (b.length >= 24 && b[0] == 'R' && b[1] == 'S' && b[2] == 'D' && b[3] == 'S') {
            start = 24;
        } else if (b.length >= 16 && b[0] == 'N' && b[1] == 'B' && b[2] == '1' && b[3] == '0') {
            start = 16;
        } else {
            return null;
        }
        int end = start;
        while (end < b.length && b[end] != 0) {
            end++;
        }
        return new String(b, start, end - start, StandardCharsets.UTF_8);
    }
}
