package dev.hipdll.pe;

/**
 * One entry of the optional header's data directories (PE/COFF specification, section 3.4.3
 * "Optional Header Data Directories"): an RVA and a size in bytes. For
 * {@link #CERTIFICATE_TABLE} the "RVA" is a file offset.
 *
 * @param index the directory index, e.g. {@link #IMPORT_TABLE}
 * @param rva   {@code VirtualAddress}
 * @param size  {@code Size} in bytes
 */
public record DataDirectory(int index, long rva, long size) {
    public static final int EXPORT_TABLE = 0;
    public static final int IMPORT_TABLE = 1;
    public static final int RESOURCE_TABLE = 2;
    public static final int EXCEPTION_TABLE = 3;
    public static final int CERTIFICATE_TABLE = 4;
    public static final int BASE_RELOCATION_TABLE = 5;
    public static final int DEBUG = 6;
    public static final int ARCHITECTURE = 7;
    public static final int GLOBAL_PTR = 8;
    public static final int TLS_TABLE = 9;
    public static final int LOAD_CONFIG_TABLE = 10;
    public static final int BOUND_IMPORT = 11;
    public static final int IAT = 12;
    public static final int DELAY_IMPORT_DESCRIPTOR = 13;
    public static final int CLR_RUNTIME_HEADER = 14;
    public static final int RESERVED = 15;

    private static final String[] NAMES = {"ExportTable", "ImportTable", "ResourceTable", "ExceptionTable",
        "CertificateTable", "BaseRelocationTable", "Debug", "Architecture", "GlobalPtr", "TLSTable",
        "LoadConfigTable", "BoundImport", "IAT", "DelayImportDescriptor", "CLRRuntimeHeader", "Reserved"};

    /**
     * The directory's name as llvm-readobj prints it in {@code --file-headers} (e.g.
     * {@code ImportTable}); indexes past 15 are {@code Directory<N>}.
     */
    public String name() {
        return index >= 0 && index < NAMES.length ? NAMES[index] : "Directory" + index;
    }

    /** Whether the directory is present (non-zero RVA and size). */
    public boolean present() {
        return rva != 0 && size != 0;
    }
}
