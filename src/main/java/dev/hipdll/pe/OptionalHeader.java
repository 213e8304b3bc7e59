package dev.hipdll.pe;

import java.util.List;

/**
 * The fields of the optional header (PE/COFF specification, section 3.4 "Optional Header (Image
 * Only)") that the verifier uses. PE32 and PE32+ differ in the magic, the width of
 * {@code ImageBase} and the stack/heap sizes, and PE32's extra {@code BaseOfData}.
 *
 * @param magic               {@link #PE32} or {@link #PE32_PLUS}
 * @param addressOfEntryPoint {@code AddressOfEntryPoint} (RVA, 0 when none)
 * @param imageBase           {@code ImageBase}
 * @param sectionAlignment    {@code SectionAlignment} in bytes
 * @param fileAlignment       {@code FileAlignment} in bytes
 * @param sizeOfImage         {@code SizeOfImage} in bytes
 * @param sizeOfHeaders       {@code SizeOfHeaders} in bytes
 * @param subsystem           {@code Subsystem}
 * @param dllCharacteristics  {@code DllCharacteristics} flags
 * @param dataDirectories     the {@code NumberOfRvaAndSizes} data directories, index order
 */
public record OptionalHeader(int magic, long addressOfEntryPoint, long imageBase, long sectionAlignment,
                             long fileAlignment, long sizeOfImage, long sizeOfHeaders, int subsystem,
                             int dllCharacteristics, List<DataDirectory> dataDirectories) {
    /** Magic of a PE32 (32-bit) optional header. */
    public static final int PE32 = 0x10b;
    /** Magic of a PE32+ (64-bit) optional header. */
    public static final int PE32_PLUS = 0x20b;

    /** Creates a header; the directory list is copied. */
    public OptionalHeader {
        dataDirectories = List.copyOf(dataDirectories);
    }

    /** Whether this is a PE32+ header. */
    public boolean isPe32Plus() {
        return magic == PE32_PLUS;
    }

    /** Data directory {@code index}, or an absent one when the header has fewer entries. */
    public DataDirectory directory(int index) {
        return index < dataDirectories.size() ? dataDirectories.get(index) : new DataDirectory(index, 0, 0);
    }
}
