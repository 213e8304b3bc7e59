package dev.hipdll.host;

import dev.hipdll.environment.Environment;
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
}
