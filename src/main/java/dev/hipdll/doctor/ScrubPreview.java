package dev.hipdll.doctor;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * What the build's environment scrub would take out of this host's environment, for
 * hipdll:doctor: the HIP/ROCm/CUDA variables that silently redirect hipcc or clang to another SDK
 * (clang's and hipcc's documented variables: {@code HIP_PATH}, {@code ROCM_PATH},
 * {@code HIP_DEVICE_LIB_PATH}, {@code HIP_CLANG_PATH}, {@code HIP_PLATFORM}, {@code CUDA_PATH},
 * {@code HIPCC_*_APPEND}, ...), and the PATH entries that hold another toolchain's compiler
 * ({@code hipcc}, {@code nvcc}) or HIP runtime outside the SDK root. Also every variable whose
 * value has leading or trailing whitespace (cmd's {@code set X=v && ...} keeps the space).
 * (A preview with its own list; the build's scrub lives in {@code dev.hipdll.environment}.)
 */
public final class ScrubPreview {
    /** Variables the scrub removes (regular expressions over the name, case-insensitive). */
    public static final List<String> VARIABLES = List.of("HIP_PATH", "HIP_PATH_\\d+", "ROCM_PATH", "ROCM_HOME",
            "HIP_DEVICE_LIB_PATH", "DEVICE_LIB_PATH", "HIP_CLANG_PATH", "HIP_LIB_PATH", "HIP_INCLUDE_PATH",
            "HIP_PLATFORM", "HIP_COMPILER", "HIP_RUNTIME", "HIPCC_COMPILE_FLAGS_APPEND", "HIPCC_LINK_FLAGS_APPEND",
            "HIPCC_VERBOSE", "HIP_USE_PERL_SCRIPTS", "CUDA_PATH", "CUDA_PATH_V\\d+_\\d+", "CUDA_HOME");
    /** Further variables a HIP build reads, checked for stray whitespace (with {@link #VARIABLES} and PATH). */
    public static final List<String> BUILD_VARIABLES = List.of("HIP_SDK_ROOT", "INCLUDE", "LIB", "LIBPATH",
            "VCToolsVersion", "VCToolsInstallDir", "VCINSTALLDIR", "VSINSTALLDIR", "WindowsSdkDir", "WindowsSDKVersion",
            "UniversalCRTSdkDir", "UCRTVersion", "TMP", "TEMP", "SystemRoot", "ComSpec", "PATHEXT");
    private static final List<String> TOOLS = List.of("hipcc", "hipcc.exe", "hipcc.bat", "hipcc.bin.exe", "nvcc", "nvcc.exe");

    private final DoctorHost host;
    private final FileProbe probe;

    /** @param host the host; @param probe its file system */
    public ScrubPreview(DoctorHost host, FileProbe probe) {
        this.host = host;
        this.probe = probe;
    }

    /** "NAME=value" of every variable the scrub would remove, sorted by name. */
    public List<String> variables() {
        List<String> out = new ArrayList<>();
        for (Map.Entry<String, String> e : host.environment().entrySet()) {
            if (matches(e.getKey(), VARIABLES)) {
                out.add(e.getKey() + "=" + e.getValue());
            }
        }
        return out;
    }

    private static boolean matches(String name, List<String> patterns) {
        return patterns.stream().anyMatch(p -> Pattern.compile(p, Pattern.CASE_INSENSITIVE).matcher(name).matches());
    }

    /**
     * PATH entries the scrub would drop: those holding hipcc, nvcc or an {@code amdhip64_<major>.dll}
     * and not inside {@code sdkRoot} (null: no SDK resolved) or, on Windows, {@code %SystemRoot%}
     * (the driver puts its runtime in System32, which the scrub never drops). Each with the reason.
     */
    public List<String> pathEntries(String sdkRoot) {
        List<String> out = new ArrayList<>();
        for (String dir : host.pathEntries()) {
            if (sdkRoot != null && inside(dir, sdkRoot) || host.windows() && inside(dir, host.systemRoot())) {
                continue; // the SDK's own directories and Windows' (System32 holds the driver's runtime) stay
            }
            List<String> names = probe.fileNames(dir);
            List<String> found = new ArrayList<>();
            for (String n : names) {
                if (TOOLS.stream().anyMatch(t -> t.equalsIgnoreCase(n)) || RuntimeDllScanner.RUNTIME_NAME.matcher(n).matches()) {
                    found.add(n);
                }
            }
            if (!found.isEmpty()) {
                out.add(dir + " (holds " + String.join(", ", found) + ")");
            }
        }
        return out;
    }

    /**
     * "NAME='value'" of every variable a HIP build reads ({@link #VARIABLES}, {@link #BUILD_VARIABLES},
     * PATH) whose value has leading or trailing whitespace, and such PATH entries.
     */
    public List<String> strayWhitespace() {
        List<String> out = new ArrayList<>();
        for (Map.Entry<String, String> e : host.environment().entrySet()) {
            String v = e.getValue();
            boolean read = e.getKey().equalsIgnoreCase("PATH") || matches(e.getKey(), VARIABLES)
                    || BUILD_VARIABLES.stream().anyMatch(b -> b.equalsIgnoreCase(e.getKey()));
            if (read && !v.isEmpty() && !v.strip().equals(v)) {
                out.add(e.getKey() + "='" + v + "'");
            }
        }
        String path = host.get("PATH").orElse("");
        for (String entry : path.split(host.windows() ? ";" : ":", -1)) {
            if (!entry.isEmpty() && !entry.strip().equals(entry)) {
                out.add("PATH entry '" + entry + "'");
            }
        }
        return out;
    }

    private boolean inside(String dir, String root) {
        String d = norm(dir);
        String r = norm(root);
        return d.equals(r) || d.startsWith(r + "/");
    }

    private String norm(String p) {
        String s = p.strip().replace('\\', '/');
        while (s.length() > 1 && s.endsWith("/")) {
            s = s.substring(0, s.length() - 1);
        }
        return host.windows() ? s.toLowerCase(Locale.ROOT) : s;
    }
}
