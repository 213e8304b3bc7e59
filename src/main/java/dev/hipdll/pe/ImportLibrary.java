package dev.hipdll.pe;

import dev.hipdll.bytes.BinaryFormatException;
import dev.hipdll.bytes.ByteSource;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The DLL a COFF import library ({@code hipblas.lib}) makes a program import: read from its first short import member
 * (PE/COFF specification, "Archive (Library) File Format" and "Import Library Format": an archive {@code !<arch>\n}
 * of members, each with a 60-byte header whose size field is decimal ASCII at offset 48; a short import member
 * starts with {@code Sig1 = 0x0000}, {@code Sig2 = 0xFFFF}, then Version, Machine, TimeDateStamp, SizeOfData,
 * Ordinal/Hint and Type, 20 bytes in all, followed by the import name and the DLL name, each NUL-terminated). What
 * MSVC's {@code lib.exe}, {@code llvm-dlltool} and {@code lld-link /implib} write. Untrusted bytes: every offset is
 * bounds-checked, at most {@value #MAX_MEMBERS} members are looked at.
 */
public final class ImportLibrary {
    /** The most archive members read before giving up. */
    static final int MAX_MEMBERS = 100_000;
    private static final byte[] MAGIC = "!<arch>\n".getBytes(StandardCharsets.US_ASCII);

    private ImportLibrary() {
    }

    /**
     * The DLL name the library imports from.
     *
     * @param lib the import library
     * @return the DLL name (e.g. {@code hipblas.dll}), or empty when the archive has no short import member (a static
     *         library, or an import library in the long format)
     * @throws IOException when the file cannot be read or is not an archive (the message names the file, the offset
     *                     and what was expected)
     */
    public static Optional<String> dllName(Path lib) throws IOException {
        try (ByteSource src = ByteSource.open(lib)) {
            byte[] magic = src.read(0, MAGIC.length, "archive signature");
            if (!java.util.Arrays.equals(magic, MAGIC)) {
                throw new BinaryFormatException(src.name(), "archive signature", 0, "expected \"!<arch>\\n\": not a COFF"
                        + " library");
            }
            long pos = MAGIC.length;
            for (int i = 0; i < MAX_MEMBERS && pos + 60 <= src.size(); i++) {
                byte[] header = src.read(pos, 60, "archive member header");
                long size = decimal(header, 48, 10, src.name(), pos);
                long data = pos + 60;
                if (size < 0 || data + size > src.size()) {
                    throw new BinaryFormatException(src.name(), "archive member header", pos, "member size " + size
                            + " runs past the end of the file (" + src.size() + " bytes)");
                }
                if (size >= 20 && src.u16(data, "import header Sig1") == 0 && src.u16(data + 2, "import header Sig2") == 0xFFFF) {
                    long sizeOfData = src.u32(data + 12, "import header SizeOfData");
                    if (sizeOfData > size - 20) {
                        throw new BinaryFormatException(src.name(), "import header SizeOfData", data + 12, "SizeOfData "
                                + sizeOfData + " exceeds the member (" + (size - 20) + " bytes after the header)");
                    }
                    byte[] names = src.read(data + 20, (int) sizeOfData, "import names");
                    int end = indexOf(names, 0);
                    int dllEnd = end < 0 ? -1 : indexOf(names, end + 1);
                    if (dllEnd < 0) {
                        throw new BinaryFormatException(src.name(), "import names", data + 20,
                                "expected two NUL-terminated names (import name, DLL name)");
                    }
                    return Optional.of(new String(names, end + 1, dllEnd - end - 1, StandardCharsets.US_ASCII));
                }
                pos = data + size + (size & 1); // members start on even offsets
            }
            return Optional.empty();
        }
    }

    private static int indexOf(byte[] b, int from) {
        for (int i = from; i < b.length; i++) {
            if (b[i] == 0) {
                return i;
            }
        }
        return -1;
    }

    private static long decimal(byte[] b, int off, int len, String file, long headerAt) throws BinaryFormatException {
        String s = new String(b, off, len, StandardCharsets.US_ASCII).strip();
        if (s.isEmpty() || !s.chars().allMatch(Character::isDigit) || s.length() > 12) {
            throw new BinaryFormatException(file, "archive member size", headerAt + off, "expected a decimal size, found \""
                    + s.replaceAll("[^\\x20-\\x7e]", "?") + "\"");
        }
        return Long.parseLong(s);
    }
}
