package dev.hipdll.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.function.Consumer;

/**
 * One build at a time per output directory (two {@code mvn verify} runs of one
 * project at once failed in 7 of 8 tries, racing on {@code .tmp/coli_hip.dll}). An exclusive lock
 * ({@link FileChannel#tryLock}: {@code fcntl} record lock on Linux, {@code LockFileEx} on Windows) on
 * the file {@value #FILE_NAME} in the output directory. A second build, in another JVM or another
 * thread of this one, waits: it reports one line naming the lock file and the holder ({@code pid}
 * and host the holder wrote into the file), then polls every {@value #POLL_MILLIS} ms until the lock
 * is free; the operating system releases the lock when the holding JVM ends however it ends
 * ({@code kill -9} included), so a crashed build never blocks the next one.
 *
 * <p>The lock covers one byte far past the file's content ({@link #LOCK_POSITION}), so the holder's
 * description at the start of the file stays readable on Windows, where locked ranges cannot be read.
 */
public final class OutputLock implements AutoCloseable {
    /** The lock file's name in the output directory. */
    public static final String FILE_NAME = ".hipdll.lock";
    /** Where the locked byte is. */
    static final long LOCK_POSITION = Long.MAX_VALUE - 1;
    /** Time between two attempts while waiting. */
    static final int POLL_MILLIS = 200;

    private final Path file;
    private final FileChannel channel;
    private final FileLock lock;
    private final Duration waited;
    private final boolean contended;

    private OutputLock(Path file, FileChannel channel, FileLock lock, Duration waited, boolean contended) {
        this.file = file;
        this.channel = channel;
        this.lock = lock;
        this.waited = waited;
        this.contended = contended;
    }

    /**
     * Takes the lock of {@code dir}, waiting as long as another build holds it.
     *
     * @param dir     the output directory (created if needed)
     * @param holder  who takes it, written into the lock file for a waiting build's message, e.g. {@code pid 4711 on ci-7}
     * @param waiting receives the one line said when the lock is held by another build
     * @return the lock; {@link #close()} releases it
     * @throws IOException when the lock file cannot be created or locked, or the thread is interrupted while waiting
     *                     ({@link java.io.InterruptedIOException})
     */
    public static OutputLock acquire(Path dir, String holder, Consumer<String> waiting) throws IOException {
        Files.createDirectories(dir);
        return acquire(dir.resolve(FILE_NAME), "another build of " + dir + " to finish", holder, waiting);
    }

    /**
     * Takes the lock held in {@code file}, waiting as long as another build holds it: the same lock as
     * {@link #acquire(Path, String, Consumer)}, for something else than an output directory (a shared Wine prefix).
     *
     * @param file       the lock file (its directory must exist); created if missing
     * @param waitingFor what a waiting build waits for, completing "waiting for ...", e.g.
     *                   {@code another load check to finish with the Wine prefix /home/u/.cache/hipdll/wine-8.0}
     * @param holder     who takes it, written into the lock file for a waiting build's message
     * @param waiting    receives the one line said when the lock is held by another build
     * @return the lock; {@link #close()} releases it
     * @throws IOException when the lock file cannot be created or locked, or the thread is interrupted while waiting
     */
    public static OutputLock acquire(Path file, String waitingFor, String holder, Consumer<String> waiting)
            throws IOException {
        if (Files.isSymbolicLink(file) || (Files.exists(file, LinkOption.NOFOLLOW_LINKS)
                && !Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS))) {
            throw new IOException(file + " is " + (Files.isSymbolicLink(file) ? "a symbolic link" : SpecialFiles.kind(file))
                    + ", not the build's lock file: remove it");
        }
        FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS);
        long start = System.nanoTime();
        boolean said = false;
        try {
            while (true) {
                FileLock l;
                try {
                    l = ch.tryLock(LOCK_POSITION, 1, false);
                } catch (OverlappingFileLockException e) {
                    l = null; // another thread of this JVM holds it
                }
                if (l != null) {
                    // measured before the holder line is written: writing is no wait for another build
                    Duration waited = said ? Duration.ofNanos(System.nanoTime() - start) : Duration.ZERO;
                    ch.truncate(0);
                    ch.write(ByteBuffer.wrap((holder + "\n").getBytes(StandardCharsets.UTF_8)), 0);
                    ch.force(false);
                    return new OutputLock(file, ch, l, waited, said);
                }
                if (!said) {
                    waiting.accept("waiting for " + waitingFor + " (it holds " + file
                            + (holderOf(ch).isEmpty() ? "" : ": " + holderOf(ch)) + ")");
                    said = true;
                }
                try {
                    Thread.sleep(POLL_MILLIS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new java.io.InterruptedIOException("interrupted while waiting for the lock " + file);
                }
            }
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        }
    }

    /** What the holder wrote, at most one line of 200 characters; empty when unreadable. */
    private static String holderOf(FileChannel ch) {
        try {
            ByteBuffer b = ByteBuffer.allocate(200);
            int n = ch.read(b, 0);
            if (n <= 0) {
                return "";
            }
            String s = new String(b.array(), 0, n, StandardCharsets.UTF_8);
            int nl = s.indexOf('\n');
            return (nl >= 0 ? s.substring(0, nl) : s).strip();
        } catch (IOException e) {
            return "";
        }
    }

    /** The lock file. */
    public Path file() {
        return file;
    }

    /**
     * How long {@link #acquire} waited for another build: from the first attempt to the one that got the
     * lock; {@link Duration#ZERO} when the first attempt got it ({@link #contended()} false).
     */
    public Duration waited() {
        return waited;
    }

    /**
     * Whether another build (another JVM, or another thread of this one) held the lock at the first
     * attempt, so {@link #acquire} said the waiting line and waited; only then is there an "other build
     * finished" to report.
     */
    public boolean contended() {
        return contended;
    }

    /** Releases the lock (the file stays, for the next build). */
    @Override
    public void close() throws IOException {
        try {
            if (lock.isValid()) {
                lock.release();
            }
        } finally {
            channel.close();
        }
    }
}
