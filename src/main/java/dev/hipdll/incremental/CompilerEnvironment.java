package dev.hipdll.incremental;

import dev.hipdll.digest.Sha256;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The environment part of a stamp: each variable that reaches the compiler <em>and can change what
 * hipcc, clang or lld-link produce</em>, as its name and the SHA-256 of {@code name=value} (a stamp
 * file must not carry secrets from the environment in clear). On a Windows host names are compared
 * case-insensitively ({@code Path} and {@code PATH} are one variable), so they are stored upper-cased.
 *
 * <p>Which variables count is this class's one list, documented in docs/incremental-and-diagnosis.md:
 * the exact names {@link #OUTPUT_VARIABLES}, every name starting with one of {@link #OUTPUT_PREFIXES},
 * every name the user sets through {@code environmentVariables}, and every variable the scrub would remove
 * but kept (the compiler launcher's {@code CCACHE_*}/{@code SCCACHE_*} with {@code hip.compilerLauncher},
 * those {@code keepVariables} exempts; the build passes both as {@code userVariables}); never
 * {@link #NOT_OUTPUT_VARIABLES}. The variables that run code ({@code BASH_ENV}, {@code LD_PRELOAD}, ...) never
 * reach a step unless kept that way.
 * Name matching is case-insensitive (Windows spells them {@code Path}, {@code WindowsSdkDir}, ...).
 * Everything else ({@code MAVEN_OPTS}, {@code SSH_CONNECTION}, {@code TMP}, {@code SystemRoot}, ...)
 * is not stamped, so changing it does not rebuild.
 */
public final class CompilerEnvironment {
    /**
     * Exact names (upper case) the compiler driver, the preprocessor or the linker read: the search
     * path for tools, MSVC's include and library paths, clang's include and library paths, extra
     * {@code cl}/{@code link} options ({@code CL}, {@code _CL_}, {@code LINK}, {@code _LINK_}: clang-cl
     * and lld-link read them), hipcc's device library path, and {@code SOURCE_DATE_EPOCH} (clang uses
     * it for {@code __DATE__}/{@code __TIME__}).
     */
    public static final Set<String> OUTPUT_VARIABLES = Set.of("PATH", "INCLUDE", "EXTERNAL_INCLUDE", "LIB", "LIBPATH",
            "CPATH", "C_INCLUDE_PATH", "CPLUS_INCLUDE_PATH", "LIBRARY_PATH", "CL", "_CL_", "LINK", "_LINK_",
            "DEVICE_LIB_PATH", "SOURCE_DATE_EPOCH");

    /**
     * Name prefixes (upper case): hipcc's and the HIP runtime's ({@code HIP_}, {@code HIPCC_}, {@code HCC_}),
     * ROCm's and HSA's, CUDA's (hipcc on the NVIDIA platform), MSVC's ({@code VC*}: {@code VCToolsVersion},
     * {@code VCINSTALLDIR}, ...), the Windows SDK's ({@code WindowsSdk*}, {@code UCRT*}) and clang's own
     * ({@code CCC_}, {@code CLANG_}).
     */
    public static final List<String> OUTPUT_PREFIXES = List.of("HIP_", "HIPCC_", "HCC_", "ROCM_", "HSA_", "CUDA_",
            "VC", "WINDOWSSDK", "UCRT", "CCC_", "CLANG_");

    /**
     * Never stamped although a prefix matches: {@code HIP_SDK_ROOT} only names where the SDK is; the
     * resolved SDK components (stamped by path, size and hash) decide, not how the root was given.
     */
    public static final Set<String> NOT_OUTPUT_VARIABLES = Set.of("HIP_SDK_ROOT");

    private CompilerEnvironment() {
    }

    /**
     * Whether a variable of this name can change the compiler's or linker's output.
     *
     * @param name          the variable's name, any case
     * @param userVariables names set through {@code environmentVariables} or kept by the scrub (any case); they
     *                      always count
     */
    public static boolean decidesOutput(String name, Collection<String> userVariables) {
        String upper = name.toUpperCase(Locale.ROOT);
        if (userVariables.stream().anyMatch(u -> u.equalsIgnoreCase(name))) {
            return true;
        }
        if (NOT_OUTPUT_VARIABLES.contains(upper)) {
            return false;
        }
        return OUTPUT_VARIABLES.contains(upper) || OUTPUT_PREFIXES.stream().anyMatch(upper::startsWith);
    }

    /**
     * The stamp view of {@code environment}, without variables set through {@code environmentVariables}.
     *
     * @see #fingerprint(Map, boolean, Collection)
     */
    public static SortedMap<String, String> fingerprint(Map<String, String> environment, boolean windowsHost) {
        return fingerprint(environment, windowsHost, Set.of());
    }

    /**
     * The stamp view of {@code environment}: only the variables that {@link #decidesOutput decide the output}.
     *
     * @param environment   the environment exactly as the compiler receives it
     * @param windowsHost   whether names are case-insensitive (then they are stored upper-cased)
     * @param userVariables names set through {@code environmentVariables}
     * @return name to SHA-256 of {@code name=value}, sorted by name
     */
    public static SortedMap<String, String> fingerprint(Map<String, String> environment, boolean windowsHost,
                                                        Collection<String> userVariables) {
        Set<String> user = userVariables.stream().collect(Collectors.toUnmodifiableSet());
        SortedMap<String, String> out = new TreeMap<>();
        environment.forEach((k, v) -> {
            if (decidesOutput(k, user)) {
                String name = windowsHost ? k.toUpperCase(Locale.ROOT) : k;
                out.put(name, Sha256.ofUtf8(name + "=" + v));
            }
        });
        return out;
    }
}
