package dev.hipdll.process;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.Charset;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.exec.ExecuteStreamHandler;

/**
 * Reads the child's stdout and stderr (commons-exec's {@link ExecuteStreamHandler}; the child's
 * stdin is closed at once) on two daemon threads, each through its own {@link LineSplitter} into
 * the run's {@link RunOutput}. commons-exec calls {@link #stop()} once the child has exited; it
 * first runs {@code afterExit} (which ends the processes the child left running: they may hold the
 * pipes open), then waits for the pumps to reach the end of their streams, at most
 * {@code drainTimeout}; when they have not, it runs {@code afterExit} again and waits once more. A pump
 * still blocked then is abandoned ({@link #abandoned()}): the pipe is held open by a process nobody
 * could find, and the build must not hang on it.
 */
final class OutputPumps implements ExecuteStreamHandler {
    private static final int READ_BUFFER = 65536;

    private final Charset charset;
    private final int maxChars;
    private final RunOutput output;
    private final Duration drainTimeout;
    private final Runnable afterExit;
    private final Runnable onInterrupt;
    private final List<Thread> pumps = new ArrayList<>();
    private volatile boolean abandoned;

    /**
     * @param charset      how the child encodes its output
     * @param maxChars     characters kept of one line
     * @param output       receives the lines
     * @param drainTimeout how long to wait for the streams' end after the child exited
     * @param afterExit    runs when the child has exited, before the wait
     * @param onInterrupt  runs when the waiting thread is interrupted during the wait
     */
    OutputPumps(Charset charset, int maxChars, RunOutput output, Duration drainTimeout, Runnable afterExit,
                Runnable onInterrupt) {
        this.charset = charset;
        this.maxChars = maxChars;
        this.output = output;
        this.drainTimeout = drainTimeout;
        this.afterExit = afterExit;
        this.onInterrupt = onInterrupt;
    }

    @Override
    public void setProcessInputStream(OutputStream os) throws IOException {
        os.close(); // the child reads no input: it sees end of file at once
    }

    @Override
    public void setProcessErrorStream(InputStream is) {
        pumps.add(pump(is, "stderr"));
    }

    @Override
    public void setProcessOutputStream(InputStream is) {
        pumps.add(pump(is, "stdout"));
    }

    private Thread pump(InputStream in, String name) {
        LineSplitter splitter = new LineSplitter(charset, maxChars, output);
        Thread t = new Thread(() -> {
            byte[] buffer = new byte[READ_BUFFER];
            try {
                for (int n; (n = in.read(buffer)) >= 0; ) {
                    splitter.write(buffer, 0, n);
                }
            } catch (IOException e) {
                // the stream was closed under us: the output ends here
            } finally {
                splitter.finish();
            }
        }, "hipdll-" + name + "-pump");
        t.setDaemon(true);
        return t;
    }

    @Override
    public void start() {
        pumps.forEach(Thread::start);
    }

    @Override
    public void stop() {
        afterExit.run();
        if (!drained()) {
            // a second look before giving up: on a busy machine the first can come before a holder that was just
            // starting is visible, or the pumps can be kept off the CPU for the whole first wait
            afterExit.run();
            abandoned = !drained();
        }
    }

    /** Waits at most {@code drainTimeout} for every pump to reach the end of its stream; whether all did. */
    private boolean drained() {
        long deadline = System.nanoTime() + drainTimeout.toNanos();
        for (Thread t : pumps) {
            while (t.isAlive()) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                try {
                    t.join(Math.max(1, left / 1_000_000));
                } catch (InterruptedException e) {
                    onInterrupt.run();
                }
            }
        }
        return true;
    }

    /** Whether a pump was still reading when the wait for the end of the output ended. */
    boolean abandoned() {
        return abandoned;
    }
}
