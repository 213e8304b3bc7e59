package dev.hipdll.host;

import dev.hipdll.host.Environment;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The machine a build runs on, as the core sees it: its operating system family and its
 * environment. Only the mojos create a {@code Host} from the real process ({@code os.name},
 * {@code System.getenv()}); everything in the core takes one as an argument, so Windows behaviour
 * (case-insensitive variable names, {@code .exe} names, {@code ;}-separated lists, vswhere) is
 * unit-tested on Linux with a Windows {@code Host} over a fake directory tree.
 *
 * @param os          the operating system family
 * @param environment the inherited environment, with the name semantics of {@code os}
 */
public record Host(OsFamily os, Environment environment) {

    /** Creates a host whose environment is {@code variables} under the name rules of {@code os}. */
    public static Host of(OsFamily os, Map<String, String> variables) {
        return new Host(os, Environment.of(os, variables));
    }

    /** Whether this is a Windows host. */
    public boolean isWindows() {
        return os == OsFamily.WINDOWS;
    }

    /**
     * The file name of an executable called {@code base} on this host: {@code base + ".exe"} on
     * Windows, {@code base} elsewhere.
     */
    public String executable(String base) {
        return isWindows() ? base + ".exe" : base;
    }

    /**
     * Whether Windows runs {@code program} through cmd.exe: a {@code .bat} or {@code .cmd} file name in any case,
     * also followed by dots or spaces, which Windows strips from a file name ({@code hipcc.bat.} is
     * {@code hipcc.bat}).
     */
    public static boolean isBatchFile(Path program) {
        Path name = program.getFileName();
        String n = name == null ? "" : name.toString().toLowerCase(Locale.ROOT).replaceAll("[. ]+$", "");
        return n.endsWith(".bat") || n.endsWith(".cmd");
    }

    /** The extensions Windows tries when {@code PATHEXT} is not set (cmd.exe's default, shortened). */
    public static final String DEFAULT_PATHEXT = ".COM;.EXE;.BAT;.CMD";

    /**
     * The files a program path names on this host, in the order Windows tries them: {@code program} itself,
     * then, on Windows and when its file name has no extension, {@code program} with each {@code PATHEXT}
     * extension in {@code PATHEXT}'s order (lower case; Windows file names are case-insensitive), as cmd.exe
     * and {@code where} look a command up. Elsewhere only {@code program}.
     *
     * @param program a program path ({@code C:\ROCm\bin\hipcc})
     * @return the candidates, first to try first
     */
    public List<Path> programCandidates(Path program) {
        List<Path> c = new ArrayList<>();
        c.add(program);
        if (isWindows() && program.getFileName() != null && !program.getFileName().toString().contains(".")) {
            for (String e : environment.get("PATHEXT").orElse(DEFAULT_PATHEXT).split(";")) {
                if (!e.isBlank()) {
                    c.add(program.resolveSibling(program.getFileName() + e.strip().toLowerCase(Locale.ROOT)));
                }
            }
        }
        return c;
    }
}
