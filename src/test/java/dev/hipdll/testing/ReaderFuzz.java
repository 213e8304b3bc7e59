package dev.hipdll.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;

/**
 * The seeded mutation fuzz of one reader of untrusted bytes, shared by the {@code *FuzzTest}
 * classes of the readers. First the regression inputs kept under {@code src/test/resources/dev/hipdll/fuzz/<reader>/}
 * (every mutant that ever found a bug), then a fixed number of mutants of real seed files ({@link ByteMutator}; count
 * {@code -Dhipdll.fuzz.<reader>Mutants}, default {@value #MUTANTS}; seed {@code -Dhipdll.fuzz.seed}, default the
 * reader's own), the same on every run. Each input is given to the reader on a worker thread. The reader must return
 * or throw one of the project's named format errors, with a message; anything else (another exception, an
 * {@link OutOfMemoryError} under the {@code -Xmx64m} the fuzz tests run with, a {@link StackOverflowError}) is a
 * finding, and so is one input running past {@code -Dhipdll.fuzz.mutantSeconds} (default {@value #HANG_SECONDS} s: a
 * hang guard only, generous for a busy machine; the loop stops there). Findings are written to
 * {@code target/fuzz-holes/} and fail the test. Prints one summary line: counts per outcome, the edits made, the
 * slowest input.
 */
public final class ReaderFuzz {
    /** Mutants a reader by default: fixed, so the verdict never depends on the machine's speed. */
    public static final int MUTANTS = 300;
    /** The hang guard of one input, in seconds. */
    public static final int HANG_SECONDS = 60;

    /** What the reader does with one input; {@code name} is a file name for its messages. */
    @FunctionalInterface
    public interface Reader {
        /** Reads {@code bytes}; returns anything (a value read, a report), or throws. */
        Object read(String name, byte[] bytes) throws Exception;
    }

    /**
     * A seed file and the range of it the mutants edit.
     *
     * @param name       a name for messages and kept files
     * @param bytes      the file
     * @param from       the first byte mutated
     * @param to         one past the last
     * @param dictionary tokens of the format (may be empty)
     */
    public record Seed(String name, byte[] bytes, int from, int to, List<String> dictionary) {
        /** A seed mutated anywhere. */
        public static Seed whole(String name, byte[] bytes, List<String> dictionary) {
            return new Seed(name, bytes, 0, bytes.length, dictionary);
        }
    }

    private ReaderFuzz() {
    }

    /**
     * Runs the regression inputs and the mutants of {@code seeds} through {@code reader} and asserts: no finding, the
     * asked number of mutants run, every seed itself read without an error.
     *
     * @param reader      the reader's short name: the property {@code hipdll.fuzz.<reader>Mutants}, the regression
     *                    directory, the kept files' prefix
     * @param defaultSeed the random seed unless {@code -Dhipdll.fuzz.seed} is given
     * @param seeds       the seed files (each must read)
     * @param named       the exception types the reader may throw (its named format errors)
     * @param read        the reader
     */
    @SafeVarargs
    public static void run(String reader, long defaultSeed, List<Seed> seeds, Reader read,
                           Class<? extends Exception>... named) throws Exception {
        long seed = Long.getLong("hipdll.fuzz.seed", defaultSeed);
        int mutants = Integer.getInteger("hipdll.fuzz." + reader + "Mutants", MUTANTS);
        int hangSeconds = Integer.getInteger("hipdll.fuzz.mutantSeconds", HANG_SECONDS);
        ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "fuzz-" + reader);
            t.setDaemon(true);  // a hung reader never holds the test JVM
            return t;
        });
        List<String> findings = new ArrayList<>();
        int[] outcomes = new int[2];  // read, refused
        long slowest = 0;
        try {
            for (Seed s : seeds) {
                worker.submit(() -> read.read(s.name(), s.bytes())).get(hangSeconds, TimeUnit.SECONDS);  // seeds read
            }
            List<Path> regressions = regressions(reader);
            for (Path p : regressions) {
                String f = one(worker, read, reader, p.getFileName().toString(), Files.readAllBytes(p), hangSeconds, named,
                        outcomes);
                if (f != null) {
                    findings.add("regression input " + p.getFileName() + ": " + f);
                }
            }
            Random rnd = new Random(seed);
            int[] kinds = new int[ByteMutator.KINDS.size()];
            List<ByteMutator> mutators = new ArrayList<>();
            for (Seed s : seeds) {
                mutators.add(new ByteMutator(s.bytes(), s.from(), s.to(), s.dictionary()));
            }
            int run = 0;
            for (int i = 0; i < mutants; i++) {
                int which = rnd.nextInt(seeds.size());
                byte[] m = mutators.get(which).mutate(rnd, kinds);
                String name = reader + "-" + seed + "-" + i + "-of-" + seeds.get(which).name();
                long t0 = System.nanoTime();
                String f = one(worker, read, reader, name, m, hangSeconds, named, outcomes);
                slowest = Math.max(slowest, System.nanoTime() - t0);
                run++;
                if (f != null) {
                    findings.add("mutant " + i + " of " + seeds.get(which).name() + ": " + f);
                    Path keep = Files.createDirectories(Path.of("target", "fuzz-holes"));
                    Files.write(keep.resolve(name), m);
                    if (f.startsWith("hang")) {
                        break;  // the worker is stuck in it
                    }
                }
            }
            StringBuilder k = new StringBuilder();
            for (int i = 0; i < kinds.length; i++) {
                k.append(i == 0 ? "" : ", ").append(ByteMutator.KINDS.get(i)).append(' ').append(kinds[i]);
            }
            System.out.printf("fuzz %s: seed %d, max heap %d MiB, %d regression inputs, %d mutants of %d seed files:"
                    + " %d read, %d refused by name, %d findings; slowest %d ms; edits: %s%n", reader, seed,
                    Runtime.getRuntime().maxMemory() >> 20, regressions.size(), run, seeds.size(), outcomes[0],
                    outcomes[1], findings.size(), slowest / 1_000_000, k);
            findings.forEach(f -> System.out.println("FINDING " + reader + ": " + f));
            assertEquals(List.of(), findings, reader + ": inputs kept in target/fuzz-holes/ (seed " + seed + ")");
            assertEquals(mutants, run, reader + ": mutants run");
        } finally {
            worker.shutdownNow();
        }
    }

    /** The outcome of one input: {@code null} when it read or was refused by name, else the finding. */
    private static String one(ExecutorService worker, Reader read, String reader, String name, byte[] bytes,
                              int hangSeconds, Class<? extends Exception>[] named, int[] outcomes)
            throws InterruptedException {
        Future<Object> f = worker.submit(() -> read.read(name, bytes));
        try {
            f.get(hangSeconds, TimeUnit.SECONDS);
            outcomes[0]++;
            return null;
        } catch (TimeoutException e) {
            f.cancel(true);
            return "hang: still reading after " + hangSeconds + " s";
        } catch (ExecutionException e) {
            Throwable t = e.getCause();
            for (Class<? extends Exception> c : named) {
                if (c.isInstance(t)) {
                    if (t.getMessage() == null || t.getMessage().isBlank()) {
                        return "a " + c.getSimpleName() + " without a message";
                    }
                    outcomes[1]++;
                    return null;
                }
            }
            StringWriter w = new StringWriter();
            t.printStackTrace(new PrintWriter(w));
            String trace = w.toString();
            return t + " (" + reader + " may throw only its named errors)\n" + trace.substring(0, Math.min(trace.length(), 1500));
        }
    }

    /** The regression inputs of {@code reader} on the test class path, sorted by name. */
    static List<Path> regressions(String reader) throws IOException, URISyntaxException {
        URL u = ReaderFuzz.class.getResource("/dev/hipdll/fuzz/" + reader);
        if (u == null) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(Path.of(u.toURI()))) {
            return s.sorted().toList();
        }
    }
}
