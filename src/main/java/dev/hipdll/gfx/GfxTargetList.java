package dev.hipdll.gfx;

import dev.hipdll.parameter.ParameterHints;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A non-empty, duplicate-free list of gfx target IDs, in the order the user gave them (the value
 * of {@code -Dhip.arch}).
 *
 * @param targets the targets, at least one
 */
public record GfxTargetList(List<GfxTarget> targets) {

    /** Creates a list; {@code targets} is copied and must not be empty. */
    public GfxTargetList {
        targets = List.copyOf(targets);
        if (targets.isEmpty()) {
            throw new InvalidTargetException("no gfx target given: name at least one in hip.arch, e.g. gfx1151");
        }
    }

    /**
     * Parses a comma-separated list such as {@code gfx1151,gfx1100}.
     *
     * @param csv the list; whitespace around entries is ignored
     * @return the targets
     * @throws InvalidTargetException when the list is missing or empty, has an empty entry
     *                                ({@code gfx1151,,gfx1100} or a trailing comma), an invalid
     *                                target ID, a duplicate, or two IDs for one processor that
     *                                set different features (clang's "invalid offload arch
     *                                combinations", e.g. {@code gfx90a} with {@code gfx90a:xnack+})
     */
    public static GfxTargetList parse(String csv) {
        return parse(csv, ParameterHints.MAVEN);
    }

    /**
     * As {@link #parse(String)}, a missing list named in the front end's words ({@code hints}).
     *
     * @param csv   the list
     * @param hints how the front end tells its user to set {@code hip.arch}
     */
    public static GfxTargetList parse(String csv, ParameterHints hints) {
        if (csv == null || csv.isBlank()) {
            throw new InvalidTargetException("no gfx target given: set hip.arch (" + hints.set("hip.arch", "gfx1151")
                    + "); hipcc would"
                    + " otherwise build for a default target that is not yours");
        }
        String[] entries = csv.split(",", -1);
        List<GfxTarget> targets = new ArrayList<>();
        for (int i = 0; i < entries.length; i++) {
            if (entries[i].isBlank()) {
                throw new InvalidTargetException("empty entry #" + (i + 1) + " in gfx target list '" + csv
                        + "': an empty --offload-arch= would be passed to hipcc; " + GfxTarget.FORM);
            }
            GfxTarget t = GfxTarget.parse(entries[i]);
            for (GfxTarget seen : targets) {
                if (seen.equals(t)) {
                    throw new InvalidTargetException("duplicate gfx target " + t + " in '" + csv + "'");
                }
                if (seen.processor().equals(t.processor()) && !seen.features().keySet().equals(t.features().keySet())) {
                    // clang: "invalid offload arch combinations" (one leaves a feature "any" that the other sets)
                    throw new InvalidTargetException("conflicting gfx targets " + seen + " and " + t + " in '" + csv
                            + "': for one processor, every target ID must set the same features");
                }
            }
            targets.add(t);
        }
        return new GfxTargetList(targets);
    }

    /** The canonical comma-separated form, e.g. {@code gfx1151,gfx1100}. */
    @Override
    public String toString() {
        return targets.stream().map(GfxTarget::toString).collect(Collectors.joining(","));
    }
}
