package dev.hipdll.authenticode;

import dev.hipdll.bytes.BinaryFormatException;
import dev.hipdll.pe.DataDirectory;
import dev.hipdll.pe.PeFile;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * The attribute certificate table of a PE image (PE/COFF specification, section 5.7; data directory 4,
 * whose {@code VirtualAddress} is a <em>file offset</em>, not an RVA: the table is not mapped into memory).
 * Entries follow each other on 8-byte boundaries. Windows reads the first {@code WIN_CERT_TYPE_PKCS_SIGNED_DATA}
 * entry; further signatures are nested inside it (an unsigned attribute), not further entries. Any other byte of
 * the table (a further entry, bytes after the PKCS#7 inside the entry) is covered by nothing:
 * {@link dev.hipdll.pe.SignatureExtent} names them, and {@code authenticode.signature} fails them (MS13-098).
 *
 * @param offset  the table's file offset (data directory 4 {@code VirtualAddress})
 * @param size    the table's size in bytes (data directory 4 {@code Size})
 * @param entries the entries, in file order
 */
public record CertificateTable(long offset, long size, List<WinCertificate> entries) {
    /** The largest table read, in bytes (a signature with its chain and timestamps is tens of KiB). */
    public static final long MAX_SIZE = 16L << 20;
    /** Most entries walked. */
    public static final int MAX_ENTRIES = 64;

    /** Creates a table; the list is copied. */
    public CertificateTable {
        entries = List.copyOf(entries);
    }

    /** Whether {@code pe} has a certificate table (data directory 4 with a non-zero offset and size). */
    public static boolean present(PeFile pe) {
        return pe.optionalHeader().directory(DataDirectory.CERTIFICATE_TABLE).present();
    }

    /**
     * Reads the table of {@code pe}; call only when {@link #present}.
     *
     * @throws BinaryFormatException when the table lies outside the file or past {@link #MAX_SIZE}, or an entry's
     *                               header is malformed (length, revision, or a length past the table)
     */
    public static CertificateTable read(PeFile pe) throws IOException {
        DataDirectory d = pe.optionalHeader().directory(DataDirectory.CERTIFICATE_TABLE);
        String what = String.format("certificate table (data directory 4: file offset 0x%X, size %d)", d.rva(), d.size());
        if (d.size() > MAX_SIZE) {
            throw new BinaryFormatException(pe.name(), what, d.rva(), "larger than " + MAX_SIZE
                    + " bytes; an Authenticode signature is tens of KiB");
        }
        if (d.rva() < pe.optionalHeader().sizeOfHeaders()) {
            throw new BinaryFormatException(pe.name(), what, d.rva(), "starts inside the headers (SizeOfHeaders 0x"
                    + Long.toHexString(pe.optionalHeader().sizeOfHeaders()) + "); its VirtualAddress is a file offset");
        }
        pe.source().check(d.rva(), d.size(), what + ": inside the file (" + pe.size() + " bytes)");
        List<WinCertificate> entries = new ArrayList<>();
        long at = d.rva();
        long end = d.rva() + d.size();
        while (at < end) {
            if (entries.size() == MAX_ENTRIES) {
                throw new BinaryFormatException(pe.name(), what, at, "more than " + MAX_ENTRIES + " WIN_CERTIFICATE entries");
            }
            String entry = "WIN_CERTIFICATE #" + entries.size();
            if (end - at < WinCertificate.HEADER) {
                throw new BinaryFormatException(pe.name(), entry, at, (end - at) + " byte(s) left in the table, fewer than"
                        + " the 8-byte WIN_CERTIFICATE header");
            }
            ByteBuffer b = pe.source().buffer(at, WinCertificate.HEADER, entry);
            long length = b.getInt(0) & 0xffffffffL;
            int revision = b.getShort(4) & 0xffff;
            int type = b.getShort(6) & 0xffff;
            if (length <= WinCertificate.HEADER || length > end - at) {
                throw new BinaryFormatException(pe.name(), entry + " dwLength", at, "is " + length
                        + "; expected more than 8 and at most the " + (end - at) + " bytes left in the table");
            }
            if (revision != WinCertificate.REVISION_1_0 && revision != WinCertificate.REVISION_2_0) {
                throw new BinaryFormatException(pe.name(), entry + " wRevision", at + 4,
                        String.format("is 0x%04X; expected 0x0200 (WIN_CERT_REVISION_2_0) or 0x0100", revision));
            }
            entries.add(new WinCertificate(at, length, revision, type));
            at = (at + length + 7) & ~7L;  // the next entry starts on an 8-byte boundary
        }
        return new CertificateTable(d.rva(), d.size(), entries);
    }

    /** The first {@code WIN_CERT_TYPE_PKCS_SIGNED_DATA} entry: the one Windows verifies. */
    public java.util.Optional<WinCertificate> signedData() {
        for (WinCertificate e : entries) {
            if (e.type() == WinCertificate.TYPE_PKCS_SIGNED_DATA) {
                return java.util.Optional.of(e);
            }
        }
        return java.util.Optional.empty();
    }

    /** The file offset just past the table. */
    public long end() {
        return offset + size;
    }
}
