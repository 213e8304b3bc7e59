package dev.hipdll.gfx;

/**
 * A target feature that a gfx target ID may set, as defined by LLVM's "AMDGPU Target Features"
 * (llvm/docs/AMDGPUUsage.rst, section "Target Features"): {@code xnack} (XNACK replay) and
 * {@code sramecc} (SRAM ECC).
 */
public enum TargetFeature {
    /** {@code sramecc}: SRAM ECC enabled ({@code +}) or disabled ({@code -}). */
    SRAMECC("sramecc"),
    /** {@code xnack}: XNACK replay enabled ({@code +}) or disabled ({@code -}). */
    XNACK("xnack");

    private final String spelling;

    TargetFeature(String spelling) {
        this.spelling = spelling;
    }

    /** The feature's name as written in a target ID, e.g. {@code xnack}. */
    public String spelling() {
        return spelling;
    }

    /** The feature whose spelling is {@code name}, or {@code null} when there is none. */
    public static TargetFeature bySpelling(String name) {
        for (TargetFeature f : values()) {
            if (f.spelling.equals(name)) {
                return f;
            }
        }
        return null;
    }
}
