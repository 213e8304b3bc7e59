package dev.hipdll.pe;

import dev.hipdll.bytes.ByteSource;
import dev.hipdll.bytes.BinaryFormatException;
import dev.hipdll.bytes.ReadBudget;
import dev.hipdll.bytes.ReadLimits;
import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A PE image (PE32 or PE32+) opened for reading: the headers and the section table are parsed on
 * {@link #open}; the import, delay-import, export and debug directories are parsed when asked for.
 * Follows the Microsoft PE/COFF specification ("PE Format"): section 2 (MS-DOS stub and
 * signature), 3 (COFF file header, optional header), 4 (section table), 5.8 and 6 (special
 * sections). Every offset, RVA, size and count read from the file is checked against the file
 * before use; a violation is a {@link BinaryFormatException}. Section contents are read on demand,
 * so the heap cost does not grow with the file size. What the table readers keep (names, entries)
 * and what the bundle readers inflate is charged to the file's one {@link ReadBudget}
 * ({@link #budget()}), so a small file that declares gigabytes of names fails with the structure
 * that went over, not with an {@link OutOfMemoryError}.
 */
public final class PeFile implements Closeable {
    /** Longest ASCII string (DLL or symbol name) the reader accepts, in bytes. */
    public static final int MAX_NAME = 4096;

    private final ByteSource source;
    private final long peOffset;
    private final CoffHeader coff;
    private final OptionalHeader optional;
    private final List<SectionHeader> sections;
    private final SectionIndex index;
    private final ReadBudget budget;
    private final ReadOnce<List<ImportedModule>> imports = new ReadOnce<>();
    private final ReadOnce<List<ImportedModule>> delayImports = new ReadOnce<>();
    private final ReadOnce<ExportDirectory> exports = new ReadOnce<>();
    private final ReadOnce<List<ResourceEntry>> resources = new ReadOnce<>();
    private final ReadOnce<Optional<VersionInfo>> versionInfo = new ReadOnce<>();
    private final ReadOnce<List<DebugEntry>> debugEntries = new ReadOnce<>();

    private PeFile(ByteSource source, long peOffset, CoffHeader coff, OptionalHeader optional,
                   List<SectionHeader> sections, ReadLimits limits) {
        this.budget = new ReadBudget(limits);
        this.source = source;
        this.peOffset = peOffset;
        this.coff = coff;
        this.optional = optional;
        this.sections = List.copyOf(sections);
        this.index = new SectionIndex(this.sections);
    }

    /**
     * Opens and parses the headers of {@code file}.
     *
     * @throws BinaryFormatException when the file is not a PE image or a header is malformed
     * @throws IOException       when the file cannot be read
     */
    public static PeFile open(Path file) throws IOException {
        ByteSource src = ByteSource.open(file);
        try {
            return parse(src);
        } catch (IOException | RuntimeException e) {
            src.close();
            throw e;
        }
    }

    /**
     * Parses the headers of the image in {@code src}; the returned file owns {@code src} and
     * closes it.
     *
     * @throws BinaryFormatException when it is not a PE image or a header is malformed
     */
    public static PeFile read(ByteSource src) throws IOException {
        return parse(src, ReadLimits.DEFAULT);
    }

    /**
     * Parses the headers of the image in {@code src}, with a budget of {@code limits} for what its
     * tables and bundles may make the readers keep; the returned file owns {@code src}.
     *
     * @throws BinaryFormatException when it is not a PE image or a header is malformed
     */
    public static PeFile read(ByteSource src, ReadLimits limits) throws IOException {
        return parse(src, limits);
    }

    private static PeFile parse(ByteSource src) throws IOException {
        return parse(src, ReadLimits.DEFAULT);
    }

    private static PeFile parse(ByteSource src, ReadLimits limits) throws IOException {
        String name = src.name();
        if (src.size() < 64) {
            throw new BinaryFormatException(name, "MS-DOS header", 0, "file is " + src.size()
                    + " bytes, shorter than the 64-byte MS-DOS header");
        }
        int mz = src.u16(0, "MS-DOS header e_magic");
        if (mz != 0x5a4d) {
            throw new BinaryFormatException(name, "MS-DOS header e_magic", 0,
                    String.format("expected 'MZ' (0x5A4D), found 0x%04X: not a PE image", mz));
        }
        long peOffset = src.u32(0x3c, "MS-DOS header e_lfanew");
        src.check(peOffset, 24, "PE signature and COFF file header (e_lfanew=0x" + Long.toHexString(peOffset) + ")");
        long sig = src.u32(peOffset, "PE signature");
        if (sig != 0x00004550L) {
            throw new BinaryFormatException(name, "PE signature", peOffset,
                    String.format("expected 'PE\\0\\0' (0x00004550), found 0x%08X", sig));
        }
        ByteBuffer c = src.buffer(peOffset + 4, 20, "COFF file header");
        CoffHeader coff = new CoffHeader(c.getShort(0) & 0xffff, c.getShort(2) & 0xffff, c.getInt(4) & 0xffffffffL,
                c.getShort(16) & 0xffff, c.getShort(18) & 0xffff, c.getInt(8) & 0xffffffffL, c.getInt(12) & 0xffffffffL);
        long optOffset = peOffset + 24;
        OptionalHeader opt = parseOptional(src, optOffset, coff.sizeOfOptionalHeader());
        long sectOffset = optOffset + coff.sizeOfOptionalHeader();
        long tableSize = 40L * coff.numberOfSections();
        src.check(sectOffset, tableSize, "section table (" + coff.numberOfSections() + " entries of 40 bytes)");
        ByteBuffer t = src.buffer(sectOffset, (int) tableSize, "section table");
        List<SectionHeader> sections = new ArrayList<>(coff.numberOfSections());
        for (int i = 0; i < coff.numberOfSections(); i++) {
            int b = i * 40;
            byte[] raw = new byte[8];
            t.get(b, raw);
            int len = 0;
            while (len < 8 && raw[len] != 0) {
                len++;
            }
            String secName = new String(raw, 0, len, StandardCharsets.ISO_8859_1);
            if (secName.startsWith("/") && len > 1) {
                secName = longSectionName(src, coff, secName, sectOffset + b);
            }
            sections.add(new SectionHeader(secName,
                    t.getInt(b + 8) & 0xffffffffL, t.getInt(b + 12) & 0xffffffffL, t.getInt(b + 16) & 0xffffffffL,
                    t.getInt(b + 20) & 0xffffffffL, t.getInt(b + 36) & 0xffffffffL));
        }
        return new PeFile(src, peOffset, coff, opt, sections, limits);
    }

    /**
     * Resolves a long section name: {@code /<decimal>} (or {@code //<base64>}) is an offset into
     * the COFF string table that follows the symbol table (PE/COFF specification, section 4
     * "Section Table", Name; section 5.6 "COFF String Table"). Images from MinGW's ld keep one for
     * names such as {@code .debug_info}.
     *
     * @throws BinaryFormatException when the offset is malformed or outside the string table
     */
    private static String longSectionName(ByteSource src, CoffHeader coff, String raw, long at) throws IOException {
        long index;
        try {
            index = raw.startsWith("//") ? base64(raw.substring(2)) : Long.parseLong(raw.substring(1));
        } catch (NumberFormatException e) {
            throw new BinaryFormatException(src.name(), "section header Name", at,
                    "'" + raw + "' is neither a name nor a /<offset> into the string table");
        }
        if (coff.pointerToSymbolTable() == 0) {
            throw new BinaryFormatException(src.name(), "section header Name", at,
                    "'" + raw + "' refers to the COFF string table but PointerToSymbolTable is 0");
        }
        long table = coff.pointerToSymbolTable() + 18 * coff.numberOfSymbols();
        String what = "COFF string table entry for section name " + raw;
        long tableSize = src.u32(table, "COFF string table size");
        if (index < 4 || index >= tableSize) {
            throw new BinaryFormatException(src.name(), what, table, "offset " + index
                    + " is outside the string table (" + tableSize + " bytes)");
        }
        long off = table + index;
        int avail = (int) Math.min(MAX_NAME + 1L, Math.min(tableSize - index, src.size() - off));
        byte[] b = src.read(off, avail, what);
        for (int i = 0; i < b.length; i++) {
            if (b[i] == 0) {
                return new String(b, 0, i, StandardCharsets.UTF_8);
            }
        }
        throw new BinaryFormatException(src.name(), what, off, "not NUL-terminated within " + b.length + " bytes");
    }

    private static long base64(String s) {
        String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        if (s.isEmpty() || s.length() > 6) {
            throw new NumberFormatException(s);
        }
        long v = 0;
        for (char ch : s.toCharArray()) {
            int d = alphabet.indexOf(ch);
            if (d < 0) {
                throw new NumberFormatException(s);
            }
            v = v * 64 + d;
        }
        return v;
    }

    private static OptionalHeader parseOptional(ByteSource src, long off, int size) throws IOException {
        String name = src.name();
        if (size < 2) {
            throw new BinaryFormatException(name, "COFF file header SizeOfOptionalHeader", off - 4,
                    "is " + size + ": an image needs an optional header");
        }
        src.check(off, size, "optional header (SizeOfOptionalHeader=" + size + ")");
        int magic = src.u16(off, "optional header Magic");
        boolean plus;
        if (magic == OptionalHeader.PE32_PLUS) {
            plus = true;
        } else if (magic == OptionalHeader.PE32) {
            plus = false;
        } else {
            throw new BinaryFormatException(name, "optional header Magic", off,
                    String.format("expected 0x10B (PE32) or 0x20B (PE32+), found 0x%X", magic));
        }
        int fixed = plus ? 112 : 96;
        if (size < fixed) {
            throw new BinaryFormatException(name, "optional header", off, "SizeOfOptionalHeader is " + size
                    + " but a " + (plus ? "PE32+" : "PE32") + " header needs at least " + fixed + " bytes");
        }
        ByteBuffer h = src.buffer(off, size, "optional header");
        long entry = h.getInt(16) & 0xffffffffL;
        long imageBase = plus ? h.getLong(24) : (h.getInt(28) & 0xffffffffL);
        long sectionAlignment = h.getInt(32) & 0xffffffffL;
        long fileAlignment = h.getInt(36) & 0xffffffffL;
        long sizeOfImage = h.getInt(56) & 0xffffffffL;
        long sizeOfHeaders = h.getInt(60) & 0xffffffffL;
        int subsystem = h.getShort(68) & 0xffff;
        int dllChars = h.getShort(70) & 0xffff;
        long count = h.getInt(plus ? 108 : 92) & 0xffffffffL;
        long room = (size - fixed) / 8;
        if (count > room) {
            throw new BinaryFormatException(name, "optional header NumberOfRvaAndSizes", off + (plus ? 108 : 92),
                    "is " + count + " but SizeOfOptionalHeader leaves room for " + room + " data directories");
        }
        List<DataDirectory> dirs = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            int b = fixed + 8 * i;
            dirs.add(new DataDirectory(i, h.getInt(b) & 0xffffffffL, h.getInt(b + 4) & 0xffffffffL));
        }
        return new OptionalHeader(magic, entry, imageBase, sectionAlignment, fileAlignment, sizeOfImage,
                sizeOfHeaders, subsystem, dllChars, dirs);
    }

    /** The file's name, for messages. */
    public String name() {
        return source.name();
    }

    /** The file size in bytes. */
    public long size() {
        return source.size();
    }

    /** The file offset of the PE signature ({@code e_lfanew}). */
    public long peOffset() {
        return peOffset;
    }

    /** The COFF file header. */
    public CoffHeader coffHeader() {
        return coff;
    }

    /** The optional header. */
    public OptionalHeader optionalHeader() {
        return optional;
    }

    /** The section table, in file order. */
    public List<SectionHeader> sections() {
        return sections;
    }

    /** The first section called {@code name}, if any. */
    public Optional<SectionHeader> section(String name) {
        for (SectionHeader s : sections) {
            if (s.name().equals(name)) {
                return Optional.of(s);
            }
        }
        return Optional.empty();
    }

    /** The verification budget every reader of this file charges (one per opened file). */
    public ReadBudget budget() {
        return budget;
    }

    /** The table index of the first section whose virtual range holds {@code rva}, or -1 (O(log n)). */
    int sectionIndexOf(long rva) {
        return index.find(rva);
    }

    /** The underlying bounds-checked byte source (for readers of section contents). */
    public ByteSource source() {
        return source;
    }

    /**
     * Maps an RVA to a file offset through the section table (or the headers, below
     * {@code SizeOfHeaders}).
     *
     * @param rva       the RVA
     * @param length    how many bytes from {@code rva} must be file-backed
     * @param structure what is being read, for the error message
     * @throws BinaryFormatException when no section maps the range to file data
     */
    public long rvaToOffset(long rva, long length, String structure) throws BinaryFormatException {
        if (rva < optional.sizeOfHeaders() && rva + length <= optional.sizeOfHeaders()) {
            source.check(rva, length, structure);
            return rva;
        }
        int found = index.find(rva);
        if (found >= 0) {
            SectionHeader s = sections.get(found);
            long delta = rva - s.virtualAddress();
            if (length > s.sizeOfRawData() - delta || delta > s.sizeOfRawData()) {
                throw new BinaryFormatException(name(), structure, -1, String.format(
                        "RVA 0x%X+%d lies past the file-backed part of section %s (SizeOfRawData 0x%X)",
                        rva, length, s.name(), s.sizeOfRawData()));
            }
            long off = s.pointerToRawData() + delta;
            source.check(off, length, structure + String.format(" (RVA 0x%X in section %s)", rva, s.name()));
            return off;
        }
        throw new BinaryFormatException(name(), structure, -1, String.format("RVA 0x%X is not inside any section", rva));
    }

    /**
     * Reads a NUL-terminated ASCII string at {@code rva}, at most {@link #MAX_NAME} bytes; its
     * length is charged to {@link #budget()} as a name.
     *
     * @throws BinaryFormatException when it is unmapped, unterminated within the limit or the file,
     *                               or over the budget
     */
    public String cString(long rva, String structure) throws IOException {
        long off = rvaToOffset(rva, 1, structure);
        long avail = Math.min(MAX_NAME + 1L, fileBackedBytesFrom(rva, off));
        byte[] b = source.read(off, (int) avail, structure);
        for (int i = 0; i < b.length; i++) {
            if (b[i] == 0) {
                budget.name(name(), structure, off, i);
                return new String(b, 0, i, StandardCharsets.ISO_8859_1);
            }
        }
        throw new BinaryFormatException(name(), structure, off, "string is not NUL-terminated within "
                + Math.min(MAX_NAME, b.length) + " bytes");
    }

    private long fileBackedBytesFrom(long rva, long off) {
        int found = index.find(rva);
        if (found >= 0) {
            SectionHeader s = sections.get(found);
            return Math.min(s.sizeOfRawData() - (rva - s.virtualAddress()), source.size() - off);
        }
        return source.size() - off;
    }

    /**
     * The import directory: the DLLs this image imports from and their symbols. Each table of this file is read once
     * ({@link ReadOnce}): later calls return the same value, or throw the same format error, and what is read is
     * charged to {@link #budget()} once.
     */
    public List<ImportedModule> imports() throws IOException {
        if (!imports.done()) {
            try {
                imports.keep(new ImportReader(this).imports());
            } catch (BinaryFormatException e) {
                throw imports.keep(e);
            }
        }
        return imports.get();
    }

    /** The delay-load import directory; read once, like {@link #imports()}. */
    public List<ImportedModule> delayImports() throws IOException {
        if (!delayImports.done()) {
            try {
                delayImports.keep(new ImportReader(this).delayImports());
            } catch (BinaryFormatException e) {
                throw delayImports.keep(e);
            }
        }
        return delayImports.get();
    }

    /** The export directory (empty when the image exports nothing); read once, like {@link #imports()}. */
    public ExportDirectory exports() throws IOException {
        if (!exports.done()) {
            try {
                exports.keep(new ExportReader(this).read());
            } catch (BinaryFormatException e) {
                throw exports.keep(e);
            }
        }
        return exports.get();
    }

    /**
     * Every leaf of the resource directory tree (type, name, language, data RVA and size); read once, like
     * {@link #imports()}.
     */
    public List<ResourceEntry> resources() throws IOException {
        if (!resources.done()) {
            try {
                resources.keep(new ResourceReader(this).read());
            } catch (BinaryFormatException e) {
                throw resources.keep(e);
            }
        }
        return resources.get();
    }

    /**
     * The version resource ({@code FileVersion}, {@code ProductVersion}), if the image has one; read once, like
     * {@link #imports()}.
     */
    public Optional<VersionInfo> versionInfo() throws IOException {
        if (!versionInfo.done()) {
            try {
                versionInfo.keep(new VersionInfoReader(this).read());
            } catch (BinaryFormatException e) {
                throw versionInfo.keep(e);
            }
        }
        return versionInfo.get();
    }

    /** Every data directory of the optional header, index order (as many as {@code NumberOfRvaAndSizes}). */
    public List<DataDirectory> dataDirectories() {
        return optional.dataDirectories();
    }

    /** The debug directory entries; read once, like {@link #imports()}. */
    public List<DebugEntry> debugEntries() throws IOException {
        if (!debugEntries.done()) {
            try {
                debugEntries.keep(new DebugDirectoryReader(this).read());
            } catch (BinaryFormatException e) {
                throw debugEntries.keep(e);
            }
        }
        return debugEntries.get();
    }

    @Override
    public void close() throws IOException {
        source.close();
    }
}
