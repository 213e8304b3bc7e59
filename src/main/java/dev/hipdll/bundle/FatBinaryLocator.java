package dev.hipdll.bundle;

import dev.hipdll.bytes.ByteSource;
import dev.hipdll.pe.PeFile;
import dev.hipdll.pe.SectionHeader;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Finds the HIP device code in a PE image. clang puts each translation unit's offload bundle in
 * {@code .hip_fatbin} (truncated by the linker to {@code .hip_fat}) and a 24-byte wrapper
 * in {@code .hipFatB}: magic {@code HIPF} (0x48495046), version 1, the bundle's virtual address
 * (clang {@code clang/lib/CodeGen/CGCUDANV.cpp}). The wrappers are followed when present; otherwise
 * {@code .hip_fat} is scanned for bundle magics at every 4096-byte boundary (the fat binary
 * alignment clang uses).
 */
public final class FatBinaryLocator {
    /** Section of the offload bundles. */
    public static final String FATBIN_SECTION = ".hip_fat";
    /** Section of the fat-binary wrappers. */
    public static final String WRAPPER_SECTION = ".hipFatB";
    /** {@code HIPF}, the wrapper magic, as a little-endian u32. */
    public static final int WRAPPER_MAGIC = 0x48495046;
    private static final long MAX_WRAPPER_SECTION = 1 << 20;

    private final OffloadBundleReader reader;

    /** @param reader the bundle reader (carries the decompression limit) */
    public FatBinaryLocator(OffloadBundleReader reader) {
        this.reader = reader;
    }

    /**
     * The offload bundles in {@code pe}, in address order; empty when it has no device code.
     *
     * @throws dev.hipdll.bytes.BinaryFormatException when a wrapper or bundle is malformed
     */
    public List<OffloadBundle> bundles(PeFile pe) throws IOException {
        Optional<SectionHeader> fat = pe.section(FATBIN_SECTION);
        Optional<SectionHeader> wrappers = pe.section(WRAPPER_SECTION);
        List<OffloadBundle> result = new ArrayList<>();
        dev.hipdll.bytes.ReadBudget budget = pe.budget();
        if (wrappers.isPresent()) {
            java.util.Set<Long> seen = new java.util.HashSet<>();
            SectionHeader w = wrappers.get();
            long len = Math.min(w.fileBackedSize(), MAX_WRAPPER_SECTION);
            ByteBuffer b = pe.source().buffer(w.pointerToRawData(), (int) len, "section " + WRAPPER_SECTION);
            for (int pos = 0; pos + 24 <= len; pos += 8) {
                if (b.getInt(pos) != WRAPPER_MAGIC || b.getInt(pos + 4) != 1) {
                    continue;
                }
                long rva = b.getLong(pos + 8) - pe.optionalHeader().imageBase();
                SectionHeader target = fat.filter(s -> s.containsRva(rva)).orElse(null);
                if (target == null) {
                    target = pe.sections().stream().filter(s -> s.containsRva(rva)).findFirst().orElse(null);
                }
                if (target == null || !seen.add(rva)) {
                    continue; // outside the image, or a wrapper of a bundle already read
                }
                ByteSource section = sectionSource(pe, target);
                long rel = rva - target.virtualAddress();
                if (OffloadBundleReader.startsBundle(section, rel)) {
                    result.add(read(pe, section, rel, budget));
                }
                pos += 16;
            }
            if (!result.isEmpty()) {
                return result;
            }
        }
        if (fat.isPresent()) {
            ByteSource section = sectionSource(pe, fat.get());
            for (long pos = 0; pos < section.size(); pos += 4096) {
                if (OffloadBundleReader.startsBundle(section, pos)) {
                    OffloadBundle bundle = read(pe, section, pos, budget);
                    result.add(bundle);
                    long end = OffloadBundleReader.endOf(bundle);
                    if (end < 0) {
                        break;
                    }
                    pos = Math.max(pos, ((end - 1) / 4096) * 4096);
                }
            }
        }
        return result;
    }

    /**
     * Reads the bundle at {@code offset} of {@code section} after charging its declared
     * uncompressed size to the image's budget ({@link dev.hipdll.bytes.ReadLimits#inflateBytes()},
     * zlib and zstd alike: the reader makes it inflate to exactly that size), so many bundles that
     * each inflate to just under the per-bundle limit are refused before they are inflated.
     *
     * @throws dev.hipdll.bytes.BinaryFormatException when the image's compressed bundles together
     *                                                declare more than the budget
     */
    private OffloadBundle read(PeFile pe, ByteSource section, long offset, dev.hipdll.bytes.ReadBudget budget)
            throws IOException {
        long declared = OffloadBundleReader.declaredUncompressedBytes(section, offset);
        budget.inflate(section.name(), "compressed offload bundle uncompressed size (declares " + declared + " bytes)",
                offset, Math.max(0, declared));
        return reader.read(section, offset, budget);
    }

    private static ByteSource sectionSource(PeFile pe, SectionHeader s) throws IOException {
        return pe.source().slice(s.pointerToRawData(), s.fileBackedSize(), "section " + s.name());
    }
}
