package dev.hipdll.incremental;

import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The environment part of a stamp: each variable that reaches the compiler, as its name and the
 * SHA-256 of {@code name=value} (a stamp file must not carry secrets from the environment in
 * clear). On a Windows host names are compared case-insensitively ({@code Path} and {@code PATH}
 * are one variable), so they are stored upper-cased.
 *
 * <p>A few variables that a shell or the Maven launcher sets anew for every invocation, and that
 * neither hipcc, clang nor lld-link read, are left out ({@link #LAUNCHER_VARIABLES}); otherwise
 * {@code mvn package -Dx=y} would differ from {@code mvn package} through {@code MAVEN_CMD_LINE_ARGS}.
 */
public final class CompilerEnvironment {
    /**
     * Set per invocation by the shell and Maven's {@code bin/mvn}; the compiler's own working
     * directory is fixed (the project's base directory), so the caller's {@code PWD} is not an input.
     */
    public static final Set<String> LAUNCHER_VARIABLES = Set.of("MAVEN_CMD_LINE_ARGS", "MAVEN_PROJECTBASEDIR",
            "PWD", "OLDPWD", "_", "SHLVL");

    private CompilerEnvironment() {
    }

    /**
     * The stamp view of {@code environment}.
     *
     * @param environment the environment exactly as the compiler receives it
     * @param windowsHost whether names are case-insensitive
     * @return name to hash, sorted by name
     */
    public static SortedMap<String, String> fingerprint(Map<String, String> environment, boolean windowsHost) {
        SortedMap<String, String> out = new TreeMap<>();
        environment.forEach((k, v) -> {
            String name = windowsHost ? k.toUpperCase(Locale.ROOT) : k;
            if (!LAUNCHER_VARIABLES.contains(name)) {
                out.put(name, FileFingerprint.sha256(name + "=" + v));
            }
        });
        return out;
    }
}
