package dev.hipdll.verify;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/**
 * Which DLLs a backend may import and which it must never import.
 *
 * @param allowed   the allow-list (every import, delay-loaded ones too, must match one)
 * @param forbidden the deny-list (no import may match one), checked separately so the report
 *                  says "forbidden" rather than just "not allowed"
 * @param origin    where the allow-list came from, for the report
 */
public record ImportPolicy(List<DllNamePattern> allowed, List<DllNamePattern> forbidden, String origin) {
    /** The CUDA runtime and driver: a HIP backend that imports them is the wrong build. */
    public static final List<String> DEFAULT_FORBIDDEN = List.of("cudart*.dll", "nvcuda.dll", "nvrtc*.dll",
            "cublas*.dll");

    /** Creates a policy; the lists are copied. */
    public ImportPolicy {
        allowed = List.copyOf(allowed);
        forbidden = List.copyOf(forbidden);
    }

    /**
     * The default allow-list for a runtime choice (see the brief: the static MSVC runtime imports
     * only the HIP runtime and KERNEL32; the dynamic one adds {@code VCRUNTIME140*.dll} and the
     * universal CRT's {@code api-ms-win-crt-*} API sets).
     *
     * @param staticRuntime whether the DLL was linked with {@code -fms-runtime-lib=static}
     * @param runtimeMajor  the HIP runtime major version when known: {@code amdhip64_<N>.dll};
     *                      else any {@code amdhip64_*.dll}
     */
    public static ImportPolicy forRuntime(boolean staticRuntime, OptionalInt runtimeMajor) {
        List<String> allowed = new ArrayList<>();
        allowed.add(runtimeMajor.isPresent() ? "amdhip64_" + runtimeMajor.getAsInt() + ".dll" : "amdhip64_*.dll");
        allowed.add("KERNEL32.dll");
        if (!staticRuntime) {
            allowed.add("VCRUNTIME140*.dll");
            allowed.add("api-ms-win-crt-*");
        }
        return new ImportPolicy(patterns(allowed), patterns(DEFAULT_FORBIDDEN),
                (staticRuntime ? "static" : "dynamic") + " MSVC runtime (hip.staticRuntime=" + staticRuntime + ")");
    }

    /**
     * This policy with more allowed DLLs, e.g. those of the SDK libraries the build linked.
     *
     * @param patterns the DLL names or patterns added
     * @param why      what they are, appended to the origin
     * @return the wider policy
     */
    public ImportPolicy withAlsoAllowed(List<String> patterns, String why) {
        List<DllNamePattern> wider = new ArrayList<>(allowed);
        wider.addAll(patterns(patterns));
        return new ImportPolicy(wider, forbidden, origin + " and " + why);
    }

    /** This policy with another allow-list, e.g. from {@code hip.allowedImports}. */
    public ImportPolicy withAllowed(List<String> patterns, String origin) {
        return new ImportPolicy(patterns(patterns), forbidden, origin);
    }

    /** This policy with another deny-list, e.g. from {@code hip.forbiddenImports}. */
    public ImportPolicy withForbidden(List<String> patterns) {
        return new ImportPolicy(allowed, patterns(patterns), origin);
    }

    /** The patterns of {@code names} (a loop, not a stream: the command line's cold start links none). */
    private static List<DllNamePattern> patterns(List<String> names) {
        List<DllNamePattern> out = new ArrayList<>(names.size());
        for (String n : names) {
            out.add(new DllNamePattern(n));
        }
        return List.copyOf(out);
    }
}
