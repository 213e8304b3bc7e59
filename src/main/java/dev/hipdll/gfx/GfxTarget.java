package dev.hipdll.gfx;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A gfx target ID: an AMDGPU processor with optional target feature settings, as in
 * {@code gfx1151}, {@code gfx90a:xnack-} or {@code gfx942:sramecc+:xnack-}.
 *
 * <p>Grammar (LLVM {@code AMDGPUUsage.rst}, "Target ID"):
 * {@code target-id ::= processor ( ":" feature ( "+" | "-" ) )*}, where the processor is one of
 * {@link KnownProcessors} (or an unlisted processor, {@link GfxProcessor#unlisted}) and each feature one the
 * processor supports, at most once. The
 * canonical spelling ({@link #toString()}) lists features in alphabetical order, as clang does.
 *
 * @param processor the processor
 * @param features  the feature settings, absent features meaning "any"
 */
public record GfxTarget(GfxProcessor processor, Map<TargetFeature, FeatureSetting> features) {

    /**
     * The shape of an AMDGPU processor name ({@code AMDGPUUsage.rst}, "Processors"): {@code gfx} and three or four
     * version characters ({@code gfx906}, {@code gfx90a}, {@code gfx1250}), or a generic family
     * ({@code gfx9-4-generic}, {@code gfx12-generic}). A name of this shape that the plugin's table lacks is an
     * {@linkplain GfxProcessor#unlisted unlisted} processor, for the HIP SDK's clang to accept or refuse.
     */
    static final java.util.regex.Pattern PROCESSOR_NAME =
            java.util.regex.Pattern.compile("gfx[0-9][0-9a-f]{2,3}|gfx[0-9]{1,2}(-[0-9]{1,2})?-generic");

    /** What a valid target ID looks like, appended to every rejection. */
    public static final String FORM = "a gfx target ID is a processor with optional features, e.g. gfx1151,"
            + " gfx90a:xnack-, gfx942:sramecc+:xnack- or gfx11-generic";

    /** Creates a target; {@code features} is copied. */
    public GfxTarget {
        EnumMap<TargetFeature, FeatureSetting> copy = new EnumMap<>(TargetFeature.class);
        copy.putAll(features);
        features = Collections.unmodifiableMap(copy);
    }

    /**
     * Parses one target ID.
     *
     * @param text the target ID, e.g. {@code gfx90a:xnack-}; surrounding whitespace is ignored
     * @return the parsed target
     * @throws InvalidTargetException when the text is empty, {@code native}, names a processor that is neither in
     *                                the table nor of a processor name's shape (the message lists the known
     *                                ones), or has a malformed, unsupported, duplicate or contradictory feature;
     *                                a well-formed name the table lacks is an unlisted processor
     *                                ({@link GfxProcessor#unlisted}), for the SDK to decide on
     */
    public static GfxTarget parse(String text) {
        String id = text == null ? "" : text.strip();
        if (id.isEmpty()) {
            throw new InvalidTargetException("empty gfx target ID; " + FORM);
        }
        if (id.equalsIgnoreCase("native")) {
            throw new InvalidTargetException("gfx target 'native' is not allowed: it builds for whatever GPU the"
                    + " build machine has; name the target explicitly: " + FORM);
        }
        String[] parts = id.split(":", -1);
        String name = parts[0];
        Optional<GfxProcessor> known = KnownProcessors.byName(name);
        if (known.isEmpty() && !PROCESSOR_NAME.matcher(name).matches()) {
            throw new InvalidTargetException("unknown processor '" + name + "' in gfx target ID '" + id + "'"
                    + (name.equals(name.toLowerCase(Locale.ROOT)) ? "" : " (processor names are lower case)")
                    + "; " + FORM + "; known processors: " + KnownProcessors.names());
        }
        // no lambda: GfxTarget is on the cold verify path (ColdVerifyPathTest)
        GfxProcessor processor = known.isPresent() ? known.get() : GfxProcessor.unlisted(name);
        Map<TargetFeature, FeatureSetting> features = new EnumMap<>(TargetFeature.class);
        for (int i = 1; i < parts.length; i++) {
            String f = parts[i];
            if (f.length() < 2 || (f.charAt(f.length() - 1) != '+' && f.charAt(f.length() - 1) != '-')) {
                throw new InvalidTargetException("malformed feature '" + f + "' in gfx target ID '" + id
                        + "': expected a feature name followed by + or -, e.g. xnack-");
            }
            TargetFeature feature = TargetFeature.bySpelling(f.substring(0, f.length() - 1));
            if (feature == null) {
                throw new InvalidTargetException("unknown feature '" + f + "' in gfx target ID '" + id
                        + "': expected xnack+/- or sramecc+/-");
            }
            if (!processor.supports(feature)) {
                throw new InvalidTargetException("processor " + name + " does not support feature "
                        + feature.spelling() + " (in gfx target ID '" + id + "')");
            }
            FeatureSetting setting = f.endsWith("+") ? FeatureSetting.ON : FeatureSetting.OFF;
            FeatureSetting previous = features.put(feature, setting);
            if (previous != null) {
                throw new InvalidTargetException((previous == setting ? "duplicate" : "contradictory")
                        + " feature " + feature.spelling() + " in gfx target ID '" + id + "'");
            }
        }
        return new GfxTarget(processor, features);
    }

    /** The setting of {@code feature}, or {@code null} when the target leaves it as "any". */
    public FeatureSetting setting(TargetFeature feature) {
        return features.get(feature);
    }

    /** The canonical target ID, features in alphabetical order: {@code gfx942:sramecc+:xnack-}. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(processor.name());
        for (Map.Entry<TargetFeature, FeatureSetting> e : features.entrySet()) {
            sb.append(':').append(e.getKey().spelling()).append(e.getValue().sign());
        }
        return sb.toString();
    }
}
