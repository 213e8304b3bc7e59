package dev.hipdll.process;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryType;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * For {@code scripts/bench/long-line}: {@code LongLineMain <MiB>} runs a child that prints one line
 * of that many MiB without a line break, then {@code end}, through {@link ProcessRunner}'s public API
 * (so an older revision of the runner can be measured with the same program), and prints the wall
 * time, the first kept line's length and the sum of the heap pools' peak use.
 */
public final class LongLineMain {
    private LongLineMain() {
    }

    public static void main(String[] args) {
        long bytes = Long.parseLong(args[0]) << 20;
        long t0 = System.nanoTime();
        String outcome;
        try {
            ProcessResult r = new ProcessRunner(Duration.ofSeconds(120)).run(Path.of("/bin/sh"),
                    List.of("-c", "head -c " + bytes + " /dev/zero | tr '\\0' x; echo; echo end"),
                    Map.of("PATH", "/usr/bin:/bin"), Path.of("."), l -> { });
            outcome = "exit " + r.exitCode() + (r.timedOut() ? " (timed out)" : "") + ", " + r.output().size()
                    + " lines kept, the first " + (r.output().isEmpty() ? 0 : r.output().get(0).length()) + " chars";
        } catch (OutOfMemoryError e) {
            outcome = "OutOfMemoryError";
        }
        long peak = ManagementFactory.getMemoryPoolMXBeans().stream().filter(p -> p.getType() == MemoryType.HEAP)
                .mapToLong(p -> p.getPeakUsage().getUsed()).sum();
        System.out.printf("%d MiB line: %d ms, %s, peak heap %d MiB (max heap %d MiB)%n", bytes >> 20,
                (System.nanoTime() - t0) / 1_000_000, outcome, peak >> 20, Runtime.getRuntime().maxMemory() >> 20);
    }
}
