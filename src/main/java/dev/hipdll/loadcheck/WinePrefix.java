package dev.hipdll.loadcheck;

import dev.hipdll.io.IoProblem;
import dev.hipdll.io.OutputLock;
import dev.hipdll.process.ProcessResult;
import dev.hipdll.process.ProcessRunner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The one Wine prefix the load checks run in: created on first use with {@code wine wineboot --init}
 * (about 5 s and 700 MB), marked complete with {@value #STAMP}, and reused afterwards. The prefix may be
 * shared by every project of a user ({@link SharedWinePrefix}), so a load check {@linkplain #use uses} it
 * under an exclusive lock ({@code <prefix>.lock}, {@link OutputLock}: another JVM or another thread of this
 * one waits, saying so once): creation happens once, and {@code wineserver -k}, run after every use so no
 * Wine server is left running, never stops another build's program in the same prefix.
 */
public final class WinePrefix {
    /** File in the prefix that marks a completed creation. */
    public static final String STAMP = ".hipdll-prefix-complete";

    private final Launcher.Wine wine;
    private final ProcessRunner runner;
    private final dev.hipdll.parameter.ParameterHints hints;

    /**
     * @param wine   the launcher (executables and prefix directory)
     * @param runner runs wineboot and wineserver (its timeout bounds prefix creation)
     */
    public WinePrefix(Launcher.Wine wine, ProcessRunner runner) {
        this(wine, runner, dev.hipdll.parameter.ParameterHints.MAVEN);
    }

    /**
     * @param wine   the launcher (executables and prefix directory)
     * @param runner runs wineboot and wineserver (its timeout bounds prefix creation)
     * @param hints  how the front end tells its user to set {@code hip.loadCheck.wine}
     */
    public WinePrefix(Launcher.Wine wine, ProcessRunner runner, dev.hipdll.parameter.ParameterHints hints) {
        this.wine = wine;
        this.runner = runner;
        this.hints = hints;
    }

    /**
     * Takes the prefix for one load check: waits for its lock ({@code <prefix>.lock} beside it), creates the prefix
     * unless it exists and is complete, and returns the use; closing the use stops the prefix's Wine server
     * ({@link #stop}) and then releases the lock.
     *
     * @param base   the environment Wine runs in (the launcher adds WINEPREFIX etc.)
     * @param holder who uses it, for a waiting build's message, e.g. {@code pid 4711 (hipdll:load-check)}
     * @param log    receives progress lines (waiting for the lock, creating the prefix)
     * @return the held prefix
     * @throws LoadCheckException when the lock cannot be taken, wine cannot start or wineboot fails
     */
    public Use use(Map<String, String> base, String holder, java.util.function.Consumer<String> log)
            throws LoadCheckException {
        Path prefix = wine.prefix().toAbsolutePath();
        OutputLock lock;
        try {
            Files.createDirectories(prefix.getParent());
            lock = OutputLock.acquire(prefix.resolveSibling(prefix.getFileName() + ".lock"),
                    "another load check to finish with the Wine prefix " + prefix, holder, log);
        } catch (IOException e) {
            throw new LoadCheckException("cannot lock the Wine prefix " + prefix + ": " + IoProblem.describe(e));
        }
        try {
            return new Use(ensure(base, log), () -> {
                try {
                    stop(base);
                } finally {
                    release(lock);
                }
            });
        } catch (LoadCheckException | RuntimeException e) {
            release(lock);
            throw e;
        }
    }

    /**
     * A load check's hold on the prefix.
     *
     * @param created whether the prefix was created for this use (false: reused)
     * @param release stops the prefix's server and releases the lock
     */
    public record Use(boolean created, Runnable release) implements AutoCloseable {
        /** Stops the prefix's Wine server, then releases the lock; never throws. */
        @Override
        public void close() {
            release.run();
        }
    }

    private static void release(OutputLock lock) {
        try {
            lock.close();
        } catch (IOException e) {
            // the operating system releases the lock with the JVM at the latest
        }
    }

    /** Creates the prefix unless it exists and is complete; the caller holds the lock. */
    private boolean ensure(Map<String, String> base, java.util.function.Consumer<String> log) throws LoadCheckException {
        Path prefix = wine.prefix().toAbsolutePath();
        if (Files.isRegularFile(prefix.resolve(STAMP))) {
            return false;
        }
        try {
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
                        + "): install Wine (Debian: apt-get install wine64 wine; this project: ./scripts/install/wine)"
                        + " or set " + hints.set("hip.loadCheck.wine", "<path to wine>"));
            }
            if (!r.succeeded() || !Files.isRegularFile(prefix.resolve("system.reg"))) {
                throw new LoadCheckException("creating the Wine prefix " + prefix + " failed ("
                        + (r.timedOut() ? "timed out after " + runner.timeout().toSeconds() + " s" : "exit " + r.exitCode())
                        + "): " + String.join("\n  ", r.output().stream().limit(20).toList()));
            }
            Files.writeString(prefix.resolve(STAMP), "created by hipdll-maven-plugin\n");
            return true;
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
