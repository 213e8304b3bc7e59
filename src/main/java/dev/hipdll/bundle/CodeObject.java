package dev.hipdll.bundle;

/**
 * What the ELF header of an AMDGPU code object says about its target (LLVM
 * {@code AMDGPUUsage.rst}, "ELF Header" and "AMDGPU ELF Header e_flags").
 *
 * @param elfMachine {@code e_machine}; {@link #EM_AMDGPU} for AMDGPU code objects
 * @param abiVersion {@code e_ident[EI_ABIVERSION]}: 1 = code object v3, 2 = v4, 3 = v5, 4 = v6
 * @param eFlags     {@code e_flags}
 */
public record CodeObject(int elfMachine, int abiVersion, long eFlags) {
    /** {@code EM_AMDGPU}. */
    public static final int EM_AMDGPU = 224;
    /** {@code EF_AMDGPU_MACH}: mask of the processor value. */
    public static final int EF_AMDGPU_MACH = 0x0ff;

    /** The {@code EF_AMDGPU_MACH_*} processor value. */
    public int mach() {
        return (int) (eFlags & EF_AMDGPU_MACH);
    }

    /** The xnack setting as a target ID spells it: {@code "+"}, {@code "-"} or {@code ""} (any/unsupported). */
    public String xnack() {
        if (abiVersion <= 1) { // v3: EF_AMDGPU_FEATURE_XNACK_V3 = 0x100 means on
            return (eFlags & 0x100) != 0 ? "+" : "";
        }
        return switch ((int) (eFlags & 0x300)) { // EF_AMDGPU_FEATURE_XNACK_V4
            case 0x200 -> "-";
            case 0x300 -> "+";
            default -> "";
        };
    }

    /** The sramecc setting as a target ID spells it: {@code "+"}, {@code "-"} or {@code ""}. */
    public String sramecc() {
        if (abiVersion <= 1) { // v3: EF_AMDGPU_FEATURE_SRAMECC_V3 = 0x200 means on
            return (eFlags & 0x200) != 0 ? "+" : "";
        }
        return switch ((int) (eFlags & 0xc00)) { // EF_AMDGPU_FEATURE_SRAMECC_V4
            case 0x800 -> "-";
            case 0xc00 -> "+";
            default -> "";
        };
    }
}
