package dev.hipdll.pe;

/**
 * One debug directory entry (PE/COFF specification, section 6.1.1 "Debug Directory (Image
 * Only)"), with the PDB path of a CodeView {@code RSDS} record when it has one.
 *
 * @param type             {@code Type}, e.g. {@link #IMAGE_DEBUG_TYPE_CODEVIEW}
 * @param sizeOfData       {@code SizeOfData} in bytes
 * @param addressOfRawData {@code AddressOfRawData} (RVA)
 * @param pointerToRawData {@code PointerToRawData} (file offset)
 * @param pdbPath          the PDB file name of an RSDS record, or {@code null}
 */
public record DebugEntry(long type, long sizeOfData, long addressOfRawData, long pointerToRawData,
                         String pdbPath) {
    public static final long IMAGE_DEBUG_TYPE_CODEVIEW = 2;
    public static final long IMAGE_DEBUG_TYPE_REPRO = 16;
}
