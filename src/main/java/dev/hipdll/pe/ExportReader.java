package dev.hipdll.pe;

import dev.hipdll.bytes.BinaryFormatException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the export directory table, export address table, name pointer table and ordinal table
 * (PE/COFF specification, section 6.3 "The .edata Section (Image Only)"). An export address
 * inside the export directory's own range is a forwarder string (section 6.3.2).
 */
final class ExportReader {
    /** Most export address table entries accepted: ordinals are 16-bit. */
    static final long MAX_EXPORTS = 65536;

    private final PeFile pe;

    ExportReader(PeFile pe) {
        this.pe = pe;
    }

    ExportDirectory read() throws IOException {
        DataDirectory dir = pe.optionalHeader().directory(DataDirectory.EXPORT_TABLE);
        if (!dir.present()) {
            return ExportDirectory.empty();
        }
        String what = "export directory table";
        long at = pe.rvaToOffset(dir.rva(), 40, what);
        ByteBuffer d = pe.source().buffer(at, 40, what);
        long nameRva = d.getInt(12) & 0xffffffffL;
        long base = d.getInt(16) & 0xffffffffL;
        long functions = d.getInt(20) & 0xffffffffL;
        long names = d.getInt(24) & 0xffffffffL;
        long eatRva = d.getInt(28) & 0xffffffffL;
        long namesRva = d.getInt(32) & 0xffffffffL;
        long ordinalsRva = d.getInt(36) & 0xffffffffL;
        if (functions > MAX_EXPORTS) {
            throw new BinaryFormatException(pe.name(), what + " Address Table Entries", at + 20,
                    "is " + functions + "; at most " + MAX_EXPORTS + " expected (ordinals are 16-bit)");
        }
        if (names > functions) {
            throw new BinaryFormatException(pe.name(), what + " Number of Name Pointers", at + 24,
                    "is " + names + ", more than the " + functions + " export address table entries");
        }
        pe.budget().entries(pe.name(), what + " Address Table Entries", at + 20, functions);
        String dllName = nameRva == 0 ? null : pe.cString(nameRva, what + " Name");

        long[] eat = new long[(int) functions];
        if (functions > 0) {
            ByteBuffer t = pe.source().buffer(pe.rvaToOffset(eatRva, 4 * functions, "export address table"),
                    (int) (4 * functions), "export address table");
            for (int i = 0; i < functions; i++) {
                eat[i] = t.getInt(4 * i) & 0xffffffffL;
            }
        }
        List<List<String>> namesByIndex = new ArrayList<>();
        for (int i = 0; i < functions; i++) {
            namesByIndex.add(new ArrayList<>(1));
        }
        if (names > 0) {
            ByteBuffer np = pe.source().buffer(pe.rvaToOffset(namesRva, 4 * names, "export name pointer table"),
                    (int) (4 * names), "export name pointer table");
            long otAt = pe.rvaToOffset(ordinalsRva, 2 * names, "export ordinal table");
            ByteBuffer ot = pe.source().buffer(otAt, (int) (2 * names), "export ordinal table");
            for (int i = 0; i < names; i++) {
                int index = ot.getShort(2 * i) & 0xffff;
                if (index >= functions) {
                    throw new BinaryFormatException(pe.name(), "export ordinal table entry #" + i, otAt + 2L * i,
                            "is " + index + " but the export address table has " + functions + " entries");
                }
                namesByIndex.get(index).add(pe.cString(np.getInt(4 * i) & 0xffffffffL, "export name #" + i));
            }
        }
        List<ExportedSymbol> symbols = new ArrayList<>();
        for (int i = 0; i < functions; i++) {
            long rva = eat[i];
            String forwarder = null;
            if (rva != 0 && rva >= dir.rva() && rva - dir.rva() < dir.size()) {
                forwarder = pe.cString(rva, "export forwarder string for ordinal " + (base + i));
            }
            if (namesByIndex.get(i).isEmpty()) {
                symbols.add(new ExportedSymbol(base + i, null, rva, forwarder));
            }
            for (String n : namesByIndex.get(i)) {
                symbols.add(new ExportedSymbol(base + i, n, rva, forwarder));
            }
        }
        return new ExportDirectory(dllName, base, symbols);
    }
}
