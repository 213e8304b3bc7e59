package dev.hipdll.compile;

import java.io.File;
import java.util.List;
import java.util.Locale;
import org.codehaus.plexus.util.MatchPatterns;

/**
 * Which translation units are HIP and which host-only (CMake: {@code set_source_files_properties(…
 * PROPERTIES LANGUAGE HIP)}). By the file's extension by default: {@code .hip}, {@code .cu} are HIP; {@code .cpp},
 * {@code .cc}, {@code .cxx}, {@code .c++} host-only C++; {@code .c} host-only C; any other extension HIP. Patterns
 * override it, relative to the source directory with the include patterns' glob syntax ({@code **}{@code /*.cpp},
 * {@code kernels/*.cpp}): a unit matching {@code hipSources} is HIP, else one matching {@code hostSources} host-only
 * (C for {@code .c}, else C++).
 *
 * @param hipSources  patterns of units compiled as HIP whatever their extension ({@code hip.hipSources})
 * @param hostSources patterns of units compiled host-only whatever their extension ({@code hip.hostSources})
 */
public record SourceLanguages(List<String> hipSources, List<String> hostSources) {
    /** By extension only. */
    public static final SourceLanguages BY_EXTENSION = new SourceLanguages(List.of(), List.of());

    /** Copies the lists. */
    public SourceLanguages {
        hipSources = List.copyOf(hipSources);
        hostSources = List.copyOf(hostSources);
    }

    /**
     * The language of a unit.
     *
     * @param unit the unit's path relative to the source directory, {@code /}-separated (e.g. {@code ops/gemm.cpp})
     * @return its language
     */
    public SourceLanguage of(String unit) {
        String name = unit.replace('/', File.separatorChar);
        if (matches(hipSources, name)) {
            return SourceLanguage.HIP;
        }
        String lower = unit.toLowerCase(Locale.ROOT);
        boolean c = lower.endsWith(".c");
        if (matches(hostSources, name)) {
            return c ? SourceLanguage.C : SourceLanguage.CXX;
        }
        if (c) {
            return SourceLanguage.C;
        }
        for (String ext : List.of(".cpp", ".cc", ".cxx", ".c++")) {
            if (lower.endsWith(ext)) {
                return SourceLanguage.CXX;
            }
        }
        return SourceLanguage.HIP;
    }

    private static boolean matches(List<String> patterns, String name) {
        if (patterns.isEmpty()) {
            return false;
        }
        return MatchPatterns.from(patterns.stream().map(SourceLanguages::normalize).toList()).matches(name, true);
    }

    private static String normalize(String pattern) {
        String p = pattern.trim().replace('/', File.separatorChar).replace('\\', File.separatorChar);
        return p.endsWith(File.separator) ? p + "**" : p;
    }
}
