package dev.hipdll.loadcheck;

import dev.hipdll.process.ProcessResult;
import dev.hipdll.process.ProcessRunner;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Where the Wine prefix of the load checks lives when none is configured: one per user and
 * Wine version, shared by every project and every standalone load check, instead of a 700 MB prefix in each
 * project's {@code target}. The directory is {@code <cache>/hipdll/wine-prefixes/<wine version>}, where
 * {@code <cache>} is {@code $XDG_CACHE_HOME} when it is an absolute path (XDG Base Directory Specification), else
 * {@code ~/.cache}; the Wine version is what {@code wine --version} says (e.g. {@code wine-8.0 (Debian
 * 8.0~repack-4)}), reduced to the characters {@code [a-z0-9._-]}, so a Wine upgrade gets a fresh prefix instead of
 * one that the new Wine would update in place. Uses are serialised by {@link WinePrefix#use}.
 */
public final class SharedWinePrefix {
    private SharedWinePrefix() {
    }

    /**
     * The shared prefix directory.
     *
     * @param environment the build's environment (for {@code XDG_CACHE_HOME})
     * @param userHome    the user's home directory
     * @param wineVersion what {@code wine --version} says ({@link #wineVersion})
     * @return {@code <cache>/hipdll/wine-prefixes/<version directory>}
     */
    public static Path location(Map<String, String> environment, Path userHome, String wineVersion) {
        String xdg = environment.getOrDefault("XDG_CACHE_HOME", "");
        Path cache = !xdg.isBlank() && Path.of(xdg).isAbsolute() ? Path.of(xdg) : userHome.resolve(".cache");
        return cache.resolve("hipdll").resolve("wine-prefixes").resolve(directoryName(wineVersion));
    }

    /**
     * The directory name of a Wine version: lower case, runs of other characters than {@code [a-z0-9._]} turned
     * into one {@code -}, at most 80 characters; {@code wine-unknown} when nothing is left.
     *
     * @param wineVersion the first line of {@code wine --version}
     * @return e.g. {@code wine-8.0-debian-8.0-repack-4}
     */
    static String directoryName(String wineVersion) {
        String s = wineVersion.strip().toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9._]+", "-")
                .replaceAll("^[-.]+|-+$", "");
        if (s.length() > 80) {
            s = s.substring(0, 80);
        }
        return s.isEmpty() ? "wine-unknown" : s;
    }

    /**
     * Asks Wine its version ({@code wine --version}, which starts no Wine server).
     *
     * @param wine        the wine executable (a name on PATH or a path)
     * @param environment the environment to run it in
     * @param runner      runs it (its timeout bounds the question)
     * @return the line of its output that starts with {@code wine-} (Debian's wine wrapper may print a warning such as
     *         "it looks like wine32 is missing" first), else its first non-blank line
     * @throws LoadCheckException when wine cannot start or prints nothing: names the executable and how to install it
     */
    public static String wineVersion(String wine, Map<String, String> environment, ProcessRunner runner)
            throws LoadCheckException {
        return wineVersion(wine, environment, runner, dev.hipdll.parameter.ParameterHints.MAVEN);
    }

    /**
     * As {@link #wineVersion(String, Map, ProcessRunner)}, the parameters named in the front end's words.
     *
     * @param hints how the front end tells its user to set {@code hip.loadCheck.wine} and {@code hip.loadCheck.winePrefix}
     * @throws LoadCheckException when wine cannot start or prints nothing
     */
    public static String wineVersion(String wine, Map<String, String> environment, ProcessRunner runner,
                                     dev.hipdll.parameter.ParameterHints hints) throws LoadCheckException {
        ProcessResult r = runner.run(Path.of(wine), List.of("--version"), environment, Path.of("").toAbsolutePath(),
                line -> { });
        if (r.launchError() != null || !r.succeeded() || r.output().stream().allMatch(String::isBlank)) {
            throw new LoadCheckException("cannot ask " + wine + " its version ("
                    + (r.launchError() != null ? r.launchError() : "exit " + r.exitCode())
                    + "): install Wine (Debian: apt-get install wine64 wine; this project: ./scripts/install/wine),"
                    + " set " + hints.set("hip.loadCheck.wine", "<path to wine>") + ", or give the prefix with "
                    + hints.name("hip.loadCheck.winePrefix"));
        }
        return r.output().stream().map(String::strip).filter(l -> l.startsWith("wine-")).findFirst()
                .orElseGet(() -> r.output().stream().map(String::strip).filter(l -> !l.isEmpty()).findFirst().orElseThrow());
    }
}
