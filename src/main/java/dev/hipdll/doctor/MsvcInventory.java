package dev.hipdll.doctor;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The MSVC toolsets and Windows SDKs installed on a Windows host, by directory layout:
 * {@code <ProgramFiles or ProgramFiles(x86)>\Microsoft Visual Studio\<year>\<edition>\VC\Tools\MSVC\<version>}
 * and {@code <ProgramFiles(x86)>\Windows Kits\10\Include\<version>} with its {@code um} folder. For hipdll:doctor; the
 * build's own toolset resolution lives in {@code dev.hipdll.msvc}.
 */
public final class MsvcInventory {
    private static final Pattern VERSION = Pattern.compile("\\d+(\\.\\d+){2,3}");

    private final DoctorHost host;
    private final FileProbe probe;

    /** @param host the host; @param probe its file system */
    public MsvcInventory(DoctorHost host, FileProbe probe) {
        this.host = host;
        this.probe = probe;
    }

    /** Every toolset as "version (directory)", newest first. */
    public List<String[]> toolsets() {
        List<String[]> out = new ArrayList<>();
        for (String pf : List.of("ProgramFiles", "ProgramFiles(x86)")) {
            String base = host.get(pf).orElse(null);
            if (base == null) {
                continue;
            }
            String vs = host.join(base, "Microsoft Visual Studio");
            for (String year : probe.subdirectories(vs)) {
                for (String edition : probe.subdirectories(host.join(vs, year))) {
                    String msvc = host.join(host.join(host.join(host.join(host.join(vs, year), edition), "VC"), "Tools"), "MSVC");
                    for (String v : probe.subdirectories(msvc)) {
                        if (VERSION.matcher(v).matches()) {
                            out.add(new String[] {v, host.join(msvc, v)});
                        }
                    }
                }
            }
        }
        out.sort(Comparator.comparing((String[] a) -> a[0], MsvcInventory::compareVersions).reversed());
        return out;
    }

    /** Every Windows 10/11 SDK version with headers (an {@code Include} version folder with {@code um} headers), newest first. */
    public List<String> windowsSdks() {
        String base = host.get("ProgramFiles(x86)").orElse(null);
        if (base == null) {
            return List.of();
        }
        String include = host.join(host.join(host.join(base, "Windows Kits"), "10"), "Include");
        List<String> out = new ArrayList<>();
        for (String v : probe.subdirectories(include)) {
            if (VERSION.matcher(v).matches() && probe.subdirectories(host.join(include, v)).stream()
                    .anyMatch(d -> d.equalsIgnoreCase("um"))) {
                out.add(v);
            }
        }
        out.sort(Comparator.comparing((String a) -> a, MsvcInventory::compareVersions).reversed());
        return out;
    }

    /** Compares dotted version numbers numerically. */
    static int compareVersions(String a, String b) {
        String[] x = a.split("\\.");
        String[] y = b.split("\\.");
        for (int i = 0; i < Math.max(x.length, y.length); i++) {
            long p = i < x.length ? Long.parseLong(x[i]) : 0;
            long q = i < y.length ? Long.parseLong(y[i]) : 0;
            if (p != q) {
                return Long.compare(p, q);
            }
        }
        return 0;
    }
}
