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
 * (clang {@code clang/lib/CodeGen/CGCUDANV.cpp}). Only what a wrapper points to counts: the HIP
 * runtime registers exactly that ({@code __hipRegisterFatBinary(&wrapper)}); an invalid wrapper or a
 * bundle no wrapper reaches is reported ({@link #locate}), never read in its place.
 */
public final class FatBinaryLocator {
    /** Section of the offload bundles. */
    public static final String FATBIN_SECTION = ".hip_fat";
    /** Section of the fat-binary wrappers. */
    public static final String WRAPPER_SECTION = ".hipFatB";
    /** {@code HIPF}, the wrapper magic, as a little-endian u32. */
    public static final int WRAPPER_MAGIC = 0x48495046;
    private static final long MAX_WRAPPER_SECTION = 1 << 20;
    /** Where unreached bundles are probed: every 4096-byte boundary, the alignment clang gives fat binaries. */
    private static final long PROBE_STEP = 4096;

    private final OffloadBundleReader reader;

    /** @param reader the bundle reader (carries the decompression limit) */
    public FatBinaryLocator(OffloadBundleReader reader) {
        this.reader = reader;
    }

    /**
     * The offload bundles the {@code .hipFatB} wrappers of {@code pe} point to, in wrapper order;
     * empty when it has no device code. Same as {@code locate(pe).bundles()}.
     *
     * @throws dev.hipdll.bytes.BinaryFormatException when a reached bundle is malformed
     */
    public List<OffloadBundle> bundles(PeFile pe) throws IOException {
        return locate(pe).bundles();
    }

    /**
     * Reads the wrappers and the bundles they reach. {@code .hipFatB} is read as consecutive 24-byte
     * records (clang {@code CGCUDANV.cpp} emits one {@code __hip_fatbin_wrapper} per translation unit,
     * aligned to 8: u32 magic {@code HIPF}, u32 version 1, u64 address of the fat binary, u64 unused);
     * an all-zero record is padding. A record is valid when its magic is {@code HIPF}, its version 1
     * and its address, minus ImageBase, the RVA of an offload bundle inside the image, in
     * {@code .hip_fat} when the image has that section. {@code .hip_fat} is then searched for bundle
     * magics at every 4096-byte boundary (the alignment clang gives fat binaries) outside the bundles
     * reached: each one found is reported as unreached; the runtime would never register it.
     *
     * @throws dev.hipdll.bytes.BinaryFormatException when a reached bundle is malformed
     */
    public FatBinaries locate(PeFile pe) throws IOException {
        Optional<SectionHeader> fat = pe.section(FATBIN_SECTION);
        Optional<SectionHeader> wrappers = pe.section(WRAPPER_SECTION);
        List<OffloadBundle> result = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        List<String> unreached = new ArrayList<>();
        List<String> sectionNames = new ArrayList<>();
        List<long[]> reachedInFat = new ArrayList<>();  // [start, end) in .hip_fat of each bundle read
        dev.hipdll.bytes.ReadBudget budget = pe.budget();
        int records = 0;
        if (wrappers.isPresent()) {
            java.util.Set<Long> seen = new java.util.HashSet<>();
            SectionHeader w = wrappers.get();
            long len = Math.min(w.fileBackedSize(), MAX_WRAPPER_SECTION);
            ByteBuffer b = pe.source().buffer(w.pointerToRawData(), (int) len, "section " + WRAPPER_SECTION);
            long imageBase = pe.optionalHeader().imageBase();
            SectionsByRva byRva = new SectionsByRva(pe.sections());
            for (int pos = 0; pos + 24 <= len; pos += 24) {
                int magic = b.getInt(pos);
                int version = b.getInt(pos + 4);
                long address = b.getLong(pos + 8);
                if (magic == 0 && version == 0 && address == 0 && b.getLong(pos + 16) == 0) {
                    continue;  // padding
                }
                records++;
                String where = String.format("wrapper #%d at %s+0x%X", records - 1, WRAPPER_SECTION, pos);
                if (magic != WRAPPER_MAGIC) {
                    problem(problems, String.format("%s: magic 0x%08X, expected 0x%08X (HIPF)", where, magic, WRAPPER_MAGIC));
                    continue;
                }
                if (version != 1) {
                    problem(problems, where + ": version " + Integer.toUnsignedString(version) + ", expected 1");
                    continue;
                }
                long rva = address - imageBase;
                SectionHeader target = Long.compareUnsigned(address, imageBase) <= 0 ? null
                        : fat.isPresent() && fat.get().containsRva(rva) ? fat.get() : byRva.find(rva);
                if (target == null) {
                    problem(problems, String.format("%s: fat binary address 0x%X is %s", where, address,
                            address == imageBase ? "ImageBase itself, not a fat binary"
                                    : "outside the image (ImageBase 0x" + Long.toHexString(imageBase) + ")"));
                    continue;
                }
                if (fat.isPresent() && !target.name().equals(FATBIN_SECTION)) {
                    problem(problems, String.format("%s: fat binary address 0x%X (RVA 0x%X) lies in %s, not in %s",
                            where, address, rva, target.name(), FATBIN_SECTION));
                    continue;
                }
                long rel = rva - target.virtualAddress();
                ByteSource section = sectionSource(pe, target);
                if (!OffloadBundleReader.startsBundle(section, rel)) {
                    problem(problems, String.format("%s: no offload bundle at address 0x%X (%s+0x%X)", where, address,
                            target.name(), rel));
                    continue;
                }
                if (!seen.add(rva)) {
                    continue; // a wrapper of a bundle already read
                }
                OffloadBundle bundle = read(pe, section, rel, budget);
                result.add(bundle);
                sectionNames.add(target.name());
                if (target.name().equals(FATBIN_SECTION)) {
                    long end = OffloadBundleReader.endOf(bundle);
                    reachedInFat.add(new long[] {rel, end < 0 ? rel + 1 : end});
                }
            }
        }
        if (fat.isPresent()) {
            ByteSource section = sectionSource(pe, fat.get());
            long[][] reached = reachedInFat.toArray(new long[0][]);
            java.util.Arrays.sort(reached, RangesByStart.INSTANCE);
            int next = 0; // the first reached range that may still hold pos (sorted by start)
            for (long pos = 0; pos < section.size(); pos += PROBE_STEP) {
                long skipTo = pos;
                while (next < reached.length && reached[next][0] <= skipTo) {
                    skipTo = Math.max(skipTo, reached[next][1]); // merged with the ranges it touches
                    next++;
                }
                if (skipTo > pos) { // pos lies in a bundle read: go on at the first probe after it
                    pos = (skipTo + PROBE_STEP - 1) / PROBE_STEP * PROBE_STEP - PROBE_STEP;
                    continue;
                }
                if (OffloadBundleReader.startsBundle(section, pos)) {
                    if (unreached.size() < MAX_PROBLEMS) {
                        unreached.add(String.format("the offload bundle at %s+0x%X (RVA 0x%X) is reached by no %s"
                                + " wrapper: the HIP runtime never registers it", FATBIN_SECTION, pos,
                                fat.get().virtualAddress() + pos, WRAPPER_SECTION));
                    }
                }
            }
        }
        return new FatBinaries(result, records, problems, unreached, sectionNames);
    }

    /** Orders {@code {start, end}} ranges by their start. */
    private static final class RangesByStart implements java.util.Comparator<long[]> {
        static final RangesByStart INSTANCE = new RangesByStart();

        @Override
        public int compare(long[] a, long[] b) {
            return Long.compare(a[0], b[0]);
        }
    }

    /** Orders sections by their virtual address (RVA). */
    private static final class ByVirtualAddress implements java.util.Comparator<SectionHeader> {
        static final ByVirtualAddress INSTANCE = new ByVirtualAddress();

        @Override
        public int compare(SectionHeader a, SectionHeader b) {
            return Long.compare(a.virtualAddress(), b.virtualAddress());
        }
    }

    /** The sections sorted by virtual address, for a binary search per wrapper (65535 sections, 43690 wrappers). */
    private static final class SectionsByRva {
        private final SectionHeader[] sorted;

        SectionsByRva(List<SectionHeader> sections) {
            sorted = sections.toArray(new SectionHeader[0]);
            java.util.Arrays.sort(sorted, ByVirtualAddress.INSTANCE);
        }

        /** The section whose range holds {@code rva} (the last one starting at or below it), or null. */
        SectionHeader find(long rva) {
            int lo = 0;
            int hi = sorted.length - 1;
            int best = -1;
            while (lo <= hi) {
                int mid = (lo + hi) >>> 1;
                if (sorted[mid].virtualAddress() <= rva) {
                    best = mid;
                    lo = mid + 1;
                } else {
                    hi = mid - 1;
                }
            }
            return best >= 0 && sorted[best].containsRva(rva) ? sorted[best] : null;
        }
    }

    /** Most problem lines kept per kind. */
    private static final int MAX_PROBLEMS = 16;

    private static void problem(List<String> problems, String line) {
        if (problems.size() < MAX_PROBLEMS) {
            problems.add(line);
        }
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
