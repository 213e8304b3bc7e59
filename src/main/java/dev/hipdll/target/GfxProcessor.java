package dev.hipdll.target;

import java.util.Set;

/**
 * One AMDGPU processor that a gfx target ID can name.
 *
 * @param name         the processor name, e.g. {@code gfx1151} or {@code gfx11-generic}
 * @param elfMach      the {@code EF_AMDGPU_MACH_*} value a code object for this processor carries
 *                     in the low 8 bits of its ELF {@code e_flags}
 * @param features     the target features this processor supports (may be empty)
 * @param generic      whether this is a generic target ({@code gfxN-generic})
 * @param sinceClang   the first clang major version that accepts it as an offload arch
 */
public record GfxProcessor(String name, int elfMach, Set<TargetFeature> features, boolean generic,
                           int sinceClang) {

    /** Creates a processor entry; {@code features} is copied. */
    public GfxProcessor {
        features = Set.copyOf(features);
    }

    /** Whether a target ID for this processor may set {@code feature}. */
    public boolean supports(TargetFeature feature) {
        return features.contains(feature);
    }
}
