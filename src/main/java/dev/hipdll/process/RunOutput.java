package dev.hipdll.process;

import java.util.function.Consumer;

/**
 * Where the lines of one run go: kept in {@link BoundedLines} and passed to the caller's consumer,
 * one line at a time (stdout and stderr are split by two threads; the consumer is never called
 * concurrently). After {@link #close()} lines are dropped: an output pump that outlives the run
 * (a pipe held open by a process the run could not find) no longer reaches the caller. The first
 * exception thrown by the consumer is kept for {@link ProcessRunner} to rethrow; the output is still
 * drained after it.
 */
final class RunOutput implements LineSplitter.Sink {
    private final BoundedLines lines;
    private final Consumer<String> consumer;
    private boolean closed;
    private RuntimeException failure;

    RunOutput(BoundedLines lines, Consumer<String> consumer) {
        this.lines = lines;
        this.consumer = consumer;
    }

    @Override
    public synchronized void line(String kept, long cutChars) {
        if (closed) {
            return;
        }
        String shown = lines.add(kept, cutChars);
        if (failure == null) {
            try {
                consumer.accept(shown);
            } catch (RuntimeException e) {
                failure = e;
            }
        }
    }

    /** Drops every later line. */
    synchronized void close() {
        closed = true;
    }

    /** The first exception the consumer threw, or {@code null}. */
    synchronized RuntimeException failure() {
        return failure;
    }
}
