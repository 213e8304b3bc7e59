package dev.hipdll.pe;

import dev.hipdll.bytes.BinaryFormatException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the import directory table (PE/COFF specification, section 6.4 "The .idata Section") and
 * the delay-load directory table (section 5.8 "Delay-Load Import Tables (Image Only)") of a
 * {@link PeFile}. Tables are walked until their all-zero terminator, with every entry's RVA
 * mapped and bounds-checked; {@link #MAX_MODULES} and {@link #MAX_SYMBOLS} bound a hostile file,
 * and every entry and name read is charged to the file's {@link PeFile#budget()}. A lookup table
 * that several descriptors share (same RVA) is read once and its symbol list shared.
 */
final class ImportReader {
    /** The most import descriptors accepted in one table. */
    static final int MAX_MODULES = 4096;
    /** The most lookup-table entries accepted for one DLL. */
    static final int MAX_SYMBOLS = 65536;
    /** The most lookup-table entries accepted in one table walk, all DLLs together. */
    static final int MAX_TOTAL_SYMBOLS = 262144;

    private int totalSymbols;
    private final java.util.Map<Long, List<ImportedSymbol>> tables = new java.util.HashMap<>();

    private final PeFile pe;

    ImportReader(PeFile pe) {
        this.pe = pe;
    }

    List<ImportedModule> imports() throws IOException {
        DataDirectory dir = pe.optionalHeader().directory(DataDirectory.IMPORT_TABLE);
        List<ImportedModule> result = new ArrayList<>();
        if (!dir.present()) {
            return result;
        }
        for (int i = 0; ; i++) {
            if (i >= MAX_MODULES) {
                throw new BinaryFormatException(pe.name(), "import directory table", pe.rvaToOffset(dir.rva(), 20, "import directory table"),
                        "no terminating entry within " + MAX_MODULES + " entries");
            }
            String what = "import directory entry #" + i;
            long off = pe.rvaToOffset(dir.rva() + 20L * i, 20, what);
            ByteBuffer e = pe.source().buffer(off, 20, what);
            long lookup = e.getInt(0) & 0xffffffffL;
            long nameRva = e.getInt(12) & 0xffffffffL;
            long iat = e.getInt(16) & 0xffffffffL;
            if (lookup == 0 && nameRva == 0 && iat == 0 && e.getInt(4) == 0 && e.getInt(8) == 0) {
                return result;
            }
            String dll = pe.cString(nameRva, what + " Name");
            result.add(new ImportedModule(dll, false, symbols(lookup != 0 ? lookup : iat, what + " (" + dll + ")")));
        }
    }

    List<ImportedModule> delayImports() throws IOException {
        DataDirectory dir = pe.optionalHeader().directory(DataDirectory.DELAY_IMPORT_DESCRIPTOR);
        List<ImportedModule> result = new ArrayList<>();
        if (!dir.present()) {
            return result;
        }
        long imageBase = pe.optionalHeader().imageBase();
        for (int i = 0; ; i++) {
            if (i >= MAX_MODULES) {
                throw new BinaryFormatException(pe.name(), "delay-load directory table", pe.rvaToOffset(dir.rva(), 32, "delay-load directory table"),
                        "no terminating entry within " + MAX_MODULES + " entries");
            }
            String what = "delay-load directory entry #" + i;
            long off = pe.rvaToOffset(dir.rva() + 32L * i, 32, what);
            ByteBuffer e = pe.source().buffer(off, 32, what);
            long attributes = e.getInt(0) & 0xffffffffL;
            long nameField = e.getInt(4) & 0xffffffffL;
            long intField = e.getInt(16) & 0xffffffffL;
            if (attributes == 0 && nameField == 0 && intField == 0 && e.getInt(12) == 0) {
                return result;
            }
            // Attribute bit 0 set: fields are RVAs (every linker since VC7); clear: virtual addresses.
            long bias = (attributes & 1) != 0 ? 0 : imageBase;
            String dll = pe.cString(nameField - bias, what + " Name");
            List<ImportedSymbol> syms = intField == 0 ? List.of() : symbols(intField - bias, what + " (" + dll + ")");
            result.add(new ImportedModule(dll, true, syms));
        }
    }

    private List<ImportedSymbol> symbols(long tableRva, String what) throws IOException {
        List<ImportedSymbol> known = tables.get(tableRva);
        if (known != null) {
            return known;
        }
        List<ImportedSymbol> read = List.copyOf(readSymbols(tableRva, what));
        tables.put(tableRva, read);
        return read;
    }

    private List<ImportedSymbol> readSymbols(long tableRva, String what) throws IOException {
        boolean plus = pe.optionalHeader().isPe32Plus();
        int width = plus ? 8 : 4;
        List<ImportedSymbol> result = new ArrayList<>();
        for (int i = 0; ; i++) {
            if (i >= MAX_SYMBOLS) {
                throw new BinaryFormatException(pe.name(), what + " import lookup table", pe.rvaToOffset(tableRva, width, what),
                        "no terminating entry within " + MAX_SYMBOLS + " entries");
            }
            if (++totalSymbols > MAX_TOTAL_SYMBOLS) {
                throw new BinaryFormatException(pe.name(), what + " import lookup table", pe.rvaToOffset(tableRva, width, what),
                        "more than " + MAX_TOTAL_SYMBOLS + " imported symbols in all; the tables overlap or never end");
            }
            String entry = what + " import lookup entry #" + i;
            long off = pe.rvaToOffset(tableRva + (long) width * i, width, entry);
            ByteBuffer b = pe.source().buffer(off, width, entry);
            pe.budget().entries(pe.name(), entry, off, 1);
            long v = plus ? b.getLong(0) : (b.getInt(0) & 0xffffffffL);
            if (v == 0) {
                return result;
            }
            boolean byOrdinal = plus ? v < 0 : (v & 0x80000000L) != 0;
            if (byOrdinal) {
                result.add(new ImportedSymbol(null, -1, (int) (v & 0xffff)));
            } else {
                long hintRva = v & 0x7fffffffL;
                int hint = pe.source().u16(pe.rvaToOffset(hintRva, 2, entry + " hint"), entry + " hint");
                result.add(new ImportedSymbol(pe.cString(hintRva + 2, entry + " name"), hint, -1));
            }
        }
    }
}
