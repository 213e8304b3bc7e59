package dev.hipdll.verify;

import java.io.IOException;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

/**
 * One part of a verification run on a thread of its own, so that verify's whole-file reads (the
 * build-path scan, the Authenticode image hash) overlap the checks that read only headers and tables:
 * on two or more cores the first verify in a fresh JVM, whose header checks spend their time loading
 * classes and in the interpreter, takes about the longer of the two instead of their sum
 * (docs/performance.md). The thread is a daemon named {@code hipdll-verify-<name>} (a check id, or
 * what the task computes); {@link #result()} and {@link #awaitQuietly()} wait for it,
 * so the thread has ended, and no longer reads the file, when the verifier returns; the verifier then
 * closes its one handle on the DLL (no memory mapping is used: on Java 17 a mapping cannot be released
 * on demand, and on Windows a mapped file cannot be replaced, which the build does atomically).
 */
final class BackgroundTask<T> {
    /** The body of the task (a check, a digest); may read the file. */
    interface Body<T> {
        T run() throws IOException;
    }

    /** A {@link Body} as the {@link Callable} of a {@link FutureTask}. */
    private static final class BodyCall<T> implements Callable<T> {
        private final Body<T> body;

        BodyCall(Body<T> body) {
            this.body = body;
        }

        @Override
        public T call() throws IOException {
            return body.run();
        }
    }

    private final FutureTask<T> task;
    private final Thread thread;

    private BackgroundTask(FutureTask<T> task, Thread thread) {
        this.task = task;
        this.thread = thread;
    }

    /** Starts {@code body} on a new daemon thread named {@code hipdll-verify-<name>}. */
    static <T> BackgroundTask<T> start(String name, Body<T> body) {
        FutureTask<T> task = new FutureTask<>(new BodyCall<>(body));
        Thread t = new Thread(task, "hipdll-verify-" + name);
        t.setDaemon(true);
        t.start();
        return new BackgroundTask<>(task, t);
    }

    /**
     * Waits for the task and returns its result; what it threw is thrown here, as if it had run on
     * the caller's thread.
     *
     * @throws IOException as the body threw it (a {@link dev.hipdll.bytes.BinaryFormatException} too)
     */
    T result() throws IOException {
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

    /** Waits for the task to end, whatever its outcome (an interrupt is kept for the caller). */
    void awaitQuietly() {
        try {
            awaitInterruptibly();
        } catch (ExecutionException e) {
            // reported by result()
        }
    }

    /** Joins the thread (so it has ended, not only delivered), then takes the task's outcome. */
    private T awaitInterruptibly() throws ExecutionException {
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    thread.join();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;  // a task is bounded by the file size: wait for it to end
                }
            }
            while (true) {
                try {
                    return task.get();  // done: returns at once
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
