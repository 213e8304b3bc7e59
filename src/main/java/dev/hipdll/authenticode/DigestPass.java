package dev.hipdll.authenticode;

import dev.hipdll.bytes.BinaryFormatException;
import dev.hipdll.bytes.ByteSource;
import dev.hipdll.bytes.ReadBudget;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

/**
 * One digest fed with a file's bytes in a given order: ranges of the file, and runs of zero bytes standing for a
 * field that the hashed image holds as zeros (the unsigned image's {@code CheckSum} and data directory 4). Reading is
 * streaming, {@link ImageDigest#CHUNK} bytes at a time into a buffer of the pass's own, and checks the verification's
 * time budget at every chunk; a pass may run on any thread.
 *
 * <p>{@link #runAll} runs several passes over the same file at once, one per core: each reads the file itself, so
 * the digests never wait for one another (a second read of a file in the page cache costs a copy, about a fifth of
 * what a SHA-256 of the same bytes costs).
 */
final class DigestPass implements Callable<byte[]> {
    /**
     * One piece of the hashed byte stream.
     *
     * @param from  first file offset of a range (inclusive)
     * @param to    end file offset of a range (exclusive; {@code to <= from} is empty)
     * @param zeros when positive, this many zero bytes instead of a range
     */
    record Segment(long from, long to, int zeros) {
        static Segment range(long from, long to) {
            return new Segment(from, to, 0);
        }

        static Segment zeros(int n) {
            return new Segment(0, 0, n);
        }
    }

    private final String name;
    private final ByteSource src;
    private final ReadBudget budget;
    private final MessageDigest digest;
    private final List<Segment> segments;

    /**
     * @param name     the file's name, for errors
     * @param src      the file
     * @param budget   the verification's budget (only its time is asked: safe from any thread)
     * @param digest   a fresh digest, owned by this pass
     * @param segments what is hashed, in order
     */
    DigestPass(String name, ByteSource src, ReadBudget budget, MessageDigest digest, List<Segment> segments) {
        this.name = name;
        this.src = src;
        this.budget = budget;
        this.digest = digest;
        this.segments = List.copyOf(segments);
    }

    /**
     * Hashes the segments.
     *
     * @return the digest
     * @throws BinaryFormatException when a range lies past the end of the file, or the time is up
     */
    @Override
    public byte[] call() throws IOException {
        byte[] buf = null;
        for (Segment s : segments) {
            if (s.zeros() > 0) {
                digest.update(new byte[s.zeros()]);
                continue;
            }
            if (buf == null) {
                buf = new byte[(int) Math.min(ImageDigest.CHUNK, Math.max(4096, src.size()))];
            }
            for (long at = s.from(); at < s.to(); ) {
                budget.time(name, "Authenticode image hash", at);
                int n = (int) Math.min(buf.length, s.to() - at);
                src.readInto(at, buf, 0, n, "Authenticode image hash");
                digest.update(buf, 0, n);
                at += n;
            }
        }
        return digest.digest();
    }

    /**
     * Runs {@code passes}, the first on the caller's thread and each other on a daemon thread of its own while
     * {@code processors} allows (the rest after the first, on the caller's thread), and returns when every pass has
     * ended: no thread reads the file after this returns or throws.
     *
     * @param processors the processors available; 1 runs every pass on the caller's thread, one after the other
     * @return the digests, in the order of {@code passes}
     * @throws IOException what the first failing pass (in list order) threw
     */
    static List<byte[]> runAll(List<DigestPass> passes, int processors) throws IOException {
        int threads = Math.min(passes.size() - 1, Math.max(0, processors - 1));
        List<FutureTask<byte[]>> tasks = new ArrayList<>();
        List<Thread> started = new ArrayList<>();
        for (int i = 1; i <= threads; i++) {
            FutureTask<byte[]> task = new FutureTask<>(passes.get(i));
            Thread t = new Thread(task, "hipdll-image-hash-" + i);
            t.setDaemon(true);
            t.start();
            tasks.add(task);
            started.add(t);
        }
        byte[][] out = new byte[passes.size()][];
        IOException failed = null;
        try {
            out[0] = passes.get(0).call();
            for (int i = threads + 1; i < passes.size(); i++) {
                out[i] = passes.get(i).call();
            }
        } catch (IOException e) {
            failed = e;
        } finally {
            joinAll(started);
        }
        for (int i = 0; i < tasks.size(); i++) {
            try {
                out[i + 1] = tasks.get(i).get();  // ended: returns at once
            } catch (ExecutionException e) {
                if (failed == null) {
                    failed = asIoException(e.getCause());
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted while hashing " + name(passes));
            }
        }
        if (failed != null) {
            throw failed;
        }
        List<byte[]> digests = new ArrayList<>(out.length);
        for (byte[] d : out) {
            digests.add(d);
        }
        return digests;
    }

    private static String name(List<DigestPass> passes) {
        return passes.get(0).name;
    }

    /** Joins every thread (each pass is bounded by the file size and the time budget), keeping an interrupt. */
    private static void joinAll(List<Thread> threads) {
        boolean interrupted = false;
        for (Thread t : threads) {
            while (true) {
                try {
                    t.join();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private static IOException asIoException(Throwable cause) {
        if (cause instanceof IOException io) {
            return io;
        }
        if (cause instanceof RuntimeException re) {
            throw re;
        }
        if (cause instanceof Error err) {
            throw err;
        }
        return new IOException(cause);
    }
}
