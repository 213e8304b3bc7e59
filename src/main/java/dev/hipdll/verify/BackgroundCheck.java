package dev.hipdll.verify;

import java.io.IOException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

/**
 * One check run on a thread of its own, so that verify's whole-file read (the build-path scan)
 * overlaps the checks that read only headers and tables: on two or more cores the first verify in
 * a fresh JVM, whose header checks spend their time loading classes and in the interpreter, takes
 * about the longer of the two instead of their sum (docs/performance.md). The thread is a daemon
 * named {@code hipdll-verify-<check id>}; {@link #result()} and {@link #awaitQuietly()} wait for it,
 * so no thread reads the file after the verifier has returned (on Windows a file being read can
 * still be replaced, but the caller closes its handle only after this).
 */
final class BackgroundCheck {
    /** The body of the check; may read the file. */
    interface Body {
        Check run() throws IOException;
    }

    private final FutureTask<Check> task;

    private BackgroundCheck(FutureTask<Check> task) {
        this.task = task;
    }

    /** Starts {@code body} on a new daemon thread. */
    static BackgroundCheck start(String id, Body body) {
        FutureTask<Check> task = new FutureTask<>(body::run);
        Thread t = new Thread(task, "hipdll-verify-" + id);
        t.setDaemon(true);
        t.start();
        return new BackgroundCheck(task);
    }

    /**
     * Waits for the check and returns its result; what it threw is thrown here, as if it had run on
     * the caller's thread.
     *
     * @throws IOException as the body threw it (a {@link dev.hipdll.bytes.BinaryFormatException} too)
     */
    Check result() throws IOException {
        try {
            return awaitInterruptibly();
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof IOException io) {
                throw io;
            }
            if (cause instanceof RuntimeException re) {
                throw re;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(cause);
        }
    }

    /** Waits for the check to end, whatever its outcome (an interrupt is kept for the caller). */
    void awaitQuietly() {
        try {
            awaitInterruptibly();
        } catch (ExecutionException e) {
            // reported by result()
        }
    }

    private Check awaitInterruptibly() throws ExecutionException {
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return task.get();
                } catch (InterruptedException e) {
                    interrupted = true;  // the scan is bounded by the file size: wait for it to end
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
