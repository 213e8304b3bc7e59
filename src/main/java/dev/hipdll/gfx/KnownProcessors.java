package dev.hipdll.gfx;

import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The table of AMDGPU processors a HIP build can target, with the {@code EF_AMDGPU_MACH_*} value
 * of each and the target features it supports.
 *
 * <p>Sources: LLVM's {@code llvm/docs/AMDGPUUsage.rst} ("Processors" table and "Target
 * Features"), {@code llvm/include/llvm/BinaryFormat/ELF.h} (the {@code EF_AMDGPU_MACH_AMDGCN_*}
 * constants) and {@code clang/lib/Basic/Cuda.cpp} (which processors clang accepts as an offload
 * arch). The {@code sinceClang} column says from which clang release a processor is accepted; the
 * test {@code KnownProcessorsToolchainTest} compiles for every entry with clang-19 and checks
 * the code object's {@code e_flags} against this table.
 *
 * <p>This is the one place the list of processors lives; {@link GfxTarget#parse} and the device
 * code check read it.
 */
public final class KnownProcessors {
    private static final Set<TargetFeature> NONE = EnumSet.noneOf(TargetFeature.class);
    private static final Set<TargetFeature> XNACK = EnumSet.of(TargetFeature.XNACK);
    private static final Set<TargetFeature> BOTH = EnumSet.of(TargetFeature.XNACK, TargetFeature.SRAMECC);

    private static final Map<String, GfxProcessor> TABLE;

    static {
        Map<String, GfxProcessor> t = new LinkedHashMap<>();
        // GCN GFX7 (Sea Islands)
        add(t, "gfx700", 0x022, NONE, 5);
        add(t, "gfx701", 0x023, NONE, 5);
        add(t, "gfx702", 0x024, NONE, 5);
        add(t, "gfx703", 0x025, NONE, 5);
        add(t, "gfx704", 0x026, NONE, 5);
        add(t, "gfx705", 0x03b, NONE, 12);
        // GCN GFX8 (Volcanic Islands)
        add(t, "gfx801", 0x028, XNACK, 5);
        add(t, "gfx802", 0x029, NONE, 5);
        add(t, "gfx803", 0x02a, NONE, 5);
        add(t, "gfx805", 0x03c, NONE, 12);
        add(t, "gfx810", 0x02b, XNACK, 5);
        // GCN GFX9 (Vega) and CDNA
        add(t, "gfx900", 0x02c, XNACK, 5);
        add(t, "gfx902", 0x02d, XNACK, 5);
        add(t, "gfx904", 0x02e, XNACK, 5);
        add(t, "gfx906", 0x02f, BOTH, 5);
        add(t, "gfx908", 0x030, BOTH, 7);
        add(t, "gfx909", 0x031, XNACK, 7);
        add(t, "gfx90a", 0x03f, BOTH, 13);
        add(t, "gfx90c", 0x032, XNACK, 10);
        add(t, "gfx940", 0x040, BOTH, 15);
        add(t, "gfx941", 0x04b, BOTH, 16);
        add(t, "gfx942", 0x04c, BOTH, 16);
        add(t, "gfx950", 0x04f, BOTH, 20);
        // RDNA 1
        add(t, "gfx1010", 0x033, XNACK, 8);
        add(t, "gfx1011", 0x034, XNACK, 9);
        add(t, "gfx1012", 0x035, XNACK, 9);
        add(t, "gfx1013", 0x042, XNACK, 13);
        // RDNA 2
        add(t, "gfx1030", 0x036, NONE, 11);
        add(t, "gfx1031", 0x037, NONE, 11);
        add(t, "gfx1032", 0x038, NONE, 12);
        add(t, "gfx1033", 0x039, NONE, 12);
        add(t, "gfx1034", 0x03e, NONE, 12);
        add(t, "gfx1035", 0x03d, NONE, 13);
        add(t, "gfx1036", 0x045, NONE, 14);
        // RDNA 3 and 3.5
        add(t, "gfx1100", 0x041, NONE, 15);
        add(t, "gfx1101", 0x046, NONE, 15);
        add(t, "gfx1102", 0x047, NONE, 15);
        add(t, "gfx1103", 0x044, NONE, 15);
        add(t, "gfx1150", 0x043, NONE, 16);
        add(t, "gfx1151", 0x04a, NONE, 16);
        add(t, "gfx1152", 0x055, NONE, 19);
        add(t, "gfx1153", 0x058, NONE, 20);
        // RDNA 4
        add(t, "gfx1200", 0x048, NONE, 18);
        add(t, "gfx1201", 0x04e, NONE, 18);
        // Generic targets (AMDGPUUsage "Generic Processor Versioning")
        addGeneric(t, "gfx9-generic", 0x051, XNACK, 19);
        addGeneric(t, "gfx9-4-generic", 0x05f, BOTH, 20);
        addGeneric(t, "gfx10-1-generic", 0x052, XNACK, 19);
        addGeneric(t, "gfx10-3-generic", 0x053, NONE, 19);
        addGeneric(t, "gfx11-generic", 0x054, NONE, 19);
        addGeneric(t, "gfx12-generic", 0x059, NONE, 19);
        TABLE = Collections.unmodifiableMap(t);
    }

    private KnownProcessors() {
    }

    private static void add(Map<String, GfxProcessor> t, String name, int mach, Set<TargetFeature> f, int since) {
        t.put(name, new GfxProcessor(name, mach, f, false, since));
    }

    private static void addGeneric(Map<String, GfxProcessor> t, String name, int mach, Set<TargetFeature> f, int since) {
        t.put(name, new GfxProcessor(name, mach, f, true, since));
    }

    /** The processor called {@code name} (exact, lower case), if known. */
    public static Optional<GfxProcessor> byName(String name) {
        return Optional.ofNullable(TABLE.get(name));
    }

    /** The processor whose {@code EF_AMDGPU_MACH_*} value is {@code mach}, if known. */
    public static Optional<GfxProcessor> byElfMach(int mach) {
        for (GfxProcessor p : TABLE.values()) {
            if (p.elfMach() == mach) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    /** Every known processor, in table order. */
    public static Iterable<GfxProcessor> all() {
        return TABLE.values();
    }

    /** The known processor names, comma-separated, for error messages. */
    public static String names() {
        return String.join(", ", TABLE.keySet());
    }
}
