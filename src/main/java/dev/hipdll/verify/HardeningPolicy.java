package dev.hipdll.verify;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Which hardening checks ({@code hardening.<name>}) fail the DLL when their mitigation is missing; the others warn
 * ({@code hip.hardening.required}). A check is switched off altogether with {@code hip.checks.skip}.
 *
 * @param required the names (without {@code hardening.}) whose absence fails
 */
public record HardeningPolicy(Set<String> required) {
    /** Every hardening check's name, in report order. */
    public static final List<String> NAMES = List.of("dynamic-base", "high-entropy-va", "nx-compat", "guard-cf",
            "cet-compat", "wx-sections", "force-integrity");
    /**
     * Required by default: what lld-link and link.exe set unless told not to (ASLR with high entropy, DEP) and no
     * writable code; Control Flow Guard, CET shadow-stack compatibility and FORCE_INTEGRITY only warn.
     */
    public static final List<String> DEFAULT_REQUIRED = List.of("dynamic-base", "high-entropy-va", "nx-compat",
            "wx-sections");

    /** Creates a policy; the set is copied. @throws IllegalArgumentException for a name not in {@link #NAMES} */
    public HardeningPolicy {
        for (String n : required) {
            if (!NAMES.contains(n)) {
                throw new IllegalArgumentException("unknown hardening check '" + n + "'; known: " + String.join(", ", NAMES));
            }
        }
        required = Set.copyOf(required);
    }

    /** The default policy ({@link #DEFAULT_REQUIRED}). */
    public static HardeningPolicy defaults() {
        return new HardeningPolicy(Set.copyOf(DEFAULT_REQUIRED));
    }

    /**
     * The policy of a {@code hip.hardening.required} list: names, with or without the {@code hardening.} prefix,
     * case-insensitive; {@code none} alone: nothing required (every check warns).
     *
     * @throws IllegalArgumentException naming an unknown entry
     */
    public static HardeningPolicy parse(List<String> names) {
        Set<String> out = new LinkedHashSet<>();
        List<String> given = new ArrayList<>();
        for (String s : names) {
            if (s != null && !s.isBlank()) {
                given.add(s.strip().toLowerCase(Locale.ROOT));
            }
        }
        if (given.equals(List.of("none"))) {
            return new HardeningPolicy(Set.of());
        }
        for (String n : given) {
            out.add(n.startsWith("hardening.") ? n.substring("hardening.".length()) : n);
        }
        return new HardeningPolicy(out);
    }

    /** Whether {@code name}'s absence fails. */
    public boolean requires(String name) {
        return required.contains(name);
    }
}
