package dev.hipdll.loadcheck;

import dev.hipdll.process.ProcessResult;
import dev.hipdll.process.ProcessRunner;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The one Wine prefix the load checks run in: created on first use with {@code wine wineboot --init}
 * (about 5 s and 700 MB), marked complete with {@value #STAMP}, and reused afterwards. Creation
 * holds an exclusive file lock ({@code <prefix>.lock}) so that parallel builds sharing the prefix
 * create it once. After every use {@link #stop} runs {@code wineserver -k}, so no Wine server is
 * left running.
 */
public final class WinePrefix {
    /** File in the prefix that marks a completed creation. */
    public static final String STAMP = ".hipdll-prefix-complete";

    private final Launcher.Wine wine;
    private final ProcessRunner runner;

    /**
     * @param wine   the launcher (executables and prefix directory)
     * @param runner runs wineboot and wineserver (its timeout bounds prefix creation)
     */
    public WinePrefix(Launcher.Wine wine, ProcessRunner runner) {
        this.wine = wine;
        this.runner = runner;
    }

    /**
     * Creates the prefix unless it exists and is complete.
     *
     * @param base the environment Wine runs in (the launcher adds WINEPREFIX etc.)
     * @param log  receives progress lines
     * @return whether the prefix was created now (false: reused)
     * @throws LoadCheckException when wine cannot start or wineboot fails
     */
    public boolean ensure(Map<String, String> base, java.util.function.Consumer<String> log) throws LoadCheckException {
        Path prefix = wine.prefix().toAbsolutePath();
        if (Files.isRegularFile(prefix.resolve(STAMP))) {
            return false;
        }
        Path lockFile = prefix.resolveSibling(prefix.getFileName() + ".lock");
        try {
            Files.createDirectories(prefix.getParent());
            try (FileChannel ch = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                 FileLock ignored = ch.lock()) {
                if (Files.isRegularFile(prefix.resolve(STAMP))) {
                    return false;
                }
                if (Files.exists(prefix)) {
                    deleteTree(prefix); // an interrupted creation: start over
                }
                log.accept("creating the Wine prefix " + prefix + " (once; about 5 s)");
                Map<String, String> env = wine.environment(base);
                ProcessResult r = runner.run(Path.of(wine.wine()), List.of("wineboot", "--init"), env,
                        prefix.getParent(), line -> { });
                stop(base);
                if (r.launchError() != null) {
                    throw new LoadCheckException("cannot start " + wine.wine() + " (" + r.launchError()
                            + "): install Wine (Debian: apt-get install wine64 wine; this project: ./scripts/wine)"
                            + " or set -Dhip.loadCheck.wine=<path to wine>");
                }
                if (!r.succeeded() || !Files.isRegularFile(prefix.resolve("system.reg"))) {
                    throw new LoadCheckException("creating the Wine prefix " + prefix + " failed ("
                            + (r.timedOut() ? "timed out after " + runner.timeout().toSeconds() + " s" : "exit " + r.exitCode())
                            + "): " + String.join("\n  ", r.output().stream().limit(20).toList()));
                }
                Files.writeString(prefix.resolve(STAMP), "created by hipdll-maven-plugin\n");
                return true;
            }
        } catch (IOException e) {
            throw new LoadCheckException("cannot create the Wine prefix " + prefix + ": " + e.getMessage());
        }
    }

    /**
     * Stops the prefix's Wine server and every Wine process in it ({@code wineserver -k}); waits at
     * most 30 s. Never throws: a server that is not running is the normal case.
     */
    public void stop(Map<String, String> base) {
        new ProcessRunner(Duration.ofSeconds(30)).run(Path.of(wine.wineserver()), List.of("-k"), wine.environment(base),
                wine.prefix().toAbsolutePath().getParent(), line -> { });
    }

    private static void deleteTree(Path dir) throws IOException {
        try (var walk = Files.walk(dir)) {
            for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
