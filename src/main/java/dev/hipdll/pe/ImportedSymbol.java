package dev.hipdll.pe;

/**
 * One entry of an import lookup table (PE/COFF specification, section 6.4.2 "Import Lookup
 * Table"): by name (with a hint) or by ordinal.
 *
 * @param name    the imported name, or {@code null} when imported by ordinal
 * @param hint    the hint (index into the exporter's name table), or -1 when by ordinal
 * @param ordinal the ordinal when imported by ordinal, else -1
 */
public record ImportedSymbol(String name, int hint, int ordinal) {
    /** Whether the symbol is imported by ordinal. */
    public boolean byOrdinal() {
        return name == null;
    }

    @Override
    public String toString() {
        return byOrdinal() ? "#" + ordinal : name;
    }
}
