package dev.hipdll.testing;

import dev.hipdll.contract.AbiContract;
import dev.hipdll.contract.LoaderSourceParser;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryType;
import java.nio.file.Path;

/**
 * Times {@link LoaderSourceParser} in a JVM of its own (for {@code scripts/bench/contract}):
 * {@code ContractBench <runs> <loader.c> ...}; for each file prints the contract size and the time
 * of each run (the first one cold: interpreter and JIT warm-up included), then the peak heap.
 */
public final class ContractBench {
    private ContractBench() {
    }

    public static void main(String[] args) throws Exception {
        int runs = Integer.parseInt(args[0]);
        for (int a = 1; a < args.length; a++) {
            Path f = Path.of(args[a]);
            StringBuilder times = new StringBuilder();
            AbiContract.NamedContract c = null;
            for (int i = 0; i < runs; i++) {
                long t0 = System.nanoTime();
                c = new LoaderSourceParser("coli_cuda_").parse(f);
                times.append(String.format(" %.1f", (System.nanoTime() - t0) / 1e6));
            }
            System.out.printf("%s: %d bytes, %d required + %d optional; runs (ms):%s%n", f.getFileName(),
                    f.toFile().length(), c.required().size(), c.optional().size(), times);
        }
        long peak = ManagementFactory.getMemoryPoolMXBeans().stream().filter(p -> p.getType() == MemoryType.HEAP)
                .mapToLong(p -> p.getPeakUsage().getUsed()).sum();
        System.out.printf("peak heap %d MiB, max heap %d MiB%n", peak >> 20, Runtime.getRuntime().maxMemory() >> 20);
    }
}
