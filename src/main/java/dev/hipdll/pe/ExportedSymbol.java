package dev.hipdll.pe;

/**
 * One entry of the export address table with its name, if any (PE/COFF specification, section
 * 6.3 "The .edata Section").
 *
 * @param ordinal   the biased ordinal (OrdinalBase + index into the export address table)
 * @param name      the exported name, or {@code null} for an ordinal-only export
 * @param rva       the export RVA (for a forwarder, the RVA of the forwarder string)
 * @param forwarder the forwarder ({@code OTHER.dll.Symbol} or {@code OTHER.dll.#12}), or {@code null}
 */
public record ExportedSymbol(long ordinal, String name, long rva, String forwarder) {
    /** Whether this is an unused export address table slot (RVA 0, no name). */
    public boolean unused() {
        return rva == 0 && name == null;
    }

    /** Whether this export forwards to another DLL. */
    public boolean isForwarder() {
        return forwarder != null;
    }
}
