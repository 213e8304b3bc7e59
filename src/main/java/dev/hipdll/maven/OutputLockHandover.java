package dev.hipdll.maven;

import dev.hipdll.io.OutputLock;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugin.logging.Log;

/**
 * Holds a build's {@link OutputLock} while hipdll:build runs and, when the build left its stamp
 * pending for hipdll:verify of the same Maven build, hands the lock to verify through the plugin
 * context (one map per plugin and project, shared by its mojos; one entry per output directory), so
 * a second build of the project in another JVM waits for the verdict instead of rebuilding a DLL that
 * is being verified. Verify releases every lock handed to it, also when it is skipped
 * ({@link #release}); a later build execution of the same project and directory takes the handed-over
 * lock over instead of waiting for itself ({@link #acquire}); a lock that no verify takes is released
 * when the JVM ends.
 */
final class OutputLockHandover {
    /** Prefix of the keys of handed-over locks in the plugin context; the output directory follows. */
    static final String KEY = "dev.hipdll.outputLock:";

    /** The build goal's body. */
    interface Body {
        void run() throws MojoExecutionException, MojoFailureException;
    }

    private OutputLockHandover() {
    }

    /**
     * The lock of {@code dir}: the one this project's earlier build execution handed over, if any, else a
     * new one ({@link OutputLock#acquire}, which waits for other builds).
     */
    @SuppressWarnings("rawtypes")
    static OutputLock acquire(Path dir, String holder, Consumer<String> waiting, Map context) throws IOException {
        if (context != null && context.remove(key(dir)) instanceof OutputLock mine) {
            return mine;
        }
        return OutputLock.acquire(dir, holder, waiting);
    }

    /** Whether {@code context} holds a lock of {@code dir} handed over by this project's earlier build execution. */
    @SuppressWarnings("rawtypes")
    static boolean handedOver(Path dir, Map context) {
        return context != null && context.get(key(dir)) instanceof OutputLock;
    }

    /**
     * Runs {@code body} holding {@code lock} (of {@code dir}); afterwards releases it, or hands it to
     * verify when {@code pending} says the stamp waits for verify and a plugin context is there.
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static void runHolding(Path dir, OutputLock lock, Body body, BooleanSupplier pending, Map context, Log log)
            throws MojoExecutionException, MojoFailureException {
        boolean handed = false;
        try {
            body.run();
            if (context != null && pending.getAsBoolean()) {
                context.put(key(dir), lock);
                handed = true;
            }
        } finally {
            if (!handed) {
                close(lock, log);
            }
        }
    }

    /** Releases every lock hipdll:build handed over in this context (verify calls this when it has a verdict or is skipped). */
    @SuppressWarnings("rawtypes")
    static void release(Map context, Log log) {
        if (context == null) {
            return;
        }
        for (Object k : new ArrayList<>(context.keySet())) {
            if (k instanceof String s && s.startsWith(KEY) && context.remove(k) instanceof OutputLock l) {
                close(l, log);
            }
        }
    }

    private static String key(Path dir) {
        return KEY + dir.toAbsolutePath().normalize();
    }

    private static void close(OutputLock lock, Log log) {
        try {
            lock.close();
        } catch (IOException e) {
            log.warn("cannot release " + lock.file() + " (" + e.getMessage() + "); it is released when this JVM ends");
        }
    }
}
