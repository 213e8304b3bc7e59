package dev.hipdll.gfx;

import java.util.Set;

/**
 * One AMDGPU processor that a gfx target ID can name: one of the plugin's table ({@link KnownProcessors}), or
 * an {@linkplain #unlisted unlisted} one (a processor newer than the table, e.g. {@code gfx1250}), which the HIP SDK's
 * clang decides on (the SDK's clang is the authority on what it can compile for).
 *
 * @param name         the processor name, e.g. {@code gfx1151} or {@code gfx11-generic}
 * @param elfMach      the {@code EF_AMDGPU_MACH_*} value a code object for this processor carries
 *                     in the low 8 bits of its ELF {@code e_flags}; {@value #UNKNOWN_MACH} for an unlisted processor
 * @param features     the target features this processor supports (may be empty)
 * @param generic      whether this is a generic target ({@code gfxN-generic})
 * @param sinceClang   the first clang major version that accepts it as an offload arch
 */
public record GfxProcessor(String name, int elfMach, Set<TargetFeature> features, boolean generic,
                           int sinceClang) {
    /** The {@link #elfMach} of an unlisted processor: not known to the plugin. */
    public static final int UNKNOWN_MACH = -1;

    /**
     * A processor that is not in the plugin's table: any target feature may be set (the SDK's clang refuses what
     * the processor does not support), generic when its name ends with {@code -generic}.
     *
     * @param name the processor name, e.g. {@code gfx1250}
     * @return the unlisted processor
     */
    public static GfxProcessor unlisted(String name) {
        return new GfxProcessor(name, UNKNOWN_MACH, java.util.EnumSet.allOf(TargetFeature.class),
                name.endsWith("-generic"), 0);
    }

    /** Whether this processor is in the plugin's table ({@link KnownProcessors}). */
    public boolean listed() {
        return elfMach != UNKNOWN_MACH;
    }

    /** Creates a processor entry; {@code features} is copied. */
    public GfxProcessor {
        features = Set.copyOf(features);
    }

    /** Whether a target ID for this processor may set {@code feature}. */
    public boolean supports(TargetFeature feature) {
        return features.contains(feature);
    }
}
