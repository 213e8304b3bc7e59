package dev.hipdll.environment;

import dev.hipdll.host.EnvironmentException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the environment scrub removes, keeps and sets: the built-in list of stray ROCm/HIP/CUDA
 * variables ({@link #DEFAULT_SCRUB}) plus the user's {@code scrubVariables}, minus the user's
 * {@code keepVariables}; then the user's {@code environmentVariables} are set last.
 * {@link #ALWAYS_KEPT} ({@code SystemRoot}, {@code TMP}, {@code TEMP}: a compiler run without them
 * fails on Windows) can be neither scrubbed nor replaced.
 *
 *
 * <p>The compiler launcher's own variables ({@link #LAUNCHER_VARIABLES}: {@code CCACHE_*}, {@code SCCACHE_*})
 * are removed too, unless a launcher is configured ({@code hip.compilerLauncher}, {@link #withLauncher}):
 * then they are kept, each listed in the log with the launcher's name, and each is in every step's key.
 * Those that run code ({@link CodeRunningVariables}: {@code CCACHE_PREFIX}, {@code CCACHE_CONFIGPATH},
 * {@code SCCACHE_CONF}, ...), like the shells', interpreters' and loaders', are removed whatever the
 * launcher; {@code keepVariables} keeps one only by its exact name.
 *
 * @param scrub    the patterns removed: {@link #DEFAULT_SCRUB} followed by the user's additions
 * @param keep     the user's patterns exempted from the scrub
 * @param set      the user's variables set last, in order
 * @param launcher the configured compiler launcher as given ({@code ccache}, {@code /usr/bin/sccache}), or
 *                 {@code null}: whether {@link #LAUNCHER_VARIABLES} pass
 */
public record ScrubPolicy(List<VariablePattern> scrub, List<VariablePattern> keep, Map<String, String> set,
                          String launcher) {

    /**
     * Every variable through which hipcc or clang could pick up another ROCm/HIP or CUDA install,
     * another device library directory or another target, and every variable through which clang,
     * lld-link or link.exe change a compile or a link: the list of {@link CompilerVariables}, with the
     * source of each in {@value CompilerVariables#RESOURCE}.
     */
    public static final List<String> DEFAULT_SCRUB = CompilerVariables.load().names();

    /**
     * The variables of the compiler launchers ccache ({@code CCACHE_DIR}, {@code CCACHE_REMOTE_STORAGE}, ...;
     * ccache's manual, "Configuration") and sccache ({@code SCCACHE_DIR}, {@code SCCACHE_BUCKET}, ...): they
     * reach the compiler only through a configured launcher, so without one they are removed.
     */
    public static final List<String> LAUNCHER_VARIABLES = List.of("CCACHE_*", "SCCACHE_*");

    /** Variables that are always passed on unchanged. */
    public static final List<String> ALWAYS_KEPT = List.of("SystemRoot", "TMP", "TEMP");

    /** Creates a policy; lists and map are copied (the map keeps its order). */
    public ScrubPolicy {
        scrub = List.copyOf(scrub);
        keep = List.copyOf(keep);
        set = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(set));
        launcher = launcher == null || launcher.isBlank() ? null : launcher.strip();
    }

    /** A policy without a compiler launcher (its variables are removed). */
    public ScrubPolicy(List<VariablePattern> scrub, List<VariablePattern> keep, Map<String, String> set) {
        this(scrub, keep, set, null);
    }

    /**
     * This policy with a compiler launcher configured, so that {@link #LAUNCHER_VARIABLES} pass.
     *
     * @param launcher {@code hip.compilerLauncher} as given; {@code null} or blank: none
     */
    public ScrubPolicy withLauncher(String launcher) {
        return new ScrubPolicy(scrub, keep, set, launcher);
    }

    /** Whether {@code name} is one of the {@link #LAUNCHER_VARIABLES}. */
    public static boolean isLauncherVariable(String name, boolean ignoreCase) {
        return LAUNCHER_VARIABLES.stream().anyMatch(p -> new VariablePattern(p).matches(name, ignoreCase));
    }

    /**
     * The default scrub plus the user's parameters.
     *
     * @param scrubVariables       extra names or {@code *} patterns to remove ({@code scrubVariables})
     * @param keepVariables        names or patterns never removed ({@code keepVariables})
     * @param environmentVariables variables set last ({@code environmentVariables})
     * @throws EnvironmentException when a name is not a valid name or pattern, when
     *                              {@code scrubVariables} or {@code environmentVariables} name one
     *                              of {@link #ALWAYS_KEPT}, or when a value of
     *                              {@code environmentVariables} is padded with whitespace
     */
    public static ScrubPolicy of(List<String> scrubVariables, List<String> keepVariables,
                                 Map<String, String> environmentVariables) throws EnvironmentException {
        List<VariablePattern> scrub = new ArrayList<>();
        for (String s : DEFAULT_SCRUB) {
            scrub.add(new VariablePattern(s));
        }
        for (String s : nonNull(scrubVariables)) {
            VariablePattern p = pattern("scrubVariables", s);
            for (String kept : ALWAYS_KEPT) {
                if (p.matches(kept, true)) {
                    throw new EnvironmentException("scrubVariables entry '" + s + "' would remove " + kept
                            + ", which a compiler run needs; " + ALWAYS_KEPT + " are always kept");
                }
            }
            scrub.add(p);
        }
        List<VariablePattern> keep = new ArrayList<>();
        for (String s : nonNull(keepVariables)) {
            keep.add(pattern("keepVariables", s));
        }
        Map<String, String> set = new LinkedHashMap<>();
        if (environmentVariables != null) {
            for (Map.Entry<String, String> e : environmentVariables.entrySet()) {
                String name = e.getKey() == null ? "" : e.getKey().strip();
                if (name.isEmpty() || name.contains("*") || name.contains("=")) {
                    throw new EnvironmentException("environmentVariables: '" + e.getKey() + "' is not a variable name");
                }
                for (String kept : ALWAYS_KEPT) {
                    if (kept.equalsIgnoreCase(name)) {
                        throw new EnvironmentException("environmentVariables must not set " + kept
                                + ": it is always passed on as inherited");
                    }
                }
                String value = e.getValue() == null ? "" : e.getValue();
                if (!value.equals(value.strip())) {
                    throw new EnvironmentException("environmentVariables: the value of " + name
                            + " has leading or trailing whitespace; remove it (the child would see it verbatim)");
                }
                set.put(name, value);
            }
        }
        return new ScrubPolicy(scrub, keep, set);
    }

    /** The default policy: the built-in scrub list, nothing kept, nothing set. */
    public static ScrubPolicy defaults() {
        try {
            return of(List.of(), List.of(), Map.of());
        } catch (EnvironmentException e) {
            throw new IllegalStateException(e);
        }
    }

    private static VariablePattern pattern(String parameter, String text) throws EnvironmentException {
        try {
            return new VariablePattern(text == null ? "" : text.strip());
        } catch (IllegalArgumentException e) {
            throw new EnvironmentException(parameter + ": " + e.getMessage());
        }
    }

    private static List<String> nonNull(List<String> l) {
        return l == null ? List.of() : l;
    }
}
