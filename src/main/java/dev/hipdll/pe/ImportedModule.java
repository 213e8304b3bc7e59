package dev.hipdll.pe;

import java.util.List;

/**
 * One DLL a PE image imports from: an import directory entry (PE/COFF specification, section
 * 6.4.1 "Import Directory Table") or a delay-load directory entry (section 5.8 "Delay-Load
 * Import Tables").
 *
 * @param dllName   the DLL name as stored, e.g. {@code KERNEL32.dll}
 * @param delayLoad whether it comes from the delay-load import table
 * @param symbols   the imported symbols, table order
 */
public record ImportedModule(String dllName, boolean delayLoad, List<ImportedSymbol> symbols) {
    /** Creates an entry; the symbol list is copied. */
    public ImportedModule {
        symbols = List.copyOf(symbols);
    }
}
