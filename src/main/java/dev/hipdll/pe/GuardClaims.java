package dev.hipdll.pe;

import java.util.ArrayList;
import java.util.List;

/**
 * The structures the load configuration claims, checked against the image: what a {@code hardening.guard-cf} or
 * {@code hardening.cet-compat} PASS needs besides the flags. A flag or a non-zero address that promises a table or a
 * function pointer the image does not hold is a claim without its structure ("claimed but not present"):
 * <ul>
 *   <li>{@code GuardFlags} with {@code IMAGE_GUARD_CF_FUNCTION_TABLE_PRESENT} (0x400) need a non-zero
 *       {@code GuardCFFunctionTable};</li>
 *   <li>every table address that is not 0 ({@code GuardCFFunctionTable}, {@code GuardAddressTakenIatEntryTable},
 *       {@code GuardLongJumpTargetTable}, {@code GuardEHContinuationTable}, {@code SEHandlerTable}) lies inside one
 *       section, and its count times its entry size (4 bytes plus the metadata bytes of
 *       {@code IMAGE_GUARD_CF_FUNCTION_TABLE_SIZE_MASK}; 4 for the SEH table) fits in the rest of that section's
 *       file-backed extent ({@code min(VirtualSize, SizeOfRawData)}): the count is bounded by the section's size;</li>
 *   <li>a count that is not 0 needs a table address; an address with a count of 0 must lie inside a section past its
 *       first byte (llvm-readobj-19 reads an empty table's end at the address minus one);</li>
 *   <li>{@code GuardCFCheckFunctionPointer} and {@code GuardCFDispatchFunctionPointer}, when not 0, are the
 *       addresses of a pointer-sized slot inside a section of the image (the loader writes its check function
 *       there);</li>
 *   <li>a PE32+ {@code CHPEMetadataPointer} (offset 0xC8) that is not 0 points at the hybrid metadata (92 bytes,
 *       LLVM's {@code chpe_metadata}) inside a section, and its code map (8-byte entries), entry point ranges (12) and
 *       redirection metadata (8) lie inside sections too.</li>
 * </ul>
 * llvm-readobj-19 {@code --coff-load-config} refuses an image whose table start or end lies outside every section
 * ("RVA 0x... not found"); these rules are stricter (one section, the whole table, no 32-bit wrap of the end), so no
 * image llvm-readobj refuses for its tables passes them. Layout: PE/COFF specification, "Load Configuration Layout";
 * winnt.h {@code IMAGE_GUARD_*}.
 */
public final class GuardClaims {
    /** Which check a claim belongs to. */
    public enum Mitigation {
        /** Control Flow Guard: the function table, the address-taken IAT and long jump tables, the two pointers. */
        GUARD_CF,
        /** CET shadow stacks: the EH continuation table (/guard:ehcont). */
        CET,
        /** Safe exception handlers (/SAFESEH). */
        SAFE_SEH,
        /** The hybrid (CHPE, ARM64EC) metadata the load configuration points at. */
        CHPE
    }

    /**
     * A claim without its structure.
     *
     * @param mitigation the check it belongs to
     * @param field      the load configuration field, e.g. {@code GuardCFFunctionTable}
     * @param problem    what is wrong, with the values, e.g. "0x180100000 + 4294967295 entries of 4 bytes lies outside
     *                   every section"
     */
    public record Claim(Mitigation mitigation, String field, String problem) {
        @Override
        public String toString() {
            return field + ": " + problem;
        }
    }

    private final PeFile pe;

    private GuardClaims(PeFile pe) {
        this.pe = pe;
    }

    /** Every claim of {@code lc} (read from {@code pe}) whose structure the image does not hold, in field order. */
    public static List<Claim> unbacked(PeFile pe, LoadConfig lc) {
        return new GuardClaims(pe).check(lc);
    }

    private List<Claim> check(LoadConfig lc) {
        List<Claim> out = new ArrayList<>();
        int w = pe.optionalHeader().isPe32Plus() ? 8 : 4;
        pointer(out, "GuardCFCheckFunctionPointer", lc.guardCfCheckFunction(), w);
        pointer(out, "GuardCFDispatchFunctionPointer", lc.guardCfDispatchFunction(), w);
        long stride = lc.guardTableStride();
        if (lc.hasGuardFlags() && (lc.guardFlags() & LoadConfig.CF_FUNCTION_TABLE_PRESENT) != 0
                && lc.guardCfFunctionTable() == 0) {
            out.add(new Claim(Mitigation.GUARD_CF, "GuardCFFunctionTable", String.format("0, but GuardFlags 0x%X say"
                    + " IMAGE_GUARD_CF_FUNCTION_TABLE_PRESENT (and GuardCFFunctionCount is %d)", lc.guardFlags(),
                    lc.guardCfFunctionCount())));
        } else {
            table(out, Mitigation.GUARD_CF, "GuardCFFunctionTable", lc.guardCfFunctionTable(), lc.guardCfFunctionCount(),
                    stride);
        }
        for (LoadConfig.Table t : lc.tables()) {
            Mitigation m = switch (t.field()) {
                case LoadConfig.EH_CONTINUATION_TABLE -> Mitigation.CET;
                case LoadConfig.SE_HANDLER_TABLE -> Mitigation.SAFE_SEH;
                default -> Mitigation.GUARD_CF;
            };
            table(out, m, t.field(), t.va(), t.count(), m == Mitigation.SAFE_SEH ? 4 : stride);
        }
        if (lc.chpeMetadata() != 0) {
            chpe(out, lc.chpeMetadata());
        }
        return out;
    }

    /** The hybrid metadata: LLVM 19's {@code COFFObjectFile::initLoadConfigPtr} follows it and its three tables. */
    private void chpe(List<Claim> out, long va) {
        SectionHeader s = section(va, CHPE_METADATA_SIZE, true);
        if (s == null) {
            out.add(new Claim(Mitigation.CHPE, "CHPEMetadataPointer", String.format("0x%X is not %d bytes of hybrid"
                    + " metadata inside a section of the image", va, CHPE_METADATA_SIZE)));
            return;
        }
        try {
            long off = s.pointerToRawData() + (va - base() - s.virtualAddress());
            java.nio.ByteBuffer b = pe.source().buffer(off, CHPE_METADATA_SIZE, "CHPE metadata");
            rvaTable(out, "CHPE code map", b.getInt(4) & 0xffffffffL, b.getInt(8) & 0xffffffffL, 8);
            rvaTable(out, "CHPE entry point ranges", b.getInt(12) & 0xffffffffL, b.getInt(48) & 0xffffffffL, 12);
            rvaTable(out, "CHPE redirection metadata", b.getInt(16) & 0xffffffffL, b.getInt(52) & 0xffffffffL, 8);
        } catch (java.io.IOException e) {
            out.add(new Claim(Mitigation.CHPE, "CHPEMetadataPointer", e.getMessage()));
        }
    }

    private void rvaTable(List<Claim> out, String field, long rva, long count, long stride) {
        if (count != 0) {
            table(out, Mitigation.CHPE, field, base() + rva, count, stride);
        }
    }

    /** The bytes of LLVM 19's {@code chpe_metadata} (version 2), which llvm-readobj requires inside the file. */
    static final int CHPE_METADATA_SIZE = 92;

    private void pointer(List<Claim> out, String field, long va, int width) {
        if (va != 0 && section(va, width, false) == null) {
            out.add(new Claim(Mitigation.GUARD_CF, field, String.format("0x%X is not a %d-byte slot inside a section of"
                    + " the image (ImageBase 0x%X, SizeOfImage 0x%X)", va, width, base(), pe.optionalHeader().sizeOfImage())));
        }
    }

    private void table(List<Claim> out, Mitigation m, String field, long va, long count, long stride) {
        if (va == 0) {
            if (count != 0) {
                out.add(new Claim(m, field, "0, but its count says " + Long.toUnsignedString(count) + " entries"));
            }
            return;
        }
        if (count == 0) {
            // an empty table: llvm-readobj-19 reads its last entry at address - 1, so the byte before must be mapped too
            if (section(va, 1, false) == null || section(va - 1, 1, false) == null) {
                out.add(new Claim(m, field, String.format("0x%X with 0 entries is not inside a section past its first byte"
                        + " (llvm-readobj-19 reads the table's end at 0x%X)", va, va - 1)));
            }
            return;
        }
        // count is at most 2^64-1 and stride at most 19: the product is compared by division, never computed past 2^63
        SectionHeader s = section(va, 1, true);
        if (s == null) {
            out.add(new Claim(m, field, String.format("0x%X (%s entries) lies outside every section of the image"
                    + " (ImageBase 0x%X, SizeOfImage 0x%X)", va, Long.toUnsignedString(count), base(),
                    pe.optionalHeader().sizeOfImage())));
            return;
        }
        long room = s.fileBackedSize() - (va - base() - s.virtualAddress());  // > 0: section() checked
        if (Long.compareUnsigned(count, room / stride) > 0) {
            out.add(new Claim(m, field, String.format("0x%X + %s entries of %d bytes runs past section %s (%d bytes of it"
                    + " from the table on)", va, Long.toUnsignedString(count), stride, s.name(), room)));
        }
    }

    private long base() {
        return pe.optionalHeader().imageBase();
    }

    /**
     * The section that holds [va, va + length) with the image base taken off, or null: in its file-backed extent
     * ({@link SectionHeader#fileBackedSize()}: a table the loader reads) or in its virtual extent ({@code VirtualSize},
     * or {@code SizeOfRawData} when that is 0: a slot the loader writes).
     */
    private SectionHeader section(long va, long length, boolean fileBacked) {
        long rva = va - base();
        if (Long.compareUnsigned(va, base()) < 0 || rva >= pe.optionalHeader().sizeOfImage()) {
            return null;
        }
        int i = pe.sectionIndexOf(rva);
        if (i < 0) {
            return null;
        }
        SectionHeader s = pe.sections().get(i);
        long extent = fileBacked ? s.fileBackedSize() : s.virtualSize() == 0 ? s.sizeOfRawData() : s.virtualSize();
        long into = rva - s.virtualAddress();
        return into >= 0 && into < extent && length <= extent - into ? s : null;
    }
}
