package dev.hipdll.contract;

import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The first pass of {@link LoaderScan}: which macros of a loader source can reach {@code RESOLVE} or
 * {@code RESOLVE_OPT} when expanded, read from every {@code #define} in a processed group whatever its order
 * (C11 6.10.3.4: a macro's replacement list is rescanned when it is used, so a macro defined before the
 * wrapper it names still reaches {@code RESOLVE} through it) and whatever {@code #undef} says (a
 * redefinition in another {@code #ifdef} branch counts too). A macro reaches a name when one of its
 * definitions mentions, outside its own parameters, that name or a macro that reaches it; a definition
 * too long to keep is taken to reach it. This is an over-approximation: the scan's second pass refuses to
 * guess at the uses of such macros it does not expand exactly.
 *
 * <p>Token pasting (C11 6.10.3.3) can glue a macro name together ({@code CAT(RES, OLVE)(x, t)}): the
 * leftmost piece of such a paste is a proper prefix of the name, spelled somewhere in a processed group.
 * When the file pastes at all, every identifier spelled there that is a proper prefix of a reaching macro
 * (and not one itself) is a {@linkplain Found#fragments() fragment}.
 */
final class ResolvingMacros {
    /** The most distinct identifiers remembered for the pasting check. */
    static final int MAX_IDENTIFIERS = 1 << 18;

    /** Per macro name, per processed definition: the identifiers of its replacement list (null: unknown). */
    private final Map<String, List<Set<String>>> bodies = new LinkedHashMap<>();
    /** Each identifier spelled in a processed group (code or replacement list), with its first offset. */
    private final Map<String, Integer> identifiers = new HashMap<>();
    /** The names with an object-like processed definition. */
    private final Set<String> objectLike = new HashSet<>();
    private boolean pasting;
    private boolean tooMany;
    private int pastingAt = -1;

    /** An identifier in a processed group outside directives, at physical offset {@code offset}. */
    void identifier(String name, int offset) {
        if (identifiers.size() < MAX_IDENTIFIERS) {
            identifiers.putIfAbsent(name, offset);
        } else if (!identifiers.containsKey(name)) {
            tooMany = true;
        }
    }

    /** A {@code #define} in a processed group; {@code at} is the offset of its {@code define}. */
    void definition(MacroDefinition m, int at) {
        if (!m.functionLike()) {
            objectLike.add(m.name());
        }
        Set<String> ids = null;
        if (m.replacement() != null) {
            ids = new HashSet<>();
            Set<String> params = m.parameters() == null ? Set.of() : new HashSet<>(m.parameters());
            for (PpToken t : m.replacement()) {
                if (t.is("##")) {
                    pasting = true;
                    pastingAt = pastingAt < 0 ? t.start() : pastingAt;
                } else if (t.kind() == PpToken.Kind.IDENTIFIER && !params.contains(t.text())) {
                    ids.add(t.text());
                    identifier(t.text(), t.start());
                }
            }
        }
        bodies.computeIfAbsent(m.name(), k -> new java.util.ArrayList<>()).add(ids);
    }

    /** The answer, once every definition was seen. */
    Found found() {
        Set<String> reaching = closure(Set.of(LoaderScan.RESOLVE, LoaderScan.RESOLVE_OPT));
        Set<String> required = closure(Set.of(LoaderScan.RESOLVE));
        Map<String, Integer> fragments = new LinkedHashMap<>();
        if (pasting) {
            if (tooMany) {
                fragments.put("(more than " + MAX_IDENTIFIERS + " distinct identifiers)", pastingAt);
            }
            identifiers.entrySet().stream().sorted(Map.Entry.comparingByValue())
                    .filter(e -> !reaching.contains(e.getKey()))
                    .filter(e -> reaching.stream().anyMatch(r -> r.startsWith(e.getKey())))
                    .forEach(e -> fragments.put(e.getKey(), e.getValue()));
        }
        Map<String, Integer> counts = new HashMap<>();
        bodies.forEach((name, ds) -> counts.put(name, ds.size()));
        return new Found(Set.copyOf(reaching), Map.copyOf(counts),
                required.contains(LoaderScan.RESOLVE_OPT), fragments, Set.copyOf(objectLike));
    }

    private Set<String> closure(Set<String> start) {
        Set<String> reach = new HashSet<>(start);
        boolean changed = true;
        while (changed) {
            changed = false;
            for (Map.Entry<String, List<Set<String>>> e : bodies.entrySet()) {
                if (reach.contains(e.getKey())) {
                    continue;
                }
                for (Set<String> ids : e.getValue()) {
                    if (ids == null || ids.stream().anyMatch(reach::contains)) {
                        reach.add(e.getKey());
                        changed = true;
                        break;
                    }
                }
            }
        }
        return reach;
    }

    /**
     * What the first pass found.
     *
     * @param reaching         {@code RESOLVE}, {@code RESOLVE_OPT} and every macro that reaches one of them
     * @param counts           how many processed definitions each macro has
     * @param optionalRequired whether {@code RESOLVE_OPT} reaches {@code RESOLVE} (then its uses are required)
     * @param fragments        identifiers that token pasting may glue into a reaching macro's name, with the
     *                         offset of their first spelling
     * @param objectLike       the names with an object-like definition: as an argument that a macro passes on
     *                         before it is stringized, such a name is replaced by its definition
     */
    record Found(Set<String> reaching, Map<String, Integer> counts, boolean optionalRequired,
                 Map<String, Integer> fragments, Set<String> objectLike) {
        /** Whether {@code name} is a reaching macro. */
        boolean reaches(String name) {
            return reaching.contains(name);
        }

        /** How many processed definitions {@code name} has. */
        int definitions(String name) {
            return counts.getOrDefault(name, 0);
        }

        /** A reaching macro's name that starts with {@code fragment}. */
        String completing(String fragment) {
            return reaching.stream().filter(r -> r.startsWith(fragment)).sorted().findFirst().orElse(LoaderScan.RESOLVE);
        }
    }
}
