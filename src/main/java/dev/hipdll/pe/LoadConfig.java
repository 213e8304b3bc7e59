package dev.hipdll.pe;

import dev.hipdll.bytes.BinaryFormatException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The Control Flow Guard fields of the load configuration directory (PE/COFF specification, section 6.5
 * "The .rdata Section", "Load Configuration Layout"; data directory 10), as llvm-readobj-19
 * {@code --coff-load-config} prints them. A field lies past the structure's own {@code Size} (an older
 * layout) reads as 0, as llvm-readobj leaves it out.
 *
 * <p>Offsets (PE32+ / PE32): {@code SEHandlerTable} 0x60 / 0x40, {@code SEHandlerCount} 0x68 / 0x44,
 * {@code GuardCFCheckFunctionPointer} 0x70 / 0x48, {@code GuardCFDispatchFunctionPointer} 0x78 / 0x4C,
 * {@code GuardCFFunctionTable} 0x80 / 0x50, {@code GuardCFFunctionCount} 0x88 / 0x54, {@code GuardFlags} 0x90 / 0x58
 * (u32), {@code GuardAddressTakenIatEntryTable} 0xA0 / 0x68 and its count 0xA8 / 0x6C,
 * {@code GuardLongJumpTargetTable} 0xB0 / 0x70 and its count 0xB8 / 0x74, {@code GuardEHContinuationTable}
 * 0x108 / 0xA4 and its count 0x110 / 0xA8 (winnt.h {@code IMAGE_LOAD_CONFIG_DIRECTORY64/32}). Pointers and table
 * addresses are virtual addresses (ImageBase added); {@link GuardClaims} checks that each lies in the image.
 *
 * @param size                  the structure's {@code Size} field, in bytes
 * @param guardCfCheckFunction  {@code GuardCFCheckFunctionPointer} (a VA), 0 when absent
 * @param guardCfFunctionTable  {@code GuardCFFunctionTable} (a VA), 0 when absent
 * @param guardCfFunctionCount  {@code GuardCFFunctionCount}
 * @param guardFlags            {@code GuardFlags}, e.g. {@link #CF_INSTRUMENTED}
 * @param hasGuardFlags         whether {@code Size} reaches past {@code GuardFlags}
 * @param guardCfDispatchFunction {@code GuardCFDispatchFunctionPointer} (a VA), 0 when absent
 * @param tables                the other tables the structure points at (address-taken IAT entries, long jump
 *                              targets, EH continuation targets, SEH handlers), each with its address and count;
 *                              those past {@code Size} are left out
 * @param chpeMetadata          {@code CHPEMetadataPointer} (PE32+ offset 0xC8, a VA) of a hybrid ARM64EC/ARM64X image,
 *                              0 when absent or in a PE32 image
 */
public record LoadConfig(long size, long guardCfCheckFunction, long guardCfFunctionTable, long guardCfFunctionCount,
                         long guardFlags, boolean hasGuardFlags, long guardCfDispatchFunction, List<Table> tables,
                         long chpeMetadata) {
    /**
     * A table the load configuration points at.
     *
     * @param field   the name of its address field, e.g. {@code GuardLongJumpTargetTable}
     * @param va      its virtual address, 0 when absent
     * @param count   its entry count, as the count field says
     * @param offset  the address field's offset in the structure, in bytes
     */
    public record Table(String field, long va, long count, int offset) {
    }

    /** Creates the value; the list is copied. */
    public LoadConfig {
        tables = List.copyOf(tables);
    }

    /**
     * The Control Flow Guard fields alone (no dispatch pointer, no other table), as older callers build it.
     */
    public LoadConfig(long size, long guardCfCheckFunction, long guardCfFunctionTable, long guardCfFunctionCount,
                      long guardFlags, boolean hasGuardFlags) {
        this(size, guardCfCheckFunction, guardCfFunctionTable, guardCfFunctionCount, guardFlags, hasGuardFlags, 0,
                List.of(), 0);
    }

    /** {@code IMAGE_GUARD_CF_INSTRUMENTED}: the module performs control flow integrity checks. */
    public static final long CF_INSTRUMENTED = 0x100;
    /** {@code IMAGE_GUARD_CF_FUNCTION_TABLE_PRESENT}: the module has a valid control flow target table. */
    public static final long CF_FUNCTION_TABLE_PRESENT = 0x400;
    /** {@code IMAGE_GUARD_CF_LONGJUMP_TABLE_PRESENT}: the module has a long jump target table. */
    public static final long CF_LONGJUMP_TABLE_PRESENT = 0x10000;
    /** {@code IMAGE_GUARD_EH_CONTINUATION_TABLE_PRESENT}: the module has an EH continuation target table (/guard:ehcont). */
    public static final long EH_CONTINUATION_TABLE_PRESENT = 0x400000;
    /**
     * {@code IMAGE_GUARD_CF_FUNCTION_TABLE_SIZE_MASK}: the top four bits of {@code GuardFlags} give how many bytes of
     * metadata follow each 4-byte RVA in the guard tables.
     */
    public static final long CF_FUNCTION_TABLE_SIZE_MASK = 0xF0000000L;
    /** The table of address-taken import address table entries (/guard:cf), in {@link #tables()}. */
    public static final String IAT_TABLE = "GuardAddressTakenIatEntryTable";
    /** The table of long jump targets, in {@link #tables()}. */
    public static final String LONGJUMP_TABLE = "GuardLongJumpTargetTable";
    /** The table of EH continuation targets (/guard:ehcont, with CET shadow stacks), in {@link #tables()}. */
    public static final String EH_CONTINUATION_TABLE = "GuardEHContinuationTable";
    /** The table of safe exception handlers (/SAFESEH, PE32), in {@link #tables()}: 4-byte RVAs. */
    public static final String SE_HANDLER_TABLE = "SEHandlerTable";

    /** Most bytes of the structure read. */
    static final int MAX_READ = 0x200;

    /**
     * The load configuration of {@code pe}, or empty when data directory 10 is absent.
     *
     * @throws BinaryFormatException when the directory or its {@code Size} field lies outside the file-backed image
     */
    public static Optional<LoadConfig> of(PeFile pe) throws IOException {
        DataDirectory dir = pe.optionalHeader().directory(DataDirectory.LOAD_CONFIG_TABLE);
        if (dir.rva() == 0) {
            return Optional.empty();
        }
        String what = "load configuration directory";
        long at = pe.rvaToOffset(dir.rva(), 4, what + " Size");
        long size = pe.source().u32(at, what + " Size");
        boolean plus = pe.optionalHeader().isPe32Plus();
        long flagsAt = plus ? 0x90 : 0x58;
        int want = (int) Math.min(MAX_READ, Math.max(4, size));
        pe.rvaToOffset(dir.rva(), want, what + " (Size " + size + ")");  // all of it file-backed, or the reason
        ByteBuffer b = pe.source().buffer(at, want, what);
        int w = plus ? 8 : 4;
        long check = field(b, size, plus ? 0x70 : 0x48, w);
        long table = field(b, size, plus ? 0x80 : 0x50, w);
        long count = field(b, size, plus ? 0x88 : 0x54, w);
        long flags = field(b, size, flagsAt, 4);
        long dispatch = field(b, size, plus ? 0x78 : 0x4c, w);
        List<Table> tables = new ArrayList<>();
        table(tables, b, size, SE_HANDLER_TABLE, plus ? 0x60 : 0x40, w);
        table(tables, b, size, IAT_TABLE, plus ? 0xa0 : 0x68, w);
        table(tables, b, size, LONGJUMP_TABLE, plus ? 0xb0 : 0x70, w);
        table(tables, b, size, EH_CONTINUATION_TABLE, plus ? 0x108 : 0xa4, w);
        long chpe = plus ? field(b, size, 0xc8, 8) : 0;
        return Optional.of(new LoadConfig(size, check, table, count, flags, size >= flagsAt + 4, dispatch, tables, chpe));
    }

    /** The bytes each entry of a guard table takes: a 4-byte RVA and the metadata bytes {@code GuardFlags} say. */
    public long guardTableStride() {
        return 4 + ((guardFlags & CF_FUNCTION_TABLE_SIZE_MASK) >>> 28);
    }

    /** The table of {@link #tables()} called {@code field}, if the structure is long enough to have it. */
    public Optional<Table> table(String field) {
        for (Table t : tables) { // a loop, not a stream: the verify path links no lambda or stream (ColdVerifyPathTest)
            if (t.field().equals(field)) {
                return Optional.of(t);
            }
        }
        return Optional.empty();
    }

    private static void table(List<Table> out, ByteBuffer b, long size, String name, int offset, int width) {
        if (size >= offset + 2L * width && b.limit() >= offset + 2 * width) {
            out.add(new Table(name, field(b, size, offset, width), field(b, size, offset + width, width), offset));
        }
    }

    private static long field(ByteBuffer b, long size, long offset, int width) {
        if (size < offset + width || b.limit() < offset + width) {
            return 0;
        }
        return width == 8 ? b.getLong((int) offset) : b.getInt((int) offset) & 0xffffffffL;
    }
}
