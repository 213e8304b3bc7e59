package dev.hipdll.loadcheck;

import dev.hipdll.parameter.ParameterHints;
import dev.hipdll.digest.Sha256;
import dev.hipdll.environment.CompilerVariables;
import dev.hipdll.process.ProcessResult;
import dev.hipdll.process.ProcessRunner;
import dev.hipdll.io.IoProblem;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The loader program of the load check, {@value #SOURCE} (shipped in this plugin), compiled with
 * the HIP SDK's own clang for {@code x86_64-pc-windows-msvc} and linked with the SDK's
 * {@code lld-link} against {@code kernel32.lib} only: no C runtime, entry point
 * {@code hipdll_loadcheck_main}, console subsystem. {@code kernel32.lib} is found through
 * {@code /libpath:} directories given here and lld-link's own {@code LIB} variable (set by the
 * MSVC/Windows SDK environment). clang and lld-link run without the variables through which they
 * edit a command line ({@link CompilerVariables#withoutCompilerVariables}: {@code LINK}/{@code _LINK_},
 * {@code CCC_OVERRIDE_OPTIONS}, {@code CPATH}, ...), {@code LIB} excepted. The executable is rebuilt
 * only when the source, the compiler or the command changes (a SHA-256 of the three is kept beside it).
 */
public final class LoaderProgram {
    /** The C source, a class-path resource beside this class. */
    public static final String SOURCE = "hipdll_loadcheck.c";
    /** The executable's file name. */
    public static final String EXE = "hipdll_loadcheck.exe";
    /** The program's entry point. */
    public static final String ENTRY = "hipdll_loadcheck_main";

    private final ProcessRunner runner;
    private final ParameterHints hints;

    /** A builder whose errors are worded for Maven. @param runner runs clang and lld-link (carries the timeout) */
    public LoaderProgram(ProcessRunner runner) {
        this(runner, ParameterHints.MAVEN);
    }

    /**
     * @param runner runs clang and lld-link (carries the timeout)
     * @param hints  how the front end words a parameter in the errors ({@code -Dhip.loadCheck.libDirs})
     */
    public LoaderProgram(ProcessRunner runner, ParameterHints hints) {
        this.runner = runner;
        this.hints = java.util.Objects.requireNonNull(hints, "hints");
    }

    /** The C source text of the loader program. */
    public static String source() throws IOException {
        try (InputStream in = LoaderProgram.class.getResourceAsStream(SOURCE)) {
            if (in == null) {
                throw new IOException("resource " + SOURCE + " missing from the plugin jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /**
     * Builds (or reuses) the program in {@code workDir}.
     *
     * @param clang       the SDK's clang executable
     * @param lldLink     the SDK's lld-link executable
     * @param libDirs     directories passed as {@code /libpath:} (searched for {@code kernel32.lib})
     * @param environment the environment of clang and lld-link
     * @param workDir     where the source, object and executable go
     * @return the executable
     * @throws LoadCheckException when a tool is missing or fails; the message carries its output
     */
    public Path build(Path clang, Path lldLink, List<Path> libDirs, Map<String, String> environment, Path workDir)
            throws LoadCheckException {
        try {
            Files.createDirectories(workDir);
            String text = source();
            Path src = workDir.resolve(SOURCE);
            Path obj = workDir.resolve("hipdll_loadcheck.obj");
            Path exe = workDir.resolve(EXE);
            Path digestFile = workDir.resolve(EXE + ".sha256");
            List<String> compile = List.of("--target=x86_64-pc-windows-msvc", "-O2", "-ffreestanding", "-fno-builtin",
                    "-fno-stack-protector", "-c", src.toString(), "-o", obj.toString());
            List<String> link = new ArrayList<>(List.of("/nodefaultlib", "/machine:x64", "/subsystem:console",
                    "/entry:" + ENTRY, "/Brepro", "/out:" + exe + ".tmp", obj.toString()));
            for (Path d : libDirs) {
                link.add("/libpath:" + d);
            }
            link.add("kernel32.lib");
            String digest = sha256(text + "\0" + clang.toAbsolutePath() + "\0" + stamp(clang) + "\0" + compile + "\0" + link);
            if (Files.isRegularFile(exe) && Files.isRegularFile(digestFile)
                    && Files.readString(digestFile).strip().equals(digest)) {
                return exe;
            }
            Files.writeString(src, text);
            Files.deleteIfExists(digestFile);
            // The host's environment edits these fixed commands otherwise: a workstation's LINK=/... or _LINK_
            // makes lld-link fail ("could not open '/...'"), CCC_OVERRIDE_OPTIONS rewrites clang's arguments.
            // Names compare case-insensitively (Windows' Link is LINK; elsewhere dropping a namesake of such a
            // variable costs this self-contained build nothing); LIB stays: lld-link finds kernel32.lib through it.
            Map<String, String> tools = CompilerVariables.load().withoutCompilerVariables(environment, true, Set.of("LIB"));
            run(clang, compile, tools, workDir, "compiling the loader program " + SOURCE);
            run(lldLink, link, tools, workDir, "linking the loader program " + EXE
                    + " (it needs kernel32.lib: from the Windows SDK through LIB, or " + hints.name("hip.loadCheck.libDirs") + ")");
            Files.move(workDir.resolve(EXE + ".tmp"), exe, StandardCopyOption.REPLACE_EXISTING);
            Files.writeString(digestFile, digest + "\n");
            return exe;
        } catch (IOException e) {
            throw new LoadCheckException("cannot build the loader program in " + workDir + ": " + IoProblem.describe(e));
        }
    }

    private void run(Path tool, List<String> args, Map<String, String> env, Path dir, String what)
            throws LoadCheckException {
        ProcessResult r = runner.run(tool, args, env, dir, line -> { });
        if (r.launchError() != null) {
            throw new LoadCheckException(what + ": cannot start " + tool + " (" + r.launchError() + ")");
        }
        if (!r.succeeded()) {
            throw new LoadCheckException(what + " failed ("
                    + (r.timedOut() ? "timed out" : "exit " + r.exitCode()) + "): " + tool + " " + String.join(" ", args)
                    + "\n  " + String.join("\n  ", r.output().stream().limit(30).toList()));
        }
    }

    private static String stamp(Path tool) {
        try {
            Path real = tool.toRealPath();
            return real + "@" + Files.size(real) + "@" + Files.getLastModifiedTime(real).toMillis();
        } catch (IOException e) {
            return "?";
        }
    }

    private static String sha256(String s) {
        return Sha256.ofUtf8(s);
    }
}
