package dev.hipdll.pe;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Which bytes of a PE's attribute certificate table (data directory 4, PE/COFF specification section 5.7) are its
 * Authenticode signature, and which are not. The signature is the {@code WIN_CERTIFICATE} entry Windows verifies:
 * its 8-byte header, then the PKCS#7 SignedData, a DER SEQUENCE whose own length says where it ends, then at most
 * the zero bytes up to the next 8-byte boundary (the alignment the specification asks of each entry). Every other
 * byte of the table (a further entry, bytes after the SignedData inside the entry, non-zero padding) is covered by
 * neither the image hash (which leaves the whole table out) nor the signature: it is what Windows with
 * {@code EnableCertPaddingCheck} refuses (MS13-098, CVE-2013-3900: "extraneous information in the WIN_CERTIFICATE
 * structure"), and what {@code pe.overlay} and {@code paths.build} read as unsigned bytes.
 *
 * <p>Reading costs the DER header (at most 6 bytes) and the padding (at most 7 bytes).
 *
 * @param signature the signature's bytes: the entry's header, the SignedData and its zero padding; when the entry
 *                  does not start with a DER SEQUENCE whose length fits in it, the whole entry (it is then no
 *                  signature, which {@code authenticode.signature} says)
 * @param unsigned  the table's other bytes, in file order, each named by what lies there (empty: the table holds
 *                  the signature and nothing else)
 * @param derLength the length of the SignedData's DER encoding, tag and length included, or -1 when unreadable
 */
public record SignatureExtent(FileRange signature, List<FileRange> unsigned, long derLength) {
    /** Creates an extent; the list is copied. */
    public SignatureExtent {
        unsigned = List.copyOf(unsigned);
    }

    /**
     * The extent of the signature in the entry at {@code entryOffset} ({@code dwLength} {@code entryLength}, header
     * included) of the table {@code [tableOffset, tableEnd)}; both must lie inside the file, the entry inside the table.
     *
     * @param entryIndex the entry's index in the table, for the names of the ranges
     * @throws IOException when the file cannot be read
     */
    public static SignatureExtent of(PeFile pe, long tableOffset, long tableEnd, int entryIndex, long entryOffset,
                                     long entryLength) throws IOException {
        String entry = String.format("WIN_CERTIFICATE #%d at 0x%X", entryIndex, entryOffset);
        long content = entryOffset + 8;
        long entryEnd = entryOffset + entryLength;
        int headerBytes = (int) Math.min(6, Math.max(0, entryEnd - content));
        long der = derLength(pe.source().read(content, headerBytes, entry + " bCertificate"));
        List<FileRange> unsigned = new ArrayList<>();
        if (entryOffset > tableOffset) {
            unsigned.add(new FileRange("WIN_CERTIFICATE entries before the signature's " + entry, tableOffset,
                    entryOffset - tableOffset));
        }
        long entryAligned = Math.min(tableEnd, align8(entryEnd));
        long signedEnd = entryAligned;  // no SignedData to measure: the entry is taken whole
        if (der < 0 || der > entryEnd - content) {
            der = -1;
        } else {
            long derEnd = content + der;
            long padEnd = Math.min(tableEnd, align8(derEnd));  // never past entryAligned: derEnd <= entryEnd
            byte[] pad = pe.source().read(derEnd, (int) (padEnd - derEnd), entry + " padding");
            boolean zero = true;
            for (byte b : pad) {
                zero &= b == 0;
            }
            signedEnd = zero ? padEnd : derEnd;
            if (entryAligned > signedEnd) {
                unsigned.add(new FileRange("bytes after the PKCS#7 SignedData (" + der + " bytes) in " + entry
                        + " (dwLength " + entryLength + (zero ? "" : "; not zero padding") + ")", signedEnd,
                        entryAligned - signedEnd));
            }
        }
        if (entryAligned < tableEnd) {
            unsigned.add(new FileRange("WIN_CERTIFICATE entries after the signature's " + entry + " (data directory 4"
                    + " covers them)", entryAligned, tableEnd - entryAligned));
        }
        return new SignatureExtent(new FileRange("Authenticode signature (" + entry + ", data directory 4)", entryOffset,
                signedEnd - entryOffset), unsigned, der);
    }

    /**
     * The length of the DER SEQUENCE at the start of {@code b}, tag and length octets included (X.690 section 8.1:
     * definite form, at most 4 length octets), or -1 when {@code b} does not start with one.
     */
    public static long derLength(byte[] b) {
        if (b.length < 2 || b[0] != 0x30) {
            return -1;
        }
        int first = b[1] & 0xff;
        if (first < 0x80) {
            return 2 + first;
        }
        int n = first & 0x7f;
        if (n == 0 || n > 4 || b.length < 2 + n) {
            return -1;
        }
        long length = 0;
        for (int i = 0; i < n; i++) {
            length = length << 8 | b[2 + i] & 0xff;
        }
        return 2 + n + length;
    }

    private static long align8(long x) {
        return (x + 7) & ~7L;
    }
}
