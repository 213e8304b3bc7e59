package dev.hipdll.doctor;

import dev.hipdll.bytes.BinaryFormatException;
import dev.hipdll.bytes.ByteSource;
import dev.hipdll.pe.DataDirectory;
import dev.hipdll.pe.PeFile;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Reads the version resource of a PE image: the resource directory (PE/COFF specification,
 * section 6.9 "The .rsrc Section": three levels, type / name / language, of
 * {@code IMAGE_RESOURCE_DIRECTORY} tables with 8-byte entries; a set high bit marks a
 * subdirectory), the first {@code RT_VERSION} (16) resource, and in it the
 * {@code VS_VERSIONINFO} block's {@code VS_FIXEDFILEINFO} (signature {@code 0xFEEF04BD}).
 * A minimal reader for hipdll:doctor; every offset and count is bounds-checked against the
 * resource directory and the file, and a malformed resource is a {@link BinaryFormatException}.
 */
public final class VersionResourceReader {
    /** Resource type of version information. */
    public static final int RT_VERSION = 16;
    /** {@code VS_FIXEDFILEINFO.dwSignature}. */
    public static final long FIXED_SIGNATURE = 0xFEEF04BDL;
    private static final int MAX_ENTRIES = 4096;
    private static final int MAX_VERSION_BYTES = 64 * 1024;

    /**
     * The file's version, or empty when it has no version resource.
     *
     * @throws IOException when the file is not a PE image or its resources are malformed
     */
    public Optional<FileVersion> read(Path file) throws IOException {
        try (PeFile pe = PeFile.open(file)) {
            return read(pe);
        }
    }

    /** The version of an opened image, or empty when it has no version resource. */
    public Optional<FileVersion> read(PeFile pe) throws IOException {
        DataDirectory dir = pe.optionalHeader().directory(DataDirectory.RESOURCE_TABLE);
        if (!dir.present()) {
            return Optional.empty();
        }
        long base = pe.rvaToOffset(dir.rva(), 16, "resource directory");
        long size = dir.size();
        ByteSource src = pe.source();
        long typeDir = base;
        Optional<Long> nameDir = find(src, base, size, typeDir, RT_VERSION, true);
        if (nameDir.isEmpty()) {
            return Optional.empty();
        }
        Optional<Long> langDir = find(src, base, size, base + nameDir.get(), -1, true);
        if (langDir.isEmpty()) {
            return Optional.empty();
        }
        Optional<Long> leaf = find(src, base, size, base + langDir.get(), -1, false);
        if (leaf.isEmpty()) {
            return Optional.empty();
        }
        long entry = base + leaf.get();
        within(src, base, size, entry, 16, "IMAGE_RESOURCE_DATA_ENTRY");
        long dataRva = src.u32(entry, "IMAGE_RESOURCE_DATA_ENTRY OffsetToData");
        long dataSize = src.u32(entry + 4, "IMAGE_RESOURCE_DATA_ENTRY Size");
        if (dataSize < 40 + 52 || dataSize > MAX_VERSION_BYTES) {
            throw new BinaryFormatException(src.name(), "VS_VERSIONINFO", entry, "size " + dataSize
                    + " is outside 92.." + MAX_VERSION_BYTES + " bytes");
        }
        long off = pe.rvaToOffset(dataRva, dataSize, "VS_VERSIONINFO");
        int length = src.u16(off, "VS_VERSIONINFO wLength");
        int valueLength = src.u16(off + 2, "VS_VERSIONINFO wValueLength");
        if (length > dataSize || valueLength < 52) {
            throw new BinaryFormatException(src.name(), "VS_VERSIONINFO", off, "wLength " + length
                    + " exceeds the resource's " + dataSize + " bytes or wValueLength " + valueLength + " < 52");
        }
        // header (6 bytes) + L"VS_VERSION_INFO\0" (32 bytes), padded to a 4-byte boundary: 40
        long fixed = off + 40;
        long sig = src.u32(fixed, "VS_FIXEDFILEINFO dwSignature");
        if (sig != FIXED_SIGNATURE) {
            throw new BinaryFormatException(src.name(), "VS_FIXEDFILEINFO dwSignature", fixed,
                    String.format("expected 0xFEEF04BD, found 0x%08X", sig));
        }
        return Optional.of(new FileVersion(
                FileVersion.format(src.u32(fixed + 8, "dwFileVersionMS"), src.u32(fixed + 12, "dwFileVersionLS")),
                FileVersion.format(src.u32(fixed + 16, "dwProductVersionMS"), src.u32(fixed + 20, "dwProductVersionLS"))));
    }

    /**
     * In the directory table at {@code table}, the entry with integer id {@code id} (or the first
     * entry when {@code id < 0}); returns its target offset relative to the resource directory.
     */
    private static Optional<Long> find(ByteSource src, long base, long size, long table, int id, boolean wantSubdir)
            throws IOException {
        within(src, base, size, table, 16, "IMAGE_RESOURCE_DIRECTORY");
        int named = src.u16(table + 12, "IMAGE_RESOURCE_DIRECTORY NumberOfNamedEntries");
        int ids = src.u16(table + 14, "IMAGE_RESOURCE_DIRECTORY NumberOfIdEntries");
        int count = named + ids;
        if (count > MAX_ENTRIES) {
            throw new BinaryFormatException(src.name(), "IMAGE_RESOURCE_DIRECTORY", table, count + " entries, more than "
                    + MAX_ENTRIES);
        }
        within(src, base, size, table + 16, 8L * count, "IMAGE_RESOURCE_DIRECTORY entries");
        for (int i = 0; i < count; i++) {
            long e = table + 16 + 8L * i;
            long name = src.u32(e, "IMAGE_RESOURCE_DIRECTORY_ENTRY Name");
            long target = src.u32(e + 4, "IMAGE_RESOURCE_DIRECTORY_ENTRY OffsetToData");
            boolean byId = (name & 0x80000000L) == 0;
            if (id >= 0 && !(byId && name == id)) {
                continue;
            }
            boolean subdir = (target & 0x80000000L) != 0;
            if (subdir != wantSubdir) {
                throw new BinaryFormatException(src.name(), "IMAGE_RESOURCE_DIRECTORY_ENTRY", e, wantSubdir
                        ? "expected a subdirectory (high bit of OffsetToData set)" : "expected a data entry");
            }
            long rel = target & 0x7fffffffL;
            if (rel >= size) {
                throw new BinaryFormatException(src.name(), "IMAGE_RESOURCE_DIRECTORY_ENTRY", e, "offset 0x"
                        + Long.toHexString(rel) + " lies past the resource directory's " + size + " bytes");
            }
            return Optional.of(rel);
        }
        return Optional.empty();
    }

    private static void within(ByteSource src, long base, long size, long at, long length, String what)
            throws BinaryFormatException {
        if (at < base || length > size || at - base > size - length) {
            throw new BinaryFormatException(src.name(), what, at, "lies outside the resource directory (" + size
                    + " bytes at file offset 0x" + Long.toHexString(base) + ")");
        }
        src.check(at, length, what);
    }
}
