package dev.hipdll.pe;

/**
 * The COFF file header (PE/COFF specification, section 3.3 "COFF File Header"), 20 bytes after the
 * {@code PE\0\0} signature.
 *
 * @param machine              {@code Machine}: the target CPU, e.g. {@link #MACHINE_AMD64}
 * @param numberOfSections     {@code NumberOfSections}
 * @param timeDateStamp        {@code TimeDateStamp}, seconds since 1970 (a hash under /Brepro)
 * @param sizeOfOptionalHeader {@code SizeOfOptionalHeader} in bytes
 * @param characteristics      {@code Characteristics} flags, e.g. {@link #IMAGE_FILE_DLL}
 * @param pointerToSymbolTable {@code PointerToSymbolTable}: file offset of the COFF symbol table
 *                             (0 in most images; MinGW images keep one for long section names)
 * @param numberOfSymbols      {@code NumberOfSymbols}; the string table follows the 18-byte symbols
 */
public record CoffHeader(int machine, int numberOfSections, long timeDateStamp, int sizeOfOptionalHeader,
                         int characteristics, long pointerToSymbolTable, long numberOfSymbols) {
    /** {@code IMAGE_FILE_MACHINE_AMD64}: x64. */
    public static final int MACHINE_AMD64 = 0x8664;
    /** {@code IMAGE_FILE_MACHINE_I386}: x86. */
    public static final int MACHINE_I386 = 0x14c;
    /** {@code IMAGE_FILE_MACHINE_ARMNT}: ARM Thumb-2 (Windows on ARM32). */
    public static final int MACHINE_ARMNT = 0x1c4;
    /** {@code IMAGE_FILE_MACHINE_ARM64}. */
    public static final int MACHINE_ARM64 = 0xaa64;
    /** {@code IMAGE_FILE_DLL}: the image is a DLL. */
    public static final int IMAGE_FILE_DLL = 0x2000;
    /** {@code IMAGE_FILE_EXECUTABLE_IMAGE}. */
    public static final int IMAGE_FILE_EXECUTABLE_IMAGE = 0x0002;

    /** Whether {@link #IMAGE_FILE_DLL} is set. */
    public boolean isDll() {
        return (characteristics & IMAGE_FILE_DLL) != 0;
    }

    /** The machine as llvm-readobj names it, e.g. {@code IMAGE_FILE_MACHINE_AMD64}. */
    public String machineName() {
        return switch (machine) {
            case MACHINE_AMD64 -> "IMAGE_FILE_MACHINE_AMD64";
            case MACHINE_I386 -> "IMAGE_FILE_MACHINE_I386";
            case MACHINE_ARM64 -> "IMAGE_FILE_MACHINE_ARM64";
            case MACHINE_ARMNT -> "IMAGE_FILE_MACHINE_ARMNT";
            case 0 -> "IMAGE_FILE_MACHINE_UNKNOWN";
            default -> String.format("0x%X", machine);
        };
    }
}
