package dev.hipdll.pe;

import dev.hipdll.bytes.BinaryFormatException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A cheap check that a file a compiler just wrote is a whole PE32+ DLL, made before the file is
 * published: the headers parse ({@link PeFile#open}: MS-DOS header, {@code PE\0\0} signature, COFF
 * file header, optional header, section table; PE/COFF specification sections 2, 3 and 4), the
 * optional header is PE32+ ({@code Magic} 0x20B, section 3.4), the COFF {@code Characteristics}
 * carry {@code IMAGE_FILE_DLL} (section 3.3.2), and the file is long enough for
 * {@code SizeOfHeaders} and for every section's raw data ({@code PointerToRawData} +
 * {@code SizeOfRawData}, section 4). An empty file, a file cut short anywhere after its headers, or
 * an executable instead of a DLL fails. Reads the headers only (a few KB), never the sections.
 */
public final class DllImageCheck {
    private DllImageCheck() {
    }

    /**
     * Checks {@code file}.
     *
     * @return a one-line summary of what was found, e.g. {@code "PE32+ DLL, IMAGE_FILE_MACHINE_AMD64, 7 sections, 52224 bytes"}
     * @throws BinaryFormatException naming the file, the structure, the offset and what was expected,
     *                               when the file is not a complete PE32+ DLL
     * @throws IOException           when the file cannot be read
     */
    public static String check(Path file) throws IOException {
        long size = Files.size(file);
        if (size == 0) {
            throw new BinaryFormatException(file.toString(), "file", -1, "is empty (0 bytes), not a PE image");
        }
        try (PeFile pe = PeFile.open(file)) {
            OptionalHeader opt = pe.optionalHeader();
            long optOffset = pe.peOffset() + 24;
            if (!opt.isPe32Plus()) {
                throw new BinaryFormatException(pe.name(), "optional header Magic", optOffset,
                        String.format("expected 0x20B (PE32+, 64-bit), found 0x%X (PE32, 32-bit)", opt.magic()));
            }
            CoffHeader coff = pe.coffHeader();
            if (!coff.isDll()) {
                throw new BinaryFormatException(pe.name(), "COFF file header Characteristics", pe.peOffset() + 22,
                        String.format("0x%04X lacks IMAGE_FILE_DLL (0x2000): the image is an executable, not a DLL",
                                coff.characteristics()));
            }
            checkComplete(pe, size);
            return "PE32+ DLL, " + coff.machineName() + ", " + pe.sections().size() + " sections, " + size + " bytes";
        }
    }

    /**
     * Checks that a file of {@code size} bytes holds {@code SizeOfHeaders} and every section's raw
     * data ({@code PointerToRawData} + {@code SizeOfRawData}, PE/COFF specification section 4): a
     * file cut short anywhere after its headers fails, with the structure, its offset and the file
     * size. Used before a build publishes a DLL and by verify's {@code pe.format}.
     *
     * @param pe   the parsed headers
     * @param size the file's length in bytes
     * @throws BinaryFormatException when the image is truncated
     */
    public static void checkComplete(PeFile pe, long size) throws BinaryFormatException {
        OptionalHeader opt = pe.optionalHeader();
        long optOffset = pe.peOffset() + 24;
        if (opt.sizeOfHeaders() > size) {
            throw new BinaryFormatException(pe.name(), "optional header SizeOfHeaders", optOffset + 60,
                    "is " + opt.sizeOfHeaders() + " bytes but the file is " + size + " bytes: the image is truncated");
        }
        for (SectionHeader s : pe.sections()) {
            long end = s.pointerToRawData() + s.sizeOfRawData();
            if (s.sizeOfRawData() > 0 && end > size) {
                throw new BinaryFormatException(pe.name(), "section '" + s.name() + "' raw data", s.pointerToRawData(),
                        "ends at 0x" + Long.toHexString(end) + " (PointerToRawData + SizeOfRawData) but the file is "
                                + size + " bytes (0x" + Long.toHexString(size) + "): the image is truncated");
            }
        }
    }
}
