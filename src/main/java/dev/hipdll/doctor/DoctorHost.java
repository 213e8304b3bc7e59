package dev.hipdll.doctor;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The machine hipdll:doctor looks at, as a value: whether it is Windows, and its environment.
 * Only the mojo builds one from the real process; tests build Windows hosts on Linux. On Windows
 * variable names are case-insensitive ({@code Path} and {@code PATH} are one variable) and lists
 * are {@code ;}-separated; elsewhere names are exact and lists {@code :}-separated.
 * The DLL-search helpers here complement {@link dev.hipdll.host.Host}, which {@link #toHost()} gives.
 *
 * @param windows     whether the host is Windows
 * @param environment the environment variables
 */
public record DoctorHost(boolean windows, Map<String, String> environment) {
    /** Creates a host; the map is copied (case-insensitively on Windows). */
    public DoctorHost {
        TreeMap<String, String> m = windows ? new TreeMap<>(String.CASE_INSENSITIVE_ORDER) : new TreeMap<>();
        m.putAll(environment);
        environment = java.util.Collections.unmodifiableMap(m);
    }

    /** The same machine as the build's {@link dev.hipdll.host.Host} value (for the scrub and the MSVC locators). */
    public dev.hipdll.host.Host toHost() {
        return dev.hipdll.host.Host.of(windows ? dev.hipdll.host.OsFamily.WINDOWS : dev.hipdll.host.OsFamily.UNIX,
                environment);
    }

    /** The value of {@code name}, by this host's name rules. */
    public Optional<String> get(String name) {
        return Optional.ofNullable(environment.get(name));
    }

    /** The PATH entries in order, empty entries dropped, surrounding quotes removed (Windows). */
    public List<String> pathEntries() {
        String path = get("PATH").orElse("");
        List<String> out = new ArrayList<>();
        for (String e : path.split(windows ? ";" : ":", -1)) {
            String s = e;
            if (windows && s.length() >= 2 && s.startsWith("\"") && s.endsWith("\"")) {
                s = s.substring(1, s.length() - 1);
            }
            if (!s.isBlank()) {
                out.add(s);
            }
        }
        return out;
    }

    /** {@code %SystemRoot%} (else {@code %windir%}, else {@code C:\Windows}); Windows hosts only. */
    public String systemRoot() {
        return get("SystemRoot").or(() -> get("windir")).orElse("C:\\Windows");
    }

    /** {@code %SystemRoot%\System32}. */
    public String system32() {
        return join(systemRoot(), "System32");
    }

    /** {@code dir} and {@code child} joined with this host's separator. */
    public String join(String dir, String child) {
        String sep = windows ? "\\" : "/";
        return dir.endsWith("\\") || dir.endsWith("/") ? dir + child : dir + sep + child;
    }

    /** Whether two directory names are the same on this host (case-insensitive on Windows; trailing separator ignored). */
    public boolean sameDirectory(String a, String b) {
        String x = trim(a);
        String y = trim(b);
        return windows ? x.replace('/', '\\').toLowerCase(Locale.ROOT).equals(y.replace('/', '\\').toLowerCase(Locale.ROOT))
                : x.equals(y);
    }

    private static String trim(String d) {
        String s = d.strip();
        while (s.length() > 3 && (s.endsWith("\\") || s.endsWith("/"))) {
            s = s.substring(0, s.length() - 1);
        }
        return s;
    }
}
