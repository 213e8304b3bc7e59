package dev.hipdll.pe;

import dev.hipdll.bytes.BinaryFormatException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What the Windows loader ({@code LoadLibrary}) checks, or touches, before it runs any code of a
 * DLL, checked on the file: the section layout, every data directory, every import symbol (by name
 * or ordinal) and import address table, every export address and forwarder, the base relocation
 * blocks, the TLS, load-configuration and delay-import directories. Follows the PE/COFF
 * specification: section 3.4 (optional header: alignments, {@code SizeOfImage},
 * {@code SizeOfHeaders}), 4 (section table), 5.6 ({@code .reloc}), 5.7 ({@code .tls}), 5.8
 * (delay-load import tables), 6.3 ({@code .edata}), 6.4 ({@code .idata}), 6.5 (load configuration
 * structure); and what {@code llvm-readobj} refuses (LLVM {@code COFFObjectFile::initialize}: a
 * directory's RVA must lie in a section, its bytes in the file, a TLS directory must be exactly 40
 * bytes in PE32+ and 24 in PE32, a debug directory a multiple of 28).
 *
 * <p>A table is "inside a section" when its whole range lies in one section's virtual extent
 * ({@code VirtualAddress} .. + {@code VirtualSize}, or {@code SizeOfRawData} when that is 0): the
 * headers are no place for one. At most {@link #MAX_PER_PART} problems are reported for each part; what is
 * walked is bounded by the tables' own sizes and the file's {@link PeFile#budget()} time.
 */
public final class ImageLoadability {
    /** The most problems reported for each part (sections, directories, imports, ...; nine parts). */
    public static final int MAX_PER_PART = 8;
    /** The most problems reported for one image. */
    public static final int MAX_PROBLEMS = 9 * MAX_PER_PART + 1;
    private static final int TLS64 = 40;
    private static final int TLS32 = 24;
    private static final int DEBUG_ENTRY = 28;

    private final PeFile pe;
    private final OptionalHeader opt;
    private final List<LoadProblem> problems = new ArrayList<>();
    private final boolean plus;
    private int inPart;
    private int lookupEntries;
    /** The most import and delay-import lookup entries walked in all (as {@code ImportReader} reads). */
    static final int MAX_LOOKUP_ENTRIES = 262144;

    private ImageLoadability(PeFile pe) {
        this.pe = pe;
        this.opt = pe.optionalHeader();
        this.plus = opt.isPe32Plus();
    }

    /**
     * The reasons the loader would refuse {@code pe}; empty when it would map it, resolve its
     * imports, relocate it and start its TLS callbacks and entry point.
     *
     * @throws IOException when the file cannot be read
     */
    public static List<LoadProblem> problems(PeFile pe) throws IOException {
        ImageLoadability l = new ImageLoadability(pe);
        List<Part> parts = List.of(l::sections, l::directories, l::imports, l::exports, l::relocations, l::tls,
                l::loadConfig, l::delayImports, l::entryPoint);
        for (Part part : parts) {
            l.inPart = 0;
            try {
                part.run();
            } catch (Full full) {
                // enough said about this part; the next one still runs
            } catch (BinaryFormatException e) {
                l.problems.add(new LoadProblem(e.structure(), e.offset(), l.problemOf(e)));
                if (e.getMessage().contains("over the verification budget")) {
                    break; // the budget is spent for every part
                }
            }
        }
        return List.copyOf(l.problems);
    }

    /** The problem part of a reader's message, without the file, structure and offset it starts with. */
    private String problemOf(BinaryFormatException e) {
        String prefix = pe.name() + ": " + e.structure() + (e.offset() >= 0 ? " at offset 0x" + Long.toHexString(e.offset()) : "")
                + ": ";
        return e.getMessage().startsWith(prefix) ? e.getMessage().substring(prefix.length()) : e.getMessage();
    }

    /** One group of checks. */
    private interface Part {
        void run() throws IOException;
    }

    /** Thrown when {@link #MAX_PROBLEMS} are collected. */
    private static final class Full extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Full() {
            super(null, null, false, false);
        }
    }

    private void add(String structure, long offset, String problem) {
        problems.add(new LoadProblem(structure, offset, problem));
        if (++inPart >= MAX_PER_PART) {
            throw new Full();
        }
    }

    private static long span(SectionHeader s) {
        return s.virtualSize() == 0 ? s.sizeOfRawData() : s.virtualSize();
    }

    /** The section whose virtual extent holds [rva, rva + length), or null. */
    private SectionHeader sectionOf(long rva, long length) {
        int i = pe.sectionIndexOf(rva);   // a binary search: 65535 sections cost no more than 10
        if (i < 0) {
            return null;
        }
        SectionHeader s = pe.sections().get(i);
        return rva >= s.virtualAddress() && rva - s.virtualAddress() < span(s)
                && length <= span(s) - (rva - s.virtualAddress()) ? s : null;
    }

    /** Whether [va, va + length) lies inside the mapped image (a virtual address, ImageBase added). */
    private boolean vaInImage(long va, long length) {
        long rva = va - opt.imageBase();
        return Long.compareUnsigned(va, opt.imageBase()) >= 0 && rva >= 0 && rva < opt.sizeOfImage()
                && length <= opt.sizeOfImage() - rva;
    }

    /** File offset of a file-backed RVA inside a section, or -1. */
    private long fileOffset(long rva) {
        SectionHeader s = sectionOf(rva, 1);
        if (s == null || rva - s.virtualAddress() >= s.sizeOfRawData()) {
            return -1;
        }
        return s.pointerToRawData() + (rva - s.virtualAddress());
    }

    private void sections() {
        long sa = opt.sectionAlignment();
        long fa = opt.fileAlignment();
        long optAt = pe.peOffset() + 24;
        if (sa == 0 || (sa & (sa - 1)) != 0) {
            add("optional header SectionAlignment", optAt + 32, "is 0x" + Long.toHexString(sa) + "; expected a power of two");
        }
        if (fa == 0 || (fa & (fa - 1)) != 0 || fa > 0x10000) {
            add("optional header FileAlignment", optAt + 36, "is 0x" + Long.toHexString(fa)
                    + "; expected a power of two of at most 0x10000");
        } else if (sa != 0 && fa > sa) {
            add("optional header FileAlignment", optAt + 36, "is 0x" + Long.toHexString(fa)
                    + ", larger than SectionAlignment 0x" + Long.toHexString(sa));
        }
        long tableAt = optAt + pe.coffHeader().sizeOfOptionalHeader();
        long previousEnd = opt.sizeOfHeaders();
        String previous = "the headers (SizeOfHeaders)";
        for (int i = 0; i < pe.sections().size(); i++) {
            SectionHeader s = pe.sections().get(i);
            String what = "section header #" + (i + 1) + " (" + s.name() + ")";
            long at = tableAt + 40L * i;
            if (sa != 0 && (sa & (sa - 1)) == 0 && s.virtualAddress() % sa != 0) {
                add(what + " VirtualAddress", at + 12, String.format("0x%X is not a multiple of SectionAlignment 0x%X",
                        s.virtualAddress(), sa));
            }
            if (s.virtualAddress() < previousEnd) {
                add(what + " VirtualAddress", at + 12, String.format("0x%X overlaps %s, which end(s) at RVA 0x%X",
                        s.virtualAddress(), previous, previousEnd));
            }
            long end = s.virtualAddress() + span(s);
            if (end > opt.sizeOfImage()) {
                add(what + " VirtualSize", at + 8, String.format("the section ends at RVA 0x%X, past SizeOfImage 0x%X",
                        end, opt.sizeOfImage()));
            }
            if (end > previousEnd) {
                previousEnd = end;
                previous = "section " + s.name();
            }
        }
    }

    private void directories() throws IOException {
        List<DataDirectory> dirs = opt.dataDirectories();
        long dirAt = pe.peOffset() + 24 + (plus ? 112 : 96);
        for (DataDirectory d : dirs) {
            int i = d.index();
            if (d.rva() == 0 || i == DataDirectory.CERTIFICATE_TABLE || i == DataDirectory.BOUND_IMPORT
                    || i > DataDirectory.CLR_RUNTIME_HEADER || i == DataDirectory.ARCHITECTURE || i == DataDirectory.GLOBAL_PTR) {
                continue;
            }
            String what = "data directory " + d.name();
            long at = dirAt + 8L * i;
            SectionHeader s = sectionOf(d.rva(), Math.max(1, d.size()));
            if (s == null) {
                add(what, at, String.format("RVA 0x%X + size 0x%X does not lie inside one section (SizeOfImage 0x%X)",
                        d.rva(), d.size(), opt.sizeOfImage()));
                continue;
            }
            long delta = d.rva() - s.virtualAddress();
            if (delta < s.sizeOfRawData() && s.pointerToRawData() + delta + d.size() > pe.size()) {
                add(what, at, String.format("RVA 0x%X + size 0x%X runs past the end of the file (%d bytes)",
                        d.rva(), d.size(), pe.size()));
            }
            if (i == DataDirectory.TLS_TABLE && d.size() != (plus ? TLS64 : TLS32)) {
                add(what, at + 4, "size is " + d.size() + "; a " + (plus ? "PE32+" : "PE32") + " TLS directory is "
                        + (plus ? TLS64 : TLS32) + " bytes");
            }
            if (i == DataDirectory.DEBUG && d.size() % DEBUG_ENTRY != 0) {
                add(what, at + 4, "size is " + d.size() + ", not a multiple of the " + DEBUG_ENTRY + "-byte debug directory entry");
            }
        }
        DataDirectory cert = opt.directory(DataDirectory.CERTIFICATE_TABLE);
        if (cert.rva() != 0 && (cert.rva() < opt.sizeOfHeaders() || cert.rva() + cert.size() > pe.size())) {
            add("data directory CertificateTable", dirAt + 8L * DataDirectory.CERTIFICATE_TABLE, String.format(
                    "file offset 0x%X + size 0x%X lies outside the file after the headers (%d bytes)", cert.rva(), cert.size(),
                    pe.size()));
        }
    }

    private ByteBuffer table(long rva, int length, String what) throws IOException {
        return pe.source().buffer(pe.rvaToOffset(rva, length, what), length, what);
    }

    /** Checks a lookup table (import name table) and its entries. */
    private void lookupTable(long rva, String what, Set<Long> seen) throws IOException {
        if (!seen.add(rva)) {
            return;
        }
        int width = plus ? 8 : 4;
        for (int i = 0; i < 65536; i++) {
            String entry = what + " lookup entry #" + i;
            if (sectionOf(rva + (long) width * i, width) == null) {
                add(entry, -1, String.format("RVA 0x%X lies outside every section", rva + (long) width * i));
                return;
            }
            long off = pe.rvaToOffset(rva + (long) width * i, width, entry);
            ByteBuffer b = pe.source().buffer(off, width, entry);
            long v = plus ? b.getLong(0) : b.getInt(0) & 0xffffffffL;
            if (v == 0) {
                return;
            }
            if (++lookupEntries > MAX_LOOKUP_ENTRIES) {
                add(entry, off, "more than " + MAX_LOOKUP_ENTRIES + " import lookup entries in all: the tables overlap or never end");
                throw new Full();
            }
            pe.budget().time(pe.name(), entry, off);
            boolean byOrdinal = plus ? v < 0 : (v & 0x80000000L) != 0;
            long reserved = byOrdinal ? (plus ? v & 0x7fffffffffff0000L : v & 0x7fff0000L)
                    : (plus ? v & 0x7fffffff80000000L : 0);
            if (reserved != 0) {
                add(entry, off, String.format("0x%X sets bits the %s must leave zero", v,
                        byOrdinal ? "ordinal import (bits 16-" + (plus ? 62 : 30) + ")" : "hint/name RVA (bits 31-62)"));
                continue;
            }
            if (!byOrdinal) {
                long hintName = v & 0x7fffffffL;
                if (sectionOf(hintName, 3) == null) {
                    add(entry, off, String.format("hint/name RVA 0x%X lies outside every section", hintName));
                }
            }
        }
        add(what + " lookup table", -1, String.format("RVA 0x%X: no terminating entry within 65536 entries", rva));
    }

    private void imports() throws IOException {
        DataDirectory dir = opt.directory(DataDirectory.IMPORT_TABLE);
        if (dir.rva() == 0 || sectionOf(dir.rva(), 20) == null) {
            return; // none, or already reported with the directories
        }
        Set<Long> seen = new HashSet<>();
        Set<Long> iats = new HashSet<>();
        for (int i = 0; i < 4096; i++) {
            String what = "import directory entry #" + i;
            long rva = dir.rva() + 20L * i;
            if (sectionOf(rva, 20) == null) {
                add(what, -1, String.format("RVA 0x%X lies outside every section: the table has no terminating entry", rva));
                return;
            }
            ByteBuffer e = table(rva, 20, what);
            long off = pe.rvaToOffset(rva, 20, what);
            long lookup = e.getInt(0) & 0xffffffffL;
            long name = e.getInt(12) & 0xffffffffL;
            long iat = e.getInt(16) & 0xffffffffL;
            if (lookup == 0 && name == 0 && iat == 0 && e.getInt(4) == 0 && e.getInt(8) == 0) {
                return;
            }
            if (sectionOf(name, 2) == null) {
                add(what + " Name", off + 12, String.format("RVA 0x%X lies outside every section", name));
            }
            if (iat == 0 || sectionOf(iat, plus ? 8 : 4) == null) {
                add(what + " FirstThunk (import address table)", off + 16, String.format(
                        "RVA 0x%X lies outside every section; the loader writes the imported addresses there", iat));
            } else if (iats.add(iat)) {
                lookupTable(iat, what + " import address table", seen);
            }
            if (lookup != 0) {
                lookupTable(lookup, what + " import", seen);
            }
        }
    }

    private void exports() throws IOException {
        DataDirectory dir = opt.directory(DataDirectory.EXPORT_TABLE);
        if (dir.rva() == 0 || sectionOf(dir.rva(), 40) == null) {
            return;
        }
        String what = "export directory table";
        long at = pe.rvaToOffset(dir.rva(), 40, what);
        ByteBuffer d = pe.source().buffer(at, 40, what);
        long functions = d.getInt(20) & 0xffffffffL;
        long names = d.getInt(24) & 0xffffffffL;
        long eat = d.getInt(28) & 0xffffffffL;
        long npt = d.getInt(32) & 0xffffffffL;
        long ot = d.getInt(36) & 0xffffffffL;
        long nameRva = d.getInt(12) & 0xffffffffL;
        if (nameRva != 0 && sectionOf(nameRva, 1) == null) {
            add(what + " Name RVA", at + 12, String.format("0x%X lies outside every section", nameRva));
        }
        if (functions > 0 && sectionOf(eat, 4 * functions) == null) {
            add(what + " Export Address Table RVA", at + 28, String.format(
                    "0x%X (%d entries) does not lie inside one section", eat, functions));
            return;
        }
        if (names > 0 && sectionOf(npt, 4 * names) == null) {
            add(what + " Name Pointer RVA", at + 32, String.format("0x%X (%d entries) does not lie inside one section", npt, names));
            return;
        }
        if (names > 0 && sectionOf(ot, 2 * names) == null) {
            add(what + " Ordinal Table RVA", at + 36, String.format("0x%X (%d entries) does not lie inside one section", ot, names));
            return;
        }
        if (names > 0) {
            long nptAt = pe.rvaToOffset(npt, 4 * names, "export name pointer table");
            ByteBuffer p = pe.source().buffer(nptAt, (int) (4 * names), "export name pointer table");
            for (int i = 0; i < names; i++) {
                long n = p.getInt(4 * i) & 0xffffffffL;
                if (sectionOf(n, 1) == null) {
                    add("export name pointer #" + i, nptAt + 4L * i, String.format("RVA 0x%X lies outside every section", n));
                }
            }
        }
        ExportDirectory exports = pe.exports();
        long eatAt = functions > 0 ? pe.rvaToOffset(eat, 4 * functions, "export address table") : -1;
        for (ExportedSymbol s : exports.symbols()) {
            long index = s.ordinal() - exports.ordinalBase();
            String entry = "export address table entry for ordinal " + s.ordinal() + (s.name() == null ? "" : " (" + s.name() + ")");
            long entryAt = eatAt + 4 * index;
            if (s.rva() == 0) {
                continue; // an unused ordinal
            }
            if (s.isForwarder()) {
                String f = s.forwarder();
                int dot = f.lastIndexOf('.');
                boolean ok = dot > 0 && dot < f.length() - 1 && f.chars().allMatch(c -> c > 0x20 && c < 0x7f);
                if (ok && f.charAt(dot + 1) == '#') {
                    String n = f.substring(dot + 2);
                    ok = n.matches("[0-9]{1,5}") && Integer.parseInt(n) <= 0xffff;
                }
                if (!ok) {
                    add(entry, entryAt, "forwarder '" + f + "' is not DLL.name or DLL.#ordinal");
                }
            } else if (sectionOf(s.rva(), 1) == null) {
                add(entry, entryAt, String.format("RVA 0x%X lies outside every section (SizeOfImage 0x%X)", s.rva(),
                        opt.sizeOfImage()));
            }
        }
    }

    private void relocations() throws IOException {
        DataDirectory dir = opt.directory(DataDirectory.BASE_RELOCATION_TABLE);
        if (dir.rva() == 0 || dir.size() == 0 || sectionOf(dir.rva(), dir.size()) == null) {
            return;
        }
        long pos = 0;
        int machine = pe.coffHeader().machine();
        for (int block = 0; pos < dir.size(); block++) {
            String what = "base relocation block #" + block;
            if (dir.size() - pos < 8) {
                add(what, -1, (dir.size() - pos) + " bytes left in the directory; a block header is 8");
                return;
            }
            long off = pe.rvaToOffset(dir.rva() + pos, 8, what);
            ByteBuffer h = pe.source().buffer(off, 8, what);
            long page = h.getInt(0) & 0xffffffffL;
            long size = h.getInt(4) & 0xffffffffL;
            pe.budget().time(pe.name(), what, off);
            if (size < 8 || size % 4 != 0 || size > dir.size() - pos) {
                add(what + " SizeOfBlock", off + 4, "is " + size + "; expected a multiple of 4, at least 8 and at most the "
                        + (dir.size() - pos) + " bytes left in the directory");
                return;
            }
            if (page >= opt.sizeOfImage()) {
                add(what + " Page RVA", off, String.format("0x%X lies past SizeOfImage 0x%X", page, opt.sizeOfImage()));
            }
            int count = (int) ((size - 8) / 2);
            long entriesAt = pe.rvaToOffset(dir.rva() + pos + 8, size - 8, what + " entries");
            for (int done = 0; done < count; ) {
                int n = Math.min(count - done, 32768);
                ByteBuffer e = pe.source().buffer(entriesAt + 2L * done, 2 * n, what + " entries");
                for (int k = 0; k < n; k++) {
                    int v = e.getShort(2 * k) & 0xffff;
                    int type = v >>> 12;
                    long target = page + (v & 0xfff);
                    int width = switch (type) {
                        case 0 -> 0;                                   // IMAGE_REL_BASED_ABSOLUTE: padding
                        case 1, 2 -> 2;                                // HIGH, LOW
                        case 3 -> 4;                                   // HIGHLOW
                        case 10 -> 8;                                  // DIR64
                        default -> -1;
                    };
                    boolean x64 = machine == CoffHeader.MACHINE_AMD64;
                    if (width < 0 || x64 && (type == 1 || type == 2)) {
                        add(what + " entry #" + (done + k), entriesAt + 2L * (done + k), "type " + type
                                + " is not a base relocation the loader applies to a " + pe.coffHeader().machineName() + " image");
                    } else if (width > 0 && sectionOf(target, width) == null) {
                        add(what + " entry #" + (done + k), entriesAt + 2L * (done + k), String.format(
                                "patches RVA 0x%X (%d bytes), outside every section", target, width));
                    }
                }
                done += n;
            }
            pos += size;
        }
    }

    private void tls() throws IOException {
        DataDirectory dir = opt.directory(DataDirectory.TLS_TABLE);
        int size = plus ? TLS64 : TLS32;
        if (dir.rva() == 0 || sectionOf(dir.rva(), size) == null || fileOffset(dir.rva()) < 0) {
            return;
        }
        String what = "TLS directory";
        long at = pe.rvaToOffset(dir.rva(), size, what);
        ByteBuffer t = pe.source().buffer(at, size, what);
        int w = plus ? 8 : 4;
        long start = plus ? t.getLong(0) : t.getInt(0) & 0xffffffffL;
        long end = plus ? t.getLong(8) : t.getInt(4) & 0xffffffffL;
        long index = plus ? t.getLong(16) : t.getInt(8) & 0xffffffffL;
        long callbacks = plus ? t.getLong(24) : t.getInt(12) & 0xffffffffL;
        if (start != 0 || end != 0) {
            if (Long.compareUnsigned(start, end) > 0 || !vaInImage(start, 0) || !vaInImage(end, 0) && end != opt.imageBase() + opt.sizeOfImage()) {
                add(what + " raw data", at, String.format("StartAddressOfRawData 0x%X .. EndAddressOfRawData 0x%X is not a"
                        + " range inside the image (0x%X .. 0x%X)", start, end, opt.imageBase(), opt.imageBase() + opt.sizeOfImage()));
            }
        }
        if (index != 0 && !vaInImage(index, 4)) {
            add(what + " AddressOfIndex", at + 2L * w, String.format("0x%X lies outside the image; the loader writes the TLS index there", index));
        }
        if (callbacks != 0) {
            if (!vaInImage(callbacks, w)) {
                add(what + " AddressOfCallBacks", at + 3L * w, String.format("0x%X lies outside the image", callbacks));
                return;
            }
            for (int i = 0; i < 1024; i++) {
                long rva = callbacks - opt.imageBase() + (long) w * i;
                long off = fileOffset(rva);
                if (off < 0 || sectionOf(rva, w) == null) {
                    add(what + " callback #" + i, -1, String.format("RVA 0x%X is not file-backed: the array has no terminating 0", rva));
                    return;
                }
                ByteBuffer c = pe.source().buffer(off, w, what + " callback #" + i);
                long va = plus ? c.getLong(0) : c.getInt(0) & 0xffffffffL;
                if (va == 0) {
                    return;
                }
                SectionHeader s = vaInImage(va, 1) ? sectionOf(va - opt.imageBase(), 1) : null;
                if (s == null || !s.has(SectionHeader.IMAGE_SCN_MEM_EXECUTE)) {
                    add(what + " callback #" + i, off, String.format("0x%X is not inside an executable section", va));
                }
            }
            add(what + " AddressOfCallBacks", at + 3L * w, "no terminating 0 within 1024 callbacks");
        }
    }

    private void loadConfig() throws IOException {
        DataDirectory dir = opt.directory(DataDirectory.LOAD_CONFIG_TABLE);
        if (dir.rva() == 0 || sectionOf(dir.rva(), Math.max(4, dir.size())) == null || fileOffset(dir.rva()) < 0) {
            return;
        }
        String what = "load configuration directory";
        long at = pe.rvaToOffset(dir.rva(), 4, what);
        long size = pe.source().u32(at, what + " Size");
        SectionHeader s = sectionOf(dir.rva(), 1);
        long room = Math.min(span(s), s.sizeOfRawData()) - (dir.rva() - s.virtualAddress());
        if (size < 4 || size > room) {
            add(what + " Size", at, "is " + size + "; expected at least 4 and at most the " + room
                    + " bytes of section " + s.name() + " from the directory on");
            return;
        }
        int w = plus ? 8 : 4;
        // SecurityCookie: PE32+ offset 0x58, PE32 0x3C (section 6.5, Load Configuration Layout)
        long cookieAt = plus ? 0x58 : 0x3c;
        if (size >= cookieAt + w) {
            ByteBuffer c = pe.source().buffer(at + cookieAt, w, what + " SecurityCookie");
            long cookie = plus ? c.getLong(0) : c.getInt(0) & 0xffffffffL;
            if (cookie != 0 && !vaInImage(cookie, w)) {
                add(what + " SecurityCookie", at + cookieAt, String.format("0x%X lies outside the image; the loader writes the cookie there", cookie));
            }
        }
        // CHPEMetadataPointer (PE32+ offset 0xC8), which llvm-readobj follows
        if (plus && size >= 0xd0) {
            long chpe = pe.source().buffer(at + 0xc8, 8, what + " CHPEMetadataPointer").getLong(0);
            if (chpe != 0 && (!vaInImage(chpe, 4) || sectionOf(chpe - opt.imageBase(), 4) == null)) {
                add(what + " CHPEMetadataPointer", at + 0xc8, String.format("0x%X lies outside every section", chpe));
            }
        }
    }

    private void delayImports() throws IOException {
        DataDirectory dir = opt.directory(DataDirectory.DELAY_IMPORT_DESCRIPTOR);
        if (dir.rva() == 0 || sectionOf(dir.rva(), 32) == null) {
            return;
        }
        Set<Long> seen = new HashSet<>();
        String[] fields = {"Attributes", "Name", "ModuleHandle", "Delay Import Address Table", "Delay Import Name Table",
            "Bound Delay Import Table", "Unload Delay Import Table", "TimeStamp"};
        for (int i = 0; i < 4096; i++) {
            String what = "delay-load directory entry #" + i;
            long rva = dir.rva() + 32L * i;
            if (sectionOf(rva, 32) == null) {
                add(what, -1, String.format("RVA 0x%X lies outside every section: the table has no terminating entry", rva));
                return;
            }
            long off = pe.rvaToOffset(rva, 32, what);
            ByteBuffer e = pe.source().buffer(off, 32, what);
            boolean zero = true;
            for (int k = 0; k < 8; k++) {
                zero &= e.getInt(4 * k) == 0;
            }
            if (zero) {
                return;
            }
            long bias = (e.getInt(0) & 1) != 0 ? 0 : opt.imageBase();
            for (int k = 1; k <= 6; k++) {
                long v = e.getInt(4 * k) & 0xffffffffL;
                boolean required = k <= 4;
                if (v == 0 && !required) {
                    continue;
                }
                long r = v - bias;
                if (v == 0 || sectionOf(r, 1) == null) {
                    add(what + " " + fields[k], off + 4L * k, String.format("RVA 0x%X lies outside every section", r));
                } else if (k == 4) {
                    lookupTable(r, what + " delay import", seen);
                }
            }
        }
    }

    private void entryPoint() {
        long ep = opt.addressOfEntryPoint();
        if (ep == 0) {
            return; // a DLL may have none
        }
        SectionHeader s = sectionOf(ep, 1);
        if (s == null || !s.has(SectionHeader.IMAGE_SCN_MEM_EXECUTE)) {
            add("optional header AddressOfEntryPoint", pe.peOffset() + 24 + 16, String.format(
                    "RVA 0x%X is not inside an executable section", ep));
        }
    }
}
