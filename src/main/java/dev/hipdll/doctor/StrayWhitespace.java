package dev.hipdll.doctor;

import dev.hipdll.environment.ScrubPolicy;
import dev.hipdll.environment.VariablePattern;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Environment values with leading or trailing whitespace, which cmd's {@code set X=v && ...}
 * leaves behind and which silently break a path: for every variable a HIP build reads (the
 * scrub's {@link ScrubPolicy#DEFAULT_SCRUB} patterns, {@link #BUILD_VARIABLES}, {@code PATH}), and
 * for each PATH entry.
 */
public final class StrayWhitespace {
    /** Further variables a HIP build reads. */
    public static final List<String> BUILD_VARIABLES = List.of("HIP_SDK_ROOT", "INCLUDE", "LIB", "LIBPATH",
            "VCToolsVersion", "VCToolsInstallDir", "VCINSTALLDIR", "VSINSTALLDIR", "WindowsSdkDir", "WindowsSDKVersion",
            "UniversalCRTSdkDir", "UCRTVersion", "TMP", "TEMP", "SystemRoot", "ComSpec", "PATHEXT");

    private final DoctorHost host;

    /** @param host the host */
    public StrayWhitespace(DoctorHost host) {
        this.host = host;
    }

    /** "NAME='value'" of each such variable, then "PATH entry '...'" of each such entry. */
    public List<String> find() {
        List<String> out = new ArrayList<>();
        List<VariablePattern> scrubbed = ScrubPolicy.DEFAULT_SCRUB.stream().map(VariablePattern::new).toList();
        for (Map.Entry<String, String> e : host.environment().entrySet()) {
            String name = e.getKey();
            String v = e.getValue();
            boolean read = name.equalsIgnoreCase("PATH") || scrubbed.stream().anyMatch(p -> p.matches(name, host.windows()))
                    || BUILD_VARIABLES.stream().anyMatch(b -> host.windows() ? b.equalsIgnoreCase(name) : b.equals(name));
            if (read && !v.isEmpty() && !v.strip().equals(v)) {
                out.add(name + "='" + v + "'");
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
}
