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
 * {@code SizeOfHeaders}), 4 (section table), 5.6 ({@code .reloc}: types 0 ABSOLUTE, 1 HIGH and 2 LOW
 * (not on x64), 3 HIGHLOW, 10 DIR64, and on ARMNT images 7 {@code IMAGE_REL_BASED_THUMB_MOV32}, the
 * MOVW/MOVT pair Windows on ARM32 code loads addresses with), 5.7 ({@code .tls}), 5.8
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
    public static final int MAX_PROBLEMS = 10 * MAX_PER_PART + 1;
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
        for (Part part : Part.values()) {
            l.inPart = 0;
            try {
                l.run(part);
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

    /** The groups of checks, in the order they run and report. */
    private enum Part {
        SECTIONS, DIRECTORIES, IMPORTS, EXPORTS, RELOCATIONS, TLS, LOAD_CONFIG, DELAY_IMPORTS, ENTRY_POINT, DEBUG
    }

    /** Runs one group of checks. */
    private void run(Part part) throws IOException {
        switch (part) {
            case SECTIONS -> sections();
            case DIRECTORIES -> directories();
            case IMPORTS -> imports();
            case EXPORTS -> exports();
            case RELOCATIONS -> relocations();
            case TLS -> tls();
            case LOAD_CONFIG -> loadConfig();
            case DELAY_IMPORTS -> delayImports();
            case ENTRY_POINT -> entryPoint();
            case DEBUG -> debug();
            default -> throw new AssertionError(part);
        }
    }

    /** Whether every character of {@code s} is printable ASCII other than the space (0x21..0x7e). */
    private static boolean printableAscii(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c <= 0x20 || c >= 0x7f) {
                return false;
            }
        }
        return true;
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
        long v = s.virtualSize();   // as llvm-readobj: a VirtualSize of 0 maps nothing
        return rva >= s.virtualAddress() && rva - s.virtualAddress() < v
                && length <= v - (rva - s.virtualAddress()) ? s : null;
    }

    /** Whether [rva, rva + length) lies inside one section and inside its file-backed part (a table or a name). */
    private boolean mapped(long rva, long length) {
        SectionHeader s = sectionOf(rva, length);
        return s != null && length <= s.sizeOfRawData() - Math.min(s.sizeOfRawData(), rva - s.virtualAddress())
                && rva - s.virtualAddress() < s.sizeOfRawData();
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
            if (!mapped(rva + (long) width * i, width)) {
                add(entry, -1, String.format("RVA 0x%X lies outside the file-backed part of every section", rva + (long) width * i));
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
                if (!mapped(hintName, 3)) {
                    add(entry, off, String.format("hint/name RVA 0x%X lies outside every section (or its file-backed part)", hintName));
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
            if (!mapped(rva, 20)) {
                add(what, -1, String.format("RVA 0x%X lies outside the file-backed part of every section: the table has no"
                        + " terminating entry", rva));
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
            if (!mapped(name, 2)) {
                add(what + " Name", off + 12, String.format("RVA 0x%X lies outside every section (or its file-backed part)", name));
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
        if (nameRva != 0 && !mapped(nameRva, 1)) {
            add(what + " Name RVA", at + 12, String.format("0x%X lies outside every section", nameRva));
        }
        if (functions > 0 && !mapped(eat, 4 * functions)) {
            add(what + " Export Address Table RVA", at + 28, String.format(
                    "0x%X (%d entries) does not lie inside one section", eat, functions));
            return;
        }
        if (names > 0 && !mapped(npt, 4 * names)) {
            add(what + " Name Pointer RVA", at + 32, String.format("0x%X (%d entries) does not lie inside one section", npt, names));
            return;
        }
        if (names > 0 && !mapped(ot, 2 * names)) {
            add(what + " Ordinal Table RVA", at + 36, String.format("0x%X (%d entries) does not lie inside one section", ot, names));
            return;
        }
        if (names > 0) {
            long nptAt = pe.rvaToOffset(npt, 4 * names, "export name pointer table");
            ByteBuffer p = pe.source().buffer(nptAt, (int) (4 * names), "export name pointer table");
            for (int i = 0; i < names; i++) {
                long n = p.getInt(4 * i) & 0xffffffffL;
                if (!mapped(n, 1)) {
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
                if (!mapped(s.rva(), f.length() + 1L)) {
                    add(entry, entryAt, String.format("forwarder string at RVA 0x%X lies outside the file-backed part of"
                            + " every section", s.rva()));
                    continue;
                }
                int dot = f.lastIndexOf('.');
                boolean ok = dot > 0 && dot < f.length() - 1 && printableAscii(f);
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
        SectionHeader sec = sectionOf(dir.rva(), dir.size());
        long delta = dir.rva() - sec.virtualAddress();
        long backed = Math.min(dir.size(), Math.max(0, sec.sizeOfRawData() - delta));
        if (backed < dir.size()) {
            add("base relocation directory", -1, String.format("RVA 0x%X + size 0x%X runs past the file-backed part of"
                    + " section %s (SizeOfRawData 0x%X)", dir.rva(), dir.size(), sec.name(), sec.sizeOfRawData()));
            return;
        }
        long base = sec.pointerToRawData() + delta;
        pe.source().check(base, dir.size(), "base relocation directory");
        Window w = new Window(base, dir.size());
        long pos = 0;
        boolean x64 = pe.coffHeader().machine() == CoffHeader.MACHINE_AMD64;
        boolean armnt = pe.coffHeader().machine() == CoffHeader.MACHINE_ARMNT;
        for (int block = 0; pos < dir.size(); block++) {
            if (dir.size() - pos < 8) {
                add(block(block), base + pos, (dir.size() - pos) + " bytes left in the directory; a block header is 8");
                return;
            }
            long page = w.u32(pos);
            long size = w.u32(pos + 4);
            if ((block & 1023) == 0) {
                pe.budget().time(pe.name(), block(block), base + pos);
            }
            if (size < 8 || size % 4 != 0 || size > dir.size() - pos) {
                add(block(block) + " SizeOfBlock", base + pos + 4, "is " + size + "; expected a multiple of 4, at least 8 and at"
                        + " most the " + (dir.size() - pos) + " bytes left in the directory");
                return;
            }
            if (page >= opt.sizeOfImage()) {
                add(block(block) + " Page RVA", base + pos, String.format("0x%X lies past SizeOfImage 0x%X", page, opt.sizeOfImage()));
            }
            for (long e = pos + 8; e + 2 <= pos + size; e += 2) {
                int v = w.u16(e);
                int type = v >>> 12;
                long target = page + (v & 0xfff);
                int width = switch (type) {
                    case 0 -> 0;                                   // IMAGE_REL_BASED_ABSOLUTE: padding
                    case 1, 2 -> 2;                                // HIGH, LOW
                    case 3 -> 4;                                   // HIGHLOW
                    // THUMB_MOV32: a Thumb-2 MOVW/MOVT pair (two 4-byte instructions) of an ARMNT image
                    case 7 -> armnt ? 8 : -1;
                    case 10 -> 8;                                  // DIR64
                    default -> -1;
                };
                // the entry's name is built only for a problem: a large DLL has hundreds of thousands of entries
                if (width < 0 || x64 && (type == 1 || type == 2)) {
                    add(block(block) + " entry #" + (e - pos - 8) / 2, base + e, "type " + type + " is not a base relocation the loader applies to a "
                            + pe.coffHeader().machineName() + " image");
                } else if (width > 0 && sectionOf(target, width) == null) {
                    add(block(block) + " entry #" + (e - pos - 8) / 2, base + e, String.format("patches RVA 0x%X (%d bytes), outside every section", target, width));
                }
            }
            pos += size;
        }
    }

    /** The name of base relocation block {@code n} in a problem (built only for one). */
    private static String block(int n) {
        return "base relocation block #" + n;
    }

    /** Sequential little-endian reads of a file range through a 64 KiB window (one read per window, not per field). */
    private final class Window {
        private final long base;
        private final long length;
        private byte[] buf = new byte[0];
        private long at = -1;

        Window(long base, long length) {
            this.base = base;
            this.length = length;
        }

        private int index(long pos, int width) throws IOException {
            if (at < 0 || pos < at || pos + width > at + buf.length) {
                at = pos;
                buf = pe.source().read(base + pos, (int) Math.min(65536, length - pos), "base relocation directory");
            }
            return (int) (pos - at);
        }

        int u16(long pos) throws IOException {
            int i = index(pos, 2);
            return (buf[i] & 0xff) | (buf[i + 1] & 0xff) << 8;
        }

        long u32(long pos) throws IOException {
            int i = index(pos, 4);
            return (buf[i] & 0xffL) | (buf[i + 1] & 0xffL) << 8 | (buf[i + 2] & 0xffL) << 16 | (buf[i + 3] & 0xffL) << 24;
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
        long declared = dir.size() / 32 - 1;   // llvm-readobj reads this many descriptors, terminator or not
        if (dir.size() < 32) {
            add("data directory DelayImportDescriptor", pe.peOffset() + 24 + (plus ? 112 : 96) + 8L * DataDirectory.DELAY_IMPORT_DESCRIPTOR + 4,
                    "size is " + dir.size() + ", smaller than one 32-byte delay-load descriptor");
        }
        String[] fields = {"Attributes", "Name", "ModuleHandle", "Delay Import Address Table", "Delay Import Name Table",
            "Bound Delay Import Table", "Unload Delay Import Table", "TimeStamp"};
        for (int i = 0; i < 4096; i++) {
            String what = "delay-load directory entry #" + i;
            long rva = dir.rva() + 32L * i;
            if (!mapped(rva, 32)) {
                add(what, -1, String.format("RVA 0x%X lies outside the file-backed part of every section: the table has no"
                        + " terminating entry", rva));
                return;
            }
            long off = pe.rvaToOffset(rva, 32, what);
            ByteBuffer e = pe.source().buffer(off, 32, what);
            boolean zero = true;
            for (int k = 0; k < 8; k++) {
                zero &= e.getInt(4 * k) == 0;
            }
            if (zero) {
                if (i < declared) {
                    add(what, off, "is the terminating entry, but the directory's size (" + dir.size() + " bytes) declares "
                            + declared + " descriptors");
                }
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
                boolean table = k == 1 || k == 3 || k == 4;   // the name, the IAT and the name table are read, the others written
                if (v == 0 || (table ? !mapped(r, 1) : sectionOf(r, 1) == null)) {
                    add(what + " " + fields[k], off + 4L * k, String.format("RVA 0x%X lies outside every section%s", r,
                            table ? " (or its file-backed part)" : ""));
                } else if (k == 4) {
                    lookupTable(r, what + " delay import", seen);
                }
            }
        }
    }

    /**
     * The debug directory entries (PE/COFF specification section 6.1.1): the data of each entry
     * with a size, at {@code AddressOfRawData}, must lie inside one section, and a CodeView entry
     * holds at least its 24-byte header and a name byte (what llvm-readobj reads).
     */
    private void debug() throws IOException {
        DataDirectory dir = opt.directory(DataDirectory.DEBUG);
        if (dir.rva() == 0 || dir.size() < DEBUG_ENTRY || !mapped(dir.rva(), dir.size())) {
            return;
        }
        long n = Math.min(dir.size() / DEBUG_ENTRY, 1024);
        long at = pe.rvaToOffset(dir.rva(), n * DEBUG_ENTRY, "debug directory");
        for (int i = 0; i < n; i++) {
            String what = "debug directory entry #" + i;
            ByteBuffer e = pe.source().buffer(at + (long) DEBUG_ENTRY * i, DEBUG_ENTRY, what);
            long type = e.getInt(12) & 0xffffffffL;
            long size = e.getInt(16) & 0xffffffffL;
            long rva = e.getInt(20) & 0xffffffffL;
            if (size == 0) {
                continue;
            }
            if (sectionOf(rva, size) == null) {
                add(what + " AddressOfRawData", at + (long) DEBUG_ENTRY * i + 20, String.format(
                        "RVA 0x%X + SizeOfData 0x%X does not lie inside one section", rva, size));
            } else if (type == 2 && size < 25) {
                add(what + " SizeOfData", at + (long) DEBUG_ENTRY * i + 16, "is " + size
                        + "; a CodeView record is at least 24 bytes and a PDB name");
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
