package dev.hipdll.compile;

import dev.hipdll.host.Host;
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
 *       itself.</li>
 * </ul>
 * Project paths in every command are relative to the project directory, each unit has an explicit CUID and
 * SDK paths are absolute, so two clones of a project at different paths run the same commands, and ccache
 * needs no {@code CCACHE_BASEDIR} for them to hit.
 *
 * @param spec       the parameter as given ({@code ccache}, {@code /usr/bin/ccache})
 * @param executable the resolved program (absolute)
 * @param kind       which launcher it is, from its file name
 */
public record CompilerLauncher(String spec, Path executable, Kind kind) {
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
        return new CompilerLauncher(spec, executable, kind);
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
     * {@code CCACHE_EXTRAFILES} (a host compile's fat binary, as the step names it) and
     * {@code CCACHE_COMPILERCHECK} (unless {@code inherited} has it).
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
        if (kind != Kind.CCACHE) {
            return env;
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
