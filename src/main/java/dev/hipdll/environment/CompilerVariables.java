package dev.hipdll.environment;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The variables the default scrub removes, kept as data with the source of each
 * ({@value #RESOURCE}): the ROCm/HIP/CUDA variables through which hipcc or clang pick up another
 * install or target, and every variable through which clang, lld-link or link.exe change a compile
 * or a link ({@code CPATH}, {@code C_INCLUDE_PATH}, {@code CPLUS_INCLUDE_PATH}, {@code LIBRARY_PATH},
 * {@code CCC_OVERRIDE_OPTIONS}, {@code CL}/{@code _CL_}, {@code LINK}/{@code _LINK_}, {@code INCLUDE},
 * {@code LIB}, ...; {@code CPATH} and {@code CCC_OVERRIDE_OPTIONS} put bytes into a DLL
 * that then VERIFIED). The source of each is a path in llvm/llvm-project (release/19.x), ROCm/HIPCC or
 * Microsoft's documentation, as written in the file.
 *
 * @param variables the entries, in file order
 */
public record CompilerVariables(List<Entry> variables) {
    /** The resource the list is read from. */
    public static final String RESOURCE = "/dev/hipdll/environment/compiler-variables.json";

    /**
     * One variable.
     *
     * @param name   the name or a {@code *} pattern ({@link VariablePattern})
     * @param group  {@code rocm} (another ROCm/HIP/CUDA install or target) or {@code compiler} (read by clang or a linker)
     * @param readBy the tools that read it
     * @param effect what it changes
     * @param source where that is written
     */
    public record Entry(String name, String group, String readBy, String effect, String source) {
        /** Why the scrub removes it, for the log: {@code stray ROCm/HIP/CUDA variable} or {@code read by clang: ...}. */
        public String reason() {
            return group.equals("rocm") ? "stray ROCm/HIP/CUDA variable" : "read by " + readBy + ": " + effect;
        }
    }

    /** Copies the list. */
    public CompilerVariables {
        variables = List.copyOf(variables);
    }

    private static final CompilerVariables LOADED = read();

    /** The list shipped with the plugin (read once; immutable). */
    public static CompilerVariables load() {
        return LOADED;
    }

    private static CompilerVariables read() {
        List<Entry> entries = new java.util.ArrayList<>();
        for (java.util.Map<String, String> row : VariableTable.rows(RESOURCE)) {
            entries.add(new Entry(row.get("name"), row.get("group"), row.get("readBy"), row.get("effect"),
                    row.get("source")));
        }
        CompilerVariables v = new CompilerVariables(entries);
        for (Entry e : v.variables()) {
            new VariablePattern(e.name());
            if (!e.group().equals("rocm") && !e.group().equals("compiler")) {
                throw new IllegalStateException(RESOURCE + ": " + e.name() + " has group '" + e.group() + "'");
            }
        }
        return v;
    }

    /** The names and patterns, in file order. */
    public List<String> names() {
        return variables.stream().map(Entry::name).toList();
    }

    /** The entry whose name or pattern is exactly {@code pattern}. */
    public Optional<Entry> entry(String pattern) {
        return variables.stream().filter(e -> e.name().equals(pattern)).findFirst();
    }

    /**
     * {@code environment} without the variables of group {@code compiler}: those through which clang,
     * lld-link or link.exe edit a command line or its output ({@code CCC_OVERRIDE_OPTIONS},
     * {@code LINK}/{@code _LINK_}, {@code CL}/{@code _CL_}, {@code CPATH}, ...), for a tool run with a
     * fixed command of the plugin's own outside the build's scrub (the load check's loader program,
     * doctor's {@code clang --version}). The variables that run code ({@link CodeRunningVariables}: {@code BASH_ENV},
     * {@code LD_PRELOAD}, ...) are dropped too, as the build's scrub drops them. The ROCm/HIP/CUDA variables
     * stay: they do not reach such a run.
     *
     * @param environment the environment, unchanged
     * @param ignoreCase  whether names compare case-insensitively (Windows: {@code Link} is {@code LINK})
     * @param keep        names (exact, or case-insensitive with {@code ignoreCase}) kept even so, e.g.
     *                    {@code LIB} where lld-link is meant to read it
     * @return a new map, in the order of {@code environment}
     */
    public Map<String, String> withoutCompilerVariables(Map<String, String> environment, boolean ignoreCase,
                                                        Set<String> keep) {
        List<VariablePattern> compiler = variables.stream().filter(e -> e.group().equals("compiler"))
                .map(e -> new VariablePattern(e.name())).toList();
        Map<String, String> out = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : environment.entrySet()) {
            String name = e.getKey();
            boolean kept = keep.stream().anyMatch(k -> ignoreCase ? k.equalsIgnoreCase(name) : k.equals(name));
            if (kept || compiler.stream().noneMatch(p -> p.matches(name, ignoreCase))
                    && CodeRunningVariables.load().match(name, ignoreCase).isEmpty()) {
                out.put(name, e.getValue());
            }
        }
        return out;
    }

    /**
     * {@code environment} without every variable of this list, both groups (another ROCm/HIP/CUDA install such as
     * {@code HIP_PATH}, and the ones that edit a compile), and without the code-running ones
     * ({@link CodeRunningVariables}): the environment of a clang run outside the build's steps, such as the
     * preprocessing of a loader source for its contract, which must see neither another install nor an edited
     * command line.
     *
     * @param environment the environment
     * @param ignoreCase  whether names compare case-insensitively (Windows)
     * @return a new map in the same order
     */
    public Map<String, String> withoutToolchainVariables(Map<String, String> environment, boolean ignoreCase) {
        List<VariablePattern> all = variables.stream().map(e -> new VariablePattern(e.name())).toList();
        Map<String, String> out = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : environment.entrySet()) {
            String name = e.getKey();
            if (all.stream().noneMatch(p -> p.matches(name, ignoreCase))
                    && CodeRunningVariables.load().match(name, ignoreCase).isEmpty()) {
                out.put(name, e.getValue());
            }
        }
        return out;
    }
}
