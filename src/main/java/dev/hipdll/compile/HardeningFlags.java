package dev.hipdll.compile;

import java.util.ArrayList;
import java.util.List;

/**
 * The exploit mitigations the build asks the compiler and linker for (hipdll:build's {@code hip.guardCf},
 * {@code hip.dynamicBase}, {@code hip.highEntropyVa}, {@code hip.nxCompat}, {@code hip.cetCompat},
 * {@code hip.forceIntegrity}), as the HIP SDK's clang and lld-link (and link.exe) spell them; what
 * {@code hipdll:verify}'s {@code hardening.*} checks read back from the DLL.
 *
 * <ul>
 *   <li>Control Flow Guard: host compiles get {@code -Xclang -cfguard} (clang-cl's {@code /guard:cf}: the guard
 *       checks on indirect calls and the table of address-taken functions; device compiles are AMDGPU code and get
 *       nothing), the link {@code -Wl,/guard:cf}; off: {@code -Wl,/guard:no};</li>
 *   <li>{@code -Wl,/DYNAMICBASE}, {@code /HIGHENTROPYVA}, {@code /NXCOMPAT}, {@code /CETCOMPAT}, each with
 *       {@code :NO} when off (so the linker's own default never decides);</li>
 *   <li>{@code -Wl,/INTEGRITYCHECK} (FORCE_INTEGRITY) when on; nothing when off. An image with it loads only when
 *       its Authenticode signature verifies: for DLLs that are signed before they ship.</li>
 * </ul>
 * clang forwards each {@code -Wl,} value to the MSVC-style linker unchanged.
 *
 * @param guardCf        Control Flow Guard
 * @param dynamicBase    ASLR ({@code DYNAMIC_BASE})
 * @param highEntropyVa  64-bit ASLR ({@code HIGH_ENTROPY_VA})
 * @param nxCompat       DEP ({@code NX_COMPAT})
 * @param cetCompat      CET shadow-stack compatibility ({@code CETCOMPAT})
 * @param forceIntegrity the loader checks the signature ({@code FORCE_INTEGRITY})
 */
public record HardeningFlags(boolean guardCf, boolean dynamicBase, boolean highEntropyVa, boolean nxCompat,
                             boolean cetCompat, boolean forceIntegrity) {
    /** hipdll:build's defaults: every mitigation on but FORCE_INTEGRITY (the DLL is not signed when it is linked). */
    public static final HardeningFlags DEFAULTS = new HardeningFlags(true, true, true, true, true, false);

    /** The arguments every host compile gets (not the device compiles). */
    public List<String> hostCompileArguments() {
        return guardCf ? List.of("-Xclang", "-cfguard") : List.of();
    }

    /** The arguments of the link. */
    public List<String> linkArguments() {
        List<String> a = new ArrayList<>();
        a.add(guardCf ? "-Wl,/guard:cf" : "-Wl,/guard:no");
        a.add(dynamicBase ? "-Wl,/DYNAMICBASE" : "-Wl,/DYNAMICBASE:NO");
        a.add(highEntropyVa ? "-Wl,/HIGHENTROPYVA" : "-Wl,/HIGHENTROPYVA:NO");
        a.add(nxCompat ? "-Wl,/NXCOMPAT" : "-Wl,/NXCOMPAT:NO");
        a.add(cetCompat ? "-Wl,/CETCOMPAT" : "-Wl,/CETCOMPAT:NO");
        if (forceIntegrity) {
            a.add("-Wl,/INTEGRITYCHECK");
        }
        return List.copyOf(a);
    }
}
