package dev.hipdll.pe;

import java.util.List;

/**
 * The export directory table and its exports (PE/COFF specification, section 6.3.1 "Export
 * Directory Table").
 *
 * @param dllName     the DLL's own name ({@code Name RVA}), e.g. {@code coli_hip.dll}
 * @param ordinalBase {@code Ordinal Base}
 * @param symbols     every export address table entry, in ordinal order (unused ones, RVA 0 and
 *                    no name, included, as llvm-readobj lists them); an entry with several
 *                    names appears once per name
 */
public record ExportDirectory(String dllName, long ordinalBase, List<ExportedSymbol> symbols) {
    /** Creates a directory; the symbol list is copied. */
    public ExportDirectory {
        symbols = List.copyOf(symbols);
    }

    /** The empty directory of an image that exports nothing. */
    public static ExportDirectory empty() {
        return new ExportDirectory(null, 0, List.of());
    }
}
