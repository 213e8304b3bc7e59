package dev.hipdll.pe;

/**
 * One section table entry (PE/COFF specification, section 4 "Section Table (Section Headers)").
 *
 * @param name             the name, at most 8 bytes, NUL padding removed (the linker truncates
 *                         longer names, so clang's {@code .hip_fatbin} appears as {@code .hip_fat})
 * @param virtualSize      {@code VirtualSize} in bytes
 * @param virtualAddress   {@code VirtualAddress} (RVA)
 * @param sizeOfRawData    {@code SizeOfRawData} in bytes
 * @param pointerToRawData {@code PointerToRawData} (file offset)
 * @param characteristics  {@code Characteristics} flags, e.g. {@link #IMAGE_SCN_MEM_EXECUTE}
 */
public record SectionHeader(String name, long virtualSize, long virtualAddress, long sizeOfRawData,
                            long pointerToRawData, long characteristics) {
    public static final long IMAGE_SCN_CNT_CODE = 0x00000020L;
    public static final long IMAGE_SCN_CNT_INITIALIZED_DATA = 0x00000040L;
    public static final long IMAGE_SCN_CNT_UNINITIALIZED_DATA = 0x00000080L;
    public static final long IMAGE_SCN_MEM_DISCARDABLE = 0x02000000L;
    public static final long IMAGE_SCN_MEM_SHARED = 0x10000000L;
    public static final long IMAGE_SCN_MEM_EXECUTE = 0x20000000L;
    public static final long IMAGE_SCN_MEM_READ = 0x40000000L;
    public static final long IMAGE_SCN_MEM_WRITE = 0x80000000L;

    private static final long[] FLAG_BITS = {0x8L, 0x20L, 0x40L, 0x80L, 0x100L, 0x200L, 0x800L, 0x1000L, 0x8000L,
        0x01000000L, 0x02000000L, 0x04000000L, 0x08000000L, 0x10000000L, 0x20000000L, 0x40000000L, 0x80000000L};
    private static final String[] FLAG_NAMES = {"IMAGE_SCN_TYPE_NO_PAD", "IMAGE_SCN_CNT_CODE",
        "IMAGE_SCN_CNT_INITIALIZED_DATA", "IMAGE_SCN_CNT_UNINITIALIZED_DATA", "IMAGE_SCN_LNK_OTHER",
        "IMAGE_SCN_LNK_INFO", "IMAGE_SCN_LNK_REMOVE", "IMAGE_SCN_LNK_COMDAT", "IMAGE_SCN_GPREL",
        "IMAGE_SCN_LNK_NRELOC_OVFL", "IMAGE_SCN_MEM_DISCARDABLE", "IMAGE_SCN_MEM_NOT_CACHED",
        "IMAGE_SCN_MEM_NOT_PAGED", "IMAGE_SCN_MEM_SHARED", "IMAGE_SCN_MEM_EXECUTE", "IMAGE_SCN_MEM_READ",
        "IMAGE_SCN_MEM_WRITE"};

    /**
     * The names of the single-bit flags set in {@link #characteristics} (PE/COFF specification,
     * section 4.1 "Section Flags"), in bit order; the 4-bit alignment field (bits 20-23, objects
     * only) is not a flag and is not listed.
     */
    public java.util.List<String> flagNames() {
        java.util.List<String> out = new java.util.ArrayList<>();
        for (int i = 0; i < FLAG_BITS.length; i++) {
            if ((characteristics & FLAG_BITS[i]) != 0) {
                out.add(FLAG_NAMES[i]);
            }
        }
        return out;
    }

    /** Whether the flag {@code bit} (e.g. {@link #IMAGE_SCN_MEM_EXECUTE}) is set. */
    public boolean has(long bit) {
        return (characteristics & bit) == bit;
    }

    /** Whether the section is both writable and executable (a hardening smell). */
    public boolean writableAndExecutable() {
        return (characteristics & IMAGE_SCN_MEM_WRITE) != 0 && (characteristics & IMAGE_SCN_MEM_EXECUTE) != 0;
    }

    /** The number of bytes of this section backed by the file: min(VirtualSize, SizeOfRawData), or SizeOfRawData when VirtualSize is 0. */
    public long fileBackedSize() {
        return virtualSize == 0 ? sizeOfRawData : Math.min(virtualSize, sizeOfRawData);
    }

    /** Whether {@code rva} lies inside the section's virtual range. */
    public boolean containsRva(long rva) {
        long span = Math.max(virtualSize, sizeOfRawData);
        return rva >= virtualAddress && rva - virtualAddress < span;
    }
}
