package dev.hipdll.environment;

import java.util.List;
import java.util.Optional;

/**
 * The variables through which a program of someone else's choosing runs inside a build step, kept as
 * data with the source of each ({@value #RESOURCE}): the compiler launcher's prefix and configuration
 * ({@code CCACHE_PREFIX}, {@code CCACHE_CONFIGPATH}, {@code SCCACHE_CONF}, ...; ccache's manual, sccache's
 * docs), the shells' start-up files ({@code BASH_ENV}, {@code ENV}, {@code BASH_FUNC_*}; bash(1)), the
 * interpreters' start-up options and module paths ({@code PERL5OPT}, {@code PYTHONPATH},
 * {@code NODE_OPTIONS}, {@code JAVA_TOOL_OPTIONS}, {@code RUBYOPT}, ...; perlrun(1), python(1), ...) and
 * the dynamic loaders' preload lists ({@code LD_*}, {@code DYLD_*}; ld.so(8), dyld(1)).
 * Before, {@code CCACHE_PREFIX} ran a program around every compile and {@code BASH_ENV} steered the stand-in's
 * hipcc, and the DLL they changed was VERIFIED.
 *
 * <p>{@link EnvironmentScrubber} removes every one of them from every step's environment, whatever the
 * compiler launcher, unless {@code keepVariables} names it exactly.
 *
 * @param variables the entries, in file order
 */
public record CodeRunningVariables(List<Entry> variables) {
    /** The resource the list is read from. */
    public static final String RESOURCE = "/dev/hipdll/environment/code-running-variables.json";

    /**
     * One variable.
     *
     * @param name   the name or a {@code *} pattern ({@link VariablePattern})
     * @param kind   its class: {@code compiler launcher}, {@code shell}, {@code perl}, {@code dynamic loader},
     *               {@code python}, ...
     * @param readBy the programs that read it
     * @param effect what it makes them run
     * @param source where that is written
     */
    public record Entry(String name, String kind,
                        String readBy, String effect, String source) {
        /** The pattern of {@link #name}. */
        public VariablePattern pattern() {
            return new VariablePattern(name);
        }

        /** Why the scrub removes it, for the log: {@code runs code (shell): bash: a non-interactive bash ...}. */
        public String reason() {
            return "runs code (" + kind + "): " + readBy + ": " + effect;
        }
    }

    /** Copies the list. */
    public CodeRunningVariables {
        variables = List.copyOf(variables);
    }

    private static final CodeRunningVariables LOADED = read();

    /** The list shipped with the plugin (read once; immutable). */
    public static CodeRunningVariables load() {
        return LOADED;
    }

    private static CodeRunningVariables read() {
        List<Entry> entries = new java.util.ArrayList<>();
        for (java.util.Map<String, String> row : VariableTable.rows(RESOURCE)) {
            entries.add(new Entry(row.get("name"), row.get("class"), row.get("readBy"), row.get("effect"),
                    row.get("source")));
        }
        CodeRunningVariables v = new CodeRunningVariables(entries);
        for (Entry e : v.variables()) {
            e.pattern();
            if (e.kind() == null || e.kind().isBlank() || e.source() == null || e.source().isBlank()) {
                throw new IllegalStateException(RESOURCE + ": " + e.name() + " has no class or no source");
            }
        }
        return v;
    }

    /** The names and patterns, in file order. */
    public List<String> names() {
        return variables.stream().map(Entry::name).toList();
    }

    /**
     * The first entry matching {@code name}.
     *
     * @param name       a variable's name
     * @param ignoreCase whether names compare case-insensitively (Windows)
     */
    public Optional<Entry> match(String name, boolean ignoreCase) {
        return variables.stream().filter(e -> e.pattern().matches(name, ignoreCase)).findFirst();
    }
}
