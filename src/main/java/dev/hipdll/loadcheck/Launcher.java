package dev.hipdll.loadcheck;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * How the Windows loader program is started: {@link Native} on Windows, {@link Wine} elsewhere
 * ({@code hip.loadCheck.launcher=wine}). A launcher also says how a host path is spelled for the
 * program: natively unchanged, under Wine through the drive {@code Z:}, which a Wine prefix maps to
 * the Unix root {@code /} (Wine's default {@code dosdevices/z:} link), so {@code /a/b} is
 * {@code Z:\a\b}.
 */
public sealed interface Launcher permits Launcher.Native, Launcher.Wine {

    /** The program and arguments that run {@code exe} with {@code arguments}. */
    List<String> command(Path exe, List<String> arguments);

    /** {@code path} (absolute) as the Windows program sees it. */
    String windowsPath(Path path);

    /** The environment of the program: {@code base} plus what the launcher needs. */
    Map<String, String> environment(Map<String, String> base);

    /** Runs the program directly (Windows). */
    record Native() implements Launcher {
        @Override
        public List<String> command(Path exe, List<String> arguments) {
            List<String> c = new ArrayList<>();
            c.add(exe.toString());
            c.addAll(arguments);
            return c;
        }

        @Override
        public String windowsPath(Path path) {
            return path.toAbsolutePath().normalize().toString();
        }

        @Override
        public Map<String, String> environment(Map<String, String> base) {
            return Map.copyOf(base);
        }
    }

    /**
     * Runs the program with Wine in one prefix.
     *
     * @param wine       the {@code wine} executable (a name looked up on PATH, or a path)
     * @param wineserver the {@code wineserver} executable, used to stop the prefix's server
     * @param prefix     the {@code WINEPREFIX} directory
     */
    record Wine(String wine, String wineserver, Path prefix) implements Launcher {
        @Override
        public List<String> command(Path exe, List<String> arguments) {
            List<String> c = new ArrayList<>();
            c.add(wine);
            c.add(exe.toAbsolutePath().toString());
            c.addAll(arguments);
            return c;
        }

        @Override
        public String windowsPath(Path path) {
            return "Z:" + path.toAbsolutePath().normalize().toString().replace('/', '\\');
        }

        /**
         * {@code base} with {@code WINEPREFIX} set, {@code WINEDEBUG=-all} (no Wine diagnostics in
         * the output), {@code WINEDLLOVERRIDES=mscoree,mshtml=} (no Mono/Gecko installer when a
         * prefix is created), and {@code WINEPATH} removed (it would add to the program's PATH).
         */
        @Override
        public Map<String, String> environment(Map<String, String> base) {
            Map<String, String> env = new HashMap<>(base);
            env.remove("WINEPATH");
            env.put("WINEPREFIX", prefix.toAbsolutePath().toString());
            env.put("WINEDEBUG", "-all");
            env.put("WINEDLLOVERRIDES", "mscoree,mshtml=");
            return env;
        }
    }
}
