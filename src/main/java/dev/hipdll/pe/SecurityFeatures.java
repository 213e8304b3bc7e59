package dev.hipdll.pe;

import dev.hipdll.bytes.BinaryFormatException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The exploit mitigations a linker decides for an image, as BinSkim and winchecksec read them: the
 * optional header's {@code DllCharacteristics} (PE/COFF specification, section 3.4.1 "DLL Characteristics"),
 * the COFF header's {@code IMAGE_FILE_RELOCS_STRIPPED} and the base relocation directory (ASLR needs
 * relocations), the load configuration's Control Flow Guard fields ({@link LoadConfig}), the extended DLL
 * characteristics of the debug directory ({@code IMAGE_DEBUG_TYPE_EX_DLLCHARACTERISTICS}, type 20, whose
 * first u32 holds {@code IMAGE_DLLCHARACTERISTICS_EX_CET_COMPAT} 0x1: {@code /CETCOMPAT}), and the sections
 * that are both writable and executable.
 *
 * @param dllCharacteristics    {@code DllCharacteristics}
 * @param relocationsStripped   {@code IMAGE_FILE_RELOCS_STRIPPED} (0x1) in the COFF header
 * @param relocations           the base relocation directory (data directory 5)
 * @param loadConfig            the load configuration, if the image has one
 * @param loadConfigProblem     why the load configuration could not be read, or {@code null}
 * @param exDllCharacteristics  the extended DLL characteristics, when the debug directory has such an entry
 * @param debugProblem          why the debug directory could not be read, or {@code null}
 * @param writableExecutable    the names of sections with both {@code IMAGE_SCN_MEM_WRITE} and {@code _EXECUTE}
 * @param unbackedClaims        what the load configuration claims without the structure in the image
 *                              ({@link GuardClaims}), empty when it has none or no load configuration
 */
public record SecurityFeatures(int dllCharacteristics, boolean relocationsStripped, DataDirectory relocations,
                               Optional<LoadConfig> loadConfig, String loadConfigProblem,
                               OptionalLong exDllCharacteristics, String debugProblem, List<String> writableExecutable,
                               List<GuardClaims.Claim> unbackedClaims) {
    public static final int HIGH_ENTROPY_VA = 0x20;
    public static final int DYNAMIC_BASE = 0x40;
    public static final int FORCE_INTEGRITY = 0x80;
    public static final int NX_COMPAT = 0x100;
    public static final int GUARD_CF = 0x4000;
    /** {@code IMAGE_FILE_RELOCS_STRIPPED} in the COFF header's {@code Characteristics}. */
    public static final int RELOCS_STRIPPED = 0x1;
    /** {@code IMAGE_DEBUG_TYPE_EX_DLLCHARACTERISTICS}. */
    public static final long DEBUG_TYPE_EX_DLLCHARACTERISTICS = 20;
    /** {@code IMAGE_DLLCHARACTERISTICS_EX_CET_COMPAT}. */
    public static final long EX_CET_COMPAT = 0x1;

    /** Creates the features; the lists are copied. */
    public SecurityFeatures {
        writableExecutable = List.copyOf(writableExecutable);
        unbackedClaims = List.copyOf(unbackedClaims);
    }

    /** The claims of {@link #unbackedClaims()} that belong to {@code m}. */
    public List<GuardClaims.Claim> unbackedClaims(GuardClaims.Mitigation m) {
        // a loop, not a stream: the verify path links no lambda or stream (ColdVerifyPathTest)
        List<GuardClaims.Claim> of = new java.util.ArrayList<>();
        for (GuardClaims.Claim c : unbackedClaims) {
            if (c.mitigation() == m) {
                of.add(c);
            }
        }
        return List.copyOf(of);
    }

    /**
     * Reads the features of {@code pe}. A malformed load configuration or debug directory does not throw: it is
     * recorded in {@link #loadConfigProblem()} / {@link #debugProblem()}, so the flags that do not need it are
     * still reported.
     *
     * @throws IOException when the file cannot be read
     */
    public static SecurityFeatures of(PeFile pe) throws IOException {
        Optional<LoadConfig> lc = Optional.empty();
        String lcProblem = null;
        try {
            lc = LoadConfig.of(pe);
        } catch (BinaryFormatException e) {
            lcProblem = e.getMessage();
        }
        OptionalLong ex = OptionalLong.empty();
        String debugProblem = null;
        try {
            for (DebugEntry d : pe.debugEntries()) {
                if (d.type() == DEBUG_TYPE_EX_DLLCHARACTERISTICS && d.sizeOfData() >= 4) {
                    String what = "debug directory entry IMAGE_DEBUG_TYPE_EX_DLLCHARACTERISTICS";
                    long off = d.pointerToRawData() != 0 ? d.pointerToRawData()
                            : pe.rvaToOffset(d.addressOfRawData(), 4, what);
                    ex = OptionalLong.of(pe.source().u32(off, what));
                }
            }
        } catch (BinaryFormatException e) {
            debugProblem = e.getMessage();
        }
        List<GuardClaims.Claim> claims = lc.isPresent() ? GuardClaims.unbacked(pe, lc.get()) : List.of();
        List<String> wx = new ArrayList<>();
        for (SectionHeader s : pe.sections()) {
            if (s.writableAndExecutable()) {
                wx.add(s.name());
            }
        }
        return new SecurityFeatures(pe.optionalHeader().dllCharacteristics(),
                (pe.coffHeader().characteristics() & RELOCS_STRIPPED) != 0,
                pe.optionalHeader().directory(DataDirectory.BASE_RELOCATION_TABLE), lc, lcProblem, ex, debugProblem, wx, claims);
    }

    /** Whether {@code flag} (e.g. {@link #DYNAMIC_BASE}) is set in {@link #dllCharacteristics()}. */
    public boolean has(int flag) {
        return (dllCharacteristics & flag) == flag;
    }

    /** Whether the image has base relocations: directory 5 present and not stripped. */
    public boolean hasRelocations() {
        return relocations.present() && !relocationsStripped;
    }

    /** Whether the extended DLL characteristics say {@code CET_COMPAT}. */
    public boolean cetCompatible() {
        return exDllCharacteristics.isPresent() && (exDllCharacteristics.getAsLong() & EX_CET_COMPAT) != 0;
    }
}
