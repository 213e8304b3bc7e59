package dev.hipdll.authenticode;

import dev.hipdll.bytes.BinaryFormatException;
import dev.hipdll.bytes.ReadBudget;
import dev.hipdll.pe.PeFile;
import dev.hipdll.pe.SectionHeader;
import java.io.IOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Authenticode image hash of a signed PE file, and the SHA-256 of the image without its signature.
 *
 * <p>The hash follows the PE/COFF specification's "Calculating the PE Image Hash" (Windows Authenticode Portable
 * Executable Signature Format, and the PE Format's appendix): the headers up to {@code SizeOfHeaders} without the
 * optional header's {@code CheckSum} (4 bytes at optional header offset 64) and data directory 4 (the certificate
 * table's 8-byte entry), then each section's raw data in the order of {@code PointerToRawData} (sections without raw
 * data left out), then the bytes after the last section (from {@code SUM_OF_BYTES_HASHED} on, the certificate
 * table's size less). This is the <em>section walk</em>. Signers that hash the file in file order instead (jsign,
 * osslsigncode: everything but the three exclusions, the certificate table skipped wherever it is) agree with the
 * walk whenever the sections follow the headers without gaps and the certificate table ends the file, which is what
 * linkers write; when they do not, both are computed ({@link Result#fileOrder()}, {@link Result#sectionWalk()}) and
 * a signature that matches either is taken as matching.
 *
 * <p>{@link Result#unsignedSha256()} is the SHA-256 of the file as it was before signing: signing appends the
 * certificate table (at an 8-byte boundary) and rewrites {@code CheckSum} and data directory 4, so this is the file
 * up to the table, then what follows it, with those two fields zeroed. lld-link and link.exe write {@code CheckSum}
 * 0 unless {@code /RELEASE}: for their DLLs it is the SHA-256 of the DLL the linker wrote.
 *
 * <p>Reading is streaming ({@value #CHUNK}-byte chunks, constant memory) and checks the verification's time
 * budget at every chunk. Each digest is one pass over the file ({@link DigestPass}), the passes on separate cores at
 * once: a signed image's SHA-256 hash and its unsigned SHA-256 take the time of one; the section walk, when the
 * layout needs it, is a second round of passes.
 */
public final class ImageDigest {
    /** The read size, in bytes. */
    public static final int CHUNK = 1 << 20;

    /**
     * The digests of one image.
     *
     * @param fileOrder      per algorithm (JCA name, e.g. {@code SHA-256}): the hash in file order
     * @param sectionWalk    per algorithm: the hash by the specification's section walk (the same arrays as
     *                       {@code fileOrder} when the layout makes them equal)
     * @param unsignedSha256 lower-case hex SHA-256 of the image without its signature ({@code null} when not taken)
     * @param layoutNote     why the two orders differ (gaps, sections out of order, a table not at the end), or
     *                       {@code null} when they are one
     */
    public record Result(Map<String, byte[]> fileOrder, Map<String, byte[]> sectionWalk, String unsignedSha256,
                         String layoutNote) {
        /**
         * These digests and {@code more}'s (the same image hashed in other algorithms, {@link #compute(PeFile,
         * CertificateTable, Collection, boolean, ReadBudget)} without the unsigned SHA-256): one result, this one's
         * {@code unsignedSha256} and layout note.
         */
        public Result with(Result more) {
            Map<String, byte[]> order = new LinkedHashMap<>(fileOrder);
            order.putAll(more.fileOrder);
            Map<String, byte[]> walk = new LinkedHashMap<>(sectionWalk);
            walk.putAll(more.sectionWalk);
            return new Result(order, walk, unsignedSha256, layoutNote);
        }

        /** Whether {@code digest} is this image's hash in {@code algorithm} by either order. */
        public boolean matches(String algorithm, byte[] digest) {
            return MessageDigest.isEqual(fileOrder.get(algorithm), digest)
                    || MessageDigest.isEqual(sectionWalk.get(algorithm), digest);
        }
    }

    private ImageDigest() {
    }

    /**
     * Hashes {@code pe}, which has the certificate table {@code table}.
     *
     * @param algorithms JCA digest names, e.g. {@code SHA-256}, {@code SHA-1}
     * @param budget     the verification's budget; its time is checked at every chunk
     * @throws BinaryFormatException when a section's raw data lies past the end of the file, or the time is up
     * @throws IllegalArgumentException when an algorithm is unknown to the JCA
     */
    public static Result compute(PeFile pe, CertificateTable table, Collection<String> algorithms, ReadBudget budget)
            throws IOException {
        return compute(pe, table, algorithms, true, budget);
    }

    /**
     * Hashes {@code pe} as {@link #compute(PeFile, CertificateTable, Collection, ReadBudget)} does, with or without
     * the SHA-256 of the image without its signature (without it, {@link Result#unsignedSha256()} is {@code null}:
     * for a second pass in algorithms a first pass did not take, joined with {@link Result#with}).
     *
     * @throws BinaryFormatException when a section's raw data lies past the end of the file, or the time is up
     * @throws IllegalArgumentException when an algorithm is unknown to the JCA
     */
    public static Result compute(PeFile pe, CertificateTable table, Collection<String> algorithms, boolean unsignedToo,
                                 ReadBudget budget) throws IOException {
        return compute(pe, table, algorithms, unsignedToo, budget, Runtime.getRuntime().availableProcessors());
    }

    /** With the number of processors the passes may use (tests: 1 runs them one after the other). */
    static Result compute(PeFile pe, CertificateTable table, Collection<String> algorithms, boolean unsignedToo,
                          ReadBudget budget, int processors) throws IOException {
        long checksum = pe.peOffset() + 24 + 64;
        long dir4 = pe.peOffset() + 24 + (pe.optionalHeader().isPe32Plus() ? 112 : 96) + 8L * 4;
        long size = pe.size();
        if (dir4 + 8 > table.offset()) {
            throw new BinaryFormatException(pe.name(), "certificate table", table.offset(), "starts before the end of the"
                    + " optional header's data directory 4 (0x" + Long.toHexString(dir4 + 8) + ")");
        }
        // file order: everything but CheckSum, directory 4 and the table; the unsigned image has zeros for the fields
        List<DigestPass.Segment> order = List.of(DigestPass.Segment.range(0, checksum),
                DigestPass.Segment.range(checksum + 4, dir4), DigestPass.Segment.range(dir4 + 8, table.offset()),
                DigestPass.Segment.range(table.end(), size));
        List<DigestPass.Segment> unsignedImage = List.of(DigestPass.Segment.range(0, checksum), DigestPass.Segment.zeros(4),
                DigestPass.Segment.range(checksum + 4, dir4), DigestPass.Segment.zeros(8),
                DigestPass.Segment.range(dir4 + 8, table.offset()), DigestPass.Segment.range(table.end(), size));
        List<String> names = new ArrayList<>(algorithms);
        List<DigestPass> passes = new ArrayList<>();
        for (String a : names) {
            passes.add(new DigestPass(pe.name(), pe.source(), budget, digest(a), order));
        }
        if (unsignedToo) {
            passes.add(new DigestPass(pe.name(), pe.source(), budget, digest("SHA-256"), unsignedImage));
        }
        List<byte[]> hashed = DigestPass.runAll(passes, processors);
        Map<String, byte[]> fileOrder = new LinkedHashMap<>();
        for (int i = 0; i < names.size(); i++) {
            fileOrder.put(names.get(i), hashed.get(i));
        }
        String unsignedHex = unsignedToo ? HexFormat.of().formatHex(hashed.get(names.size())) : null;

        List<SectionHeader> raw = new ArrayList<>();
        for (SectionHeader s : pe.sections()) {
            if (s.sizeOfRawData() > 0) {
                raw.add(s);
            }
        }
        raw.sort(ByRawData.INSTANCE);
        long headers = pe.optionalHeader().sizeOfHeaders();
        long sum = headers;
        String note = null;
        for (SectionHeader s : raw) {
            pe.source().check(s.pointerToRawData(), s.sizeOfRawData(), "section " + s.name() + " raw data (PointerToRawData 0x"
                    + Long.toHexString(s.pointerToRawData()) + ", SizeOfRawData " + s.sizeOfRawData() + ")");
            if (note == null && s.pointerToRawData() != sum) {
                note = String.format("section %s's raw data starts at 0x%X, not where the bytes before it end (0x%X)",
                        s.name(), s.pointerToRawData(), sum);
            }
            sum = s.pointerToRawData() + s.sizeOfRawData();
        }
        if (note == null && table.end() != size) {
            note = String.format("the certificate table ends at 0x%X, before the end of the file (0x%X)", table.end(), size);
        }
        if (note == null && table.offset() < sum) {
            note = String.format("the certificate table starts at 0x%X, inside the sections' raw data (ending at 0x%X)",
                    table.offset(), sum);
        }
        if (note == null) {
            return new Result(fileOrder, fileOrder, unsignedHex, null);
        }
        if (checksum + 4 > headers || dir4 + 8 > headers) {
            throw new BinaryFormatException(pe.name(), "optional header", checksum, "CheckSum or data directory 4 lies past"
                    + " SizeOfHeaders 0x" + Long.toHexString(headers));
        }
        List<DigestPass.Segment> walk = new ArrayList<>();
        walk.add(DigestPass.Segment.range(0, checksum));
        walk.add(DigestPass.Segment.range(checksum + 4, dir4));
        walk.add(DigestPass.Segment.range(dir4 + 8, headers));
        long hashed2 = headers;
        for (SectionHeader s : raw) {
            walk.add(DigestPass.Segment.range(s.pointerToRawData(), s.pointerToRawData() + s.sizeOfRawData()));
            hashed2 += s.sizeOfRawData();
        }
        long extra = size - hashed2 - table.size();
        if (extra > 0) {
            pe.source().check(hashed2, extra, "data after the sections (SUM_OF_BYTES_HASHED 0x" + Long.toHexString(hashed2)
                    + ")");
            walk.add(DigestPass.Segment.range(hashed2, hashed2 + extra));
        }
        List<DigestPass> walks = new ArrayList<>();
        for (String a : names) {
            walks.add(new DigestPass(pe.name(), pe.source(), budget, digest(a), walk));
        }
        List<byte[]> walked = DigestPass.runAll(walks, processors);
        Map<String, byte[]> sectionWalk = new LinkedHashMap<>();
        for (int i = 0; i < names.size(); i++) {
            sectionWalk.put(names.get(i), walked.get(i));
        }
        return new Result(fileOrder, sectionWalk, unsignedHex, note);
    }

    private static MessageDigest digest(String algorithm) {
        try {
            return MessageDigest.getInstance(algorithm);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalArgumentException("digest algorithm " + algorithm + " is not available", e);
        }
    }

    /** Orders sections by {@code PointerToRawData} (a class, not a lambda: verify's cold path links none). */
    private static final class ByRawData implements Comparator<SectionHeader> {
        static final ByRawData INSTANCE = new ByRawData();

        @Override
        public int compare(SectionHeader a, SectionHeader b) {
            return Long.compare(a.pointerToRawData(), b.pointerToRawData());
        }
    }
}
