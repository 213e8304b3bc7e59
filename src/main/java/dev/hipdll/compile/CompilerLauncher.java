package dev.hipdll.compile;

import dev.hipdll.host.Host;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A compiler launcher ({@code hip.compilerLauncher}): a program such as ccache or sccache that is put in
 * front of a compile step's command ({@code ccache <hipcc> <arguments>}) and may answer it from its cache.
 * It wraps the device compiles and host compiles of the step graph, never the bundle or the link.
 *
 * <p>What the launcher must be told, because it cannot see it in the command:
 * <ul>
 *   <li>a host compile reads the unit's fat binary through {@code -Xclang -fcuda-include-gpubinary -Xclang
 *       <fatbin>}, which no launcher knows as an input. ccache is given it in {@code CCACHE_EXTRAFILES}
 *       (ccache manual, {@code extra_files_to_hash}), so a changed fat binary is a miss. Other launchers
 *       (sccache) have no such setting, so host compiles run without them (a stale hit would embed old
 *       device code);</li>
 *   <li>hipcc is a wrapper that starts the SDK's clang: ccache's default {@code compiler_check=mtime} would
 *       look at hipcc only. ccache gets {@code CCACHE_COMPILERCHECK=string:<digest>}, the SHA-256 of the
 *       compile's tools (hipcc and clang), unless the environment sets {@code CCACHE_COMPILERCHECK}
 *       itself (only possible through {@code keepVariables}: an inherited one may name a command, and is
 *       removed with the other code-running variables, {@link dev.hipdll.environment.CodeRunningVariables}).</li>
 *   <li>its configuration files could run programs around every compile (ccache's {@code prefix_command},
 *       {@code prefix_command_cpp}, {@code compiler}, {@code compiler_check} in {@code $CCACHE_DIR/ccache.conf},
 *       {@code ~/.config/ccache/ccache.conf} or {@code /etc/ccache.conf}; sccache's {@code [dist]} section in
 *       {@code ~/.config/sccache/config}). Once {@link #prepared} it names a file of the build's own instead:
 *       ccache gets {@code CCACHE_CONFIGPATH} (ccache manual: then neither the cache's nor the system's
 *       configuration file is read), sccache {@code SCCACHE_CONF}. Settings are given as {@code CCACHE_*} or
 *       {@code SCCACHE_*} variables, which pass with a launcher and are in every step's key.</li>
 * </ul>
 * Project paths in every command are relative to the project directory, each unit has an explicit CUID and
 * SDK paths are absolute, so two clones of a project at different paths run the same commands, and ccache
 * needs no {@code CCACHE_BASEDIR} for them to hit.
 *
 * @param spec       the parameter as given ({@code ccache}, {@code /usr/bin/ccache})
 * @param executable the resolved program (absolute)
 * @param kind       which launcher it is, from its file name
 * @param config     the configuration file of the build's own that a ccache or sccache launcher is told to read
 *                   ({@link #prepared}), or {@code null} before that and for other launchers
 */
public record CompilerLauncher(String spec, Path executable, Kind kind, Path config) {
    /** The launchers told apart by the build. */
    public enum Kind {
        /** ccache: wraps device and host compiles (the fat binary through {@code CCACHE_EXTRAFILES}). */
        CCACHE,
        /** sccache: wraps device compiles only. */
        SCCACHE,
        /** Any other program: wraps device compiles only. */
        OTHER
    }

    /** The variable through which ccache hashes extra files ({@code extra_files_to_hash}). */
    public static final String CCACHE_EXTRAFILES = "CCACHE_EXTRAFILES";
    /** The variable that sets ccache's {@code compiler_check}. */
    public static final String CCACHE_COMPILERCHECK = "CCACHE_COMPILERCHECK";
    /** The variable that names ccache's configuration file (and keeps it from reading the system's). */
    public static final String CCACHE_CONFIGPATH = "CCACHE_CONFIGPATH";
    /** The variable that names sccache's configuration file. */
    public static final String SCCACHE_CONF = "SCCACHE_CONF";

    /**
     * Resolves {@code hip.compilerLauncher}: a path (absolute, or with a directory part, relative to
     * {@code workingDir}) is taken as it is; a bare name is looked up in the host's {@code PATH} (on Windows
     * also with each {@code PATHEXT} extension).
     *
     * @param spec       the parameter's value
     * @param host       the host (its {@code PATH})
     * @param workingDir the project directory
     * @return the launcher
     * @throws BuildFailedException when it names no executable file, saying where it was looked for
     */
    public static CompilerLauncher resolve(String spec, Host host, Path workingDir) throws BuildFailedException {
        String s = spec.strip();
        Path given;
        try {
            given = Path.of(s);
        } catch (InvalidPathException e) {
            throw new BuildFailedException("hip.compilerLauncher '" + s + "' is not a path or a program name: " + e.getMessage());
        }
        List<String> tried = new ArrayList<>();
        if (given.isAbsolute() || given.getNameCount() > 1) {
            Path p = given.isAbsolute() ? given : workingDir.resolve(given);
            for (Path c : host.programCandidates(p)) {
                tried.add(c.toString());
                if (Files.isRegularFile(c) && Files.isExecutable(c)) {
                    return of(s, c.toAbsolutePath().normalize());
                }
            }
            throw new BuildFailedException("hip.compilerLauncher: " + p + " is not an executable file"
                    + (tried.size() > 1 ? " (tried " + String.join(", ", tried) + ")" : ""));
        }
        String path = host.environment().get("PATH").orElse("");
        for (String dir : host.environment().splitPathList(path)) {
            if (dir.isBlank()) {
                continue;
            }
            try {
                for (Path c : host.programCandidates(Path.of(dir).resolve(s))) {
                    if (Files.isRegularFile(c) && Files.isExecutable(c)) {
                        return of(s, c.toAbsolutePath().normalize());
                    }
                }
            } catch (InvalidPathException e) {
                // an entry that is no path cannot hold the launcher
            }
        }
        throw new BuildFailedException("hip.compilerLauncher: no program '" + s + "' on PATH (" + path + "); install it"
                + " (Debian: apt-get install " + s + ") or give its full path");
    }

    /**
     * A launcher at {@code executable}, its kind from the file name ({@code ccache}, {@code sccache.exe}, ...).
     *
     * @throws BuildFailedException when it is a batch file, which cmd.exe would run ({@link BatchWrapper})
     */
    public static CompilerLauncher of(String spec, Path executable) throws BuildFailedException {
        if (BatchWrapper.is(executable)) {
            throw BatchWrapper.refusal(executable);
        }
        String name = executable.getFileName().toString().toLowerCase(Locale.ROOT);
        Kind kind = name.startsWith("sccache") ? Kind.SCCACHE : name.startsWith("ccache") ? Kind.CCACHE : Kind.OTHER;
        return new CompilerLauncher(spec, executable, kind, null);
    }

    /**
     * This launcher told to read a configuration file of the build's own: for ccache and sccache, writes
     * {@code <directory>/<name>.conf} (comments only: every setting at its default, so no configuration file
     * can put a program around a compile) and returns the launcher that names it to each wrapped step
     * ({@link #environment}); other launchers are returned as they are.
     *
     * @param directory where the file goes ({@code target/hipdll/launcher})
     * @return the launcher with {@link #config} set, or this one
     * @throws IOException when the file cannot be written
     */
    public CompilerLauncher prepared(Path directory) throws IOException {
        if (kind == Kind.OTHER) {
            return this;
        }
        Files.createDirectories(directory);
        Path file = directory.resolve(name() + ".conf").toAbsolutePath().normalize();
        String text = kind == Kind.CCACHE
                ? "# Written by hipdll-maven-plugin for every compile it runs through ccache (CCACHE_CONFIGPATH names\n"
                + "# this file): ccache then reads neither $CCACHE_DIR/ccache.conf, ~/.config/ccache/ccache.conf nor\n"
                + "# /etc/ccache.conf, whose prefix_command, prefix_command_cpp, compiler or compiler_check would run\n"
                + "# programs around the compile. Give ccache's settings as CCACHE_* variables: they pass with\n"
                + "# hip.compilerLauncher and are in every step's key (docs/sdk-and-environment.md).\n"
                : "# Written by hipdll-maven-plugin for every compile it runs through sccache (SCCACHE_CONF names this\n"
                + "# file): sccache then does not read ~/.config/sccache/config, whose [dist] section would send the\n"
                + "# compiles elsewhere. Give sccache's settings as SCCACHE_* variables (docs/sdk-and-environment.md).\n";
        dev.hipdll.io.AtomicFile.writeString(file, text);
        return new CompilerLauncher(spec, executable, kind, file);
    }

    /** The launcher's name for logs and provenance: its file name without {@code .exe} ({@code ccache}). */
    public String name() {
        String n = executable.getFileName().toString();
        return n.toLowerCase(Locale.ROOT).endsWith(".exe") ? n.substring(0, n.length() - 4) : n;
    }

    /** Whether this launcher wraps steps of {@code kind}: device compiles always, host compiles only with ccache. */
    public boolean wraps(StepKind kind) {
        return kind == StepKind.DEVICE_COMPILE || kind == StepKind.HOST_COMPILE && this.kind == Kind.CCACHE;
    }

    /** The stages this launcher wraps, as the log and provenance name them. */
    public List<String> wrappedStages() {
        List<String> s = new ArrayList<>();
        for (StepKind k : StepKind.values()) {
            if (wraps(k)) {
                s.add(k.label());
            }
        }
        return s;
    }

    /**
     * The variables set for one wrapped step on top of the build's environment: for ccache,
     * {@code CCACHE_EXTRAFILES} (a host compile's fat binary, as the step names it),
     * {@code CCACHE_COMPILERCHECK} (unless {@code inherited} has it) and, once {@link #prepared},
     * {@code CCACHE_CONFIGPATH}; for sccache, once prepared, {@code SCCACHE_CONF}.
     *
     * @param step          the step (wrapped)
     * @param toolsDigest   the SHA-256 of the step's tools (hipcc and the clang it starts), hex
     * @param inherited     the build's environment
     * @param workingDir    the step's working directory (the fat binary is named relative to it)
     * @return the variables, possibly none
     */
    public Map<String, String> environment(BuildStep step, String toolsDigest, Map<String, String> inherited,
                                           Path workingDir) {
        Map<String, String> env = new LinkedHashMap<>();
        if (kind == Kind.SCCACHE && config != null) {
            env.put(SCCACHE_CONF, config.toString());
        }
        if (kind != Kind.CCACHE) {
            return env;
        }
        if (config != null) {
            env.put(CCACHE_CONFIGPATH, config.toString());
        }
        if (step.kind() == StepKind.HOST_COMPILE) {
            // one fat binary per host compile, so no list separator (':' or ';' by host) is needed
            step.inputs().stream().filter(p -> p.getFileName().toString().endsWith(".hipfb")).findFirst()
                    .ifPresent(p -> env.put(CCACHE_EXTRAFILES, WorkingDirectoryPaths.relativize(p, workingDir).toString()));
        }
        if (inherited.keySet().stream().noneMatch(k -> k.equalsIgnoreCase(CCACHE_COMPILERCHECK))) {
            env.put(CCACHE_COMPILERCHECK, "string:" + toolsDigest);
        }
        return env;
    }

    /**
     * The wrapped command: the launcher, then the step's program, then its arguments.
     *
     * @param program   the step's program
     * @param arguments its arguments as launched
     * @return the launcher's arguments
     */
    public List<String> arguments(Path program, List<String> arguments) {
        List<String> a = new ArrayList<>();
        a.add(program.toString());
        a.addAll(arguments);
        return a;
    }
}
