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
