package dev.hipdll.pe;

import dev.hipdll.bytes.BinaryFormatException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Optional;

/**
 * The Control Flow Guard fields of the load configuration directory (PE/COFF specification, section 6.5
 * "The .rdata Section", "Load Configuration Layout"; data directory 10), as llvm-readobj-19
 * {@code --coff-load-config} prints them. A field lies past the structure's own {@code Size} (an older
 * layout) reads as 0, as llvm-readobj leaves it out.
 *
 * <p>Offsets (PE32+ / PE32): {@code GuardCFCheckFunctionPointer} 0x70 / 0x48, {@code GuardCFFunctionTable}
 * 0x80 / 0x50, {@code GuardCFFunctionCount} 0x88 / 0x54, {@code GuardFlags} 0x90 / 0x58 (u32).
 *
 * @param size                  the structure's {@code Size} field, in bytes
 * @param guardCfCheckFunction  {@code GuardCFCheckFunctionPointer} (a VA), 0 when absent
 * @param guardCfFunctionTable  {@code GuardCFFunctionTable} (a VA), 0 when absent
 * @param guardCfFunctionCount  {@code GuardCFFunctionCount}
 * @param guardFlags            {@code GuardFlags}, e.g. {@link #CF_INSTRUMENTED}
 * @param hasGuardFlags         whether {@code Size} reaches past {@code GuardFlags}
 */
public record LoadConfig(long size, long guardCfCheckFunction, long guardCfFunctionTable, long guardCfFunctionCount,
                         long guardFlags, boolean hasGuardFlags) {
    /** {@code IMAGE_GUARD_CF_INSTRUMENTED}: the module performs control flow integrity checks. */
    public static final long CF_INSTRUMENTED = 0x100;
    /** {@code IMAGE_GUARD_CF_FUNCTION_TABLE_PRESENT}: the module has a valid control flow target table. */
    public static final long CF_FUNCTION_TABLE_PRESENT = 0x400;

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
        return Optional.of(new LoadConfig(size, check, table, count, flags, size >= flagsAt + 4));
    }

    private static long field(ByteBuffer b, long size, long offset, int width) {
        if (size < offset + width || b.limit() < offset + width) {
            return 0;
        }
        return width == 8 ? b.getLong((int) offset) : b.getInt((int) offset) & 0xffffffffL;
    }
}
