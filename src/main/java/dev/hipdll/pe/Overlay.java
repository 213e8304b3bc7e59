package dev.hipdll.pe;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * The bytes of a PE file that no part of the image accounts for: those after the end of the image's
 * data in the file ({@link #imageEnd()}: the largest {@code PointerToRawData + SizeOfRawData} of the
 * section table, or {@code SizeOfHeaders}; the values llvm-readobj prints as {@code PointerToRawData}
 * and {@code RawDataSize}), less two structures that legitimately follow the sections (PE/COFF
 * specification): the attribute certificate table of an Authenticode signature (section 5.7; data
 * directory 4, {@code CertificateTableRVA} in llvm-readobj, whose "RVA" is a file offset), and the COFF
 * symbol and string tables a MinGW image keeps ({@code PointerToSymbolTable}, 18 bytes per symbol, then
 * the string table whose first 4 bytes give its size; section 5.6; with the padding to
 * {@code FileAlignment} after it, as lld writes it). The loader maps none of the
 * overlay: a DLL is not a container, and an overlay of gigabytes (a sparse tail that costs nothing on
 * disk) is only something for verify to read.
 *
 * <p>Of the certificate table only the signature is excluded ({@link SignatureExtent}: the first
 * {@code WIN_CERT_TYPE_PKCS_SIGNED_DATA} entry's header, its PKCS#7 SignedData and the zero padding to an
 * 8-byte boundary), and only when the table is what the specification describes: inside the
 * file after {@link #imageEnd()}, filled by {@code WIN_CERTIFICATE} entries ({@code dwLength} u32,
 * {@code wRevision} 0x0100 or 0x0200, {@code wCertificateType} 1 to 4; each entry starting on an 8-byte
 * boundary); otherwise it counts as overlay and {@link #notes()} says why. The table's other bytes (a second
 * entry, bytes after the SignedData) are unsigned and count as overlay, each named in {@link #notes()}.
 * Reading costs 8 bytes per certificate entry (at most {@link #MAX_CERTIFICATES}), at most 13 for the
 * signature's DER header and padding, and 4 for the string table size.
 *
 * @param fileSize  the file's size in bytes
 * @param imageEnd  where the image's data in the file ends (may be past {@code fileSize} in a cut-short file)
 * @param excluded  the structures after {@code imageEnd} that are not overlay, in file order
 * @param pieces    the overlay itself: the ranges after {@code imageEnd} that are not excluded, in file order
 * @param notes     why a structure was not excluded, e.g. a certificate table that is not well-formed
 */
public record Overlay(long fileSize, long imageEnd, List<FileRange> excluded, List<FileRange> pieces, List<String> notes) {
    /** Most {@code WIN_CERTIFICATE} entries walked. */
    public static final int MAX_CERTIFICATES = 1024;

    /** Creates an overlay; the lists are copied. */
    public Overlay {
        excluded = List.copyOf(excluded);
        pieces = List.copyOf(pieces);
        notes = List.copyOf(notes);
    }

    /** The overlay's size in bytes: the sum of {@link #pieces()}. */
    public long bytes() {
        long n = 0;
        for (FileRange r : pieces) {
            n += r.length();
        }
        return n;
    }

    /** The bytes after {@link #imageEnd()}, overlay and excluded structures together (0 when there are none). */
    public long tail() {
        return Math.max(0, fileSize - imageEnd);
    }

    /**
     * The overlay of {@code pe}.
     *
     * @throws IOException when the file cannot be read (a malformed table is not an error: it counts as overlay)
     */
    public static Overlay of(PeFile pe) throws IOException {
        long size = pe.size();
        long end = pe.optionalHeader().sizeOfHeaders();
        for (SectionHeader s : pe.sections()) {
            if (s.sizeOfRawData() > 0 && s.pointerToRawData() != 0) {
                end = Math.max(end, s.pointerToRawData() + s.sizeOfRawData());
            }
        }
        List<FileRange> excluded = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        if (end < size) {
            certificateTable(pe, end, excluded, notes);
            symbolTable(pe, end, excluded, notes);
            excluded.sort(ByOffset.INSTANCE);
        }
        List<FileRange> pieces = new ArrayList<>();
        long at = end;
        for (FileRange r : excluded) {
            if (r.offset() > at) {
                pieces.add(new FileRange("overlay", at, r.offset() - at));
            }
            at = Math.max(at, r.end());
        }
        if (at < size) {
            pieces.add(new FileRange("overlay", at, size - at));
        }
        return new Overlay(size, end, excluded, pieces, notes);
    }

    /** The attribute certificate table, excluded when it lies after the image and is well-formed. */
    private static void certificateTable(PeFile pe, long end, List<FileRange> excluded, List<String> notes)
            throws IOException {
        DataDirectory d = pe.optionalHeader().directory(DataDirectory.CERTIFICATE_TABLE);
        if (!d.present()) {
            return;
        }
        String what = String.format("certificate table (data directory 4, file offset 0x%X, size %d)", d.rva(), d.size());
        if (d.rva() < end || d.rva() + d.size() > pe.size()) {
            notes.add(what + ": not excluded from the overlay: it does not lie between the image's end 0x"
                    + Long.toHexString(end) + " and the end of the file");
            return;
        }
        long at = d.rva();
        long tableEnd = d.rva() + d.size();
        long[] signature = null;  // the first WIN_CERT_TYPE_PKCS_SIGNED_DATA entry: index, offset, dwLength
        for (int i = 0; at < tableEnd; i++) {
            if (i == MAX_CERTIFICATES || tableEnd - at < 8) {
                notes.add(what + ": not excluded from the overlay: " + (i == MAX_CERTIFICATES ? "more than "
                        + MAX_CERTIFICATES + " WIN_CERTIFICATE entries" : (tableEnd - at)
                        + " bytes left at 0x" + Long.toHexString(at) + ", fewer than a WIN_CERTIFICATE header"));
                return;
            }
            ByteBuffer b = pe.source().buffer(at, 8, "WIN_CERTIFICATE #" + i);
            long length = b.getInt(0) & 0xffffffffL;
            int revision = b.getShort(4) & 0xffff;
            int type = b.getShort(6) & 0xffff;
            if (length < 8 || length > tableEnd - at || revision != 0x0100 && revision != 0x0200 || type < 1 || type > 4) {
                notes.add(what + String.format(": not excluded from the overlay: WIN_CERTIFICATE #%d at 0x%X has dwLength %d,"
                        + " wRevision 0x%04X, wCertificateType %d; expected a length within the table, revision 0x0100 or"
                        + " 0x0200, type 1 to 4", i, at, length, revision, type));
                return;
            }
            if (type == 2 && signature == null) {
                signature = new long[] {i, at, length};
            }
            at = (at + length + 7) & ~7L;
        }
        if (signature == null) {
            notes.add(what + ": counted as overlay: it holds no WIN_CERT_TYPE_PKCS_SIGNED_DATA entry (no signature)");
            return;
        }
        SignatureExtent extent = SignatureExtent.of(pe, d.rva(), tableEnd, (int) signature[0], signature[1], signature[2]);
        excluded.add(extent.signature());
        for (FileRange r : extent.unsigned()) {
            notes.add("certificate table: " + r.what() + " at " + r.span() + ": not the signature, counted as overlay");
        }
    }

    /** The COFF symbol and string tables, excluded when they lie after the image and inside the file. */
    private static void symbolTable(PeFile pe, long end, List<FileRange> excluded, List<String> notes) throws IOException {
        CoffHeader c = pe.coffHeader();
        long ptr = c.pointerToSymbolTable();
        if (ptr == 0) {
            return;
        }
        long strings = ptr + 18 * c.numberOfSymbols();
        String what = String.format("COFF symbol table (PointerToSymbolTable 0x%X, %d symbols)", ptr, c.numberOfSymbols());
        if (ptr < end || strings + 4 > pe.size()) {
            notes.add(what + ": not excluded from the overlay: it and its string table's size do not lie between the"
                    + " image's end 0x" + Long.toHexString(end) + " and the end of the file");
            return;
        }
        long stringsSize = pe.source().u32(strings, "COFF string table size");
        if (stringsSize < 4 || stringsSize > pe.size() - strings) {
            notes.add(what + ": not excluded from the overlay: its string table at 0x" + Long.toHexString(strings)
                    + " says " + stringsSize + " bytes; expected 4 or more, inside the file");
            return;
        }
        long end2 = strings + stringsSize;
        long align = pe.optionalHeader().fileAlignment();
        if (align > 1 && align <= 0x10000 && (align & (align - 1)) == 0) {
            end2 = Math.min(pe.size(), (end2 + align - 1) & -align);  // the linker pads them to FileAlignment (lld does)
        }
        excluded.add(new FileRange("COFF symbol and string tables", ptr, end2 - ptr));
    }

    /** Orders ranges by offset. */
    private static final class ByOffset implements java.util.Comparator<FileRange> {
        static final ByOffset INSTANCE = new ByOffset();

        @Override
        public int compare(FileRange a, FileRange b) {
            return Long.compare(a.offset(), b.offset());
        }
    }
}
