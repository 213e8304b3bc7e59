package dev.hipdll.testing;

import dev.hipdll.contract.AbiContract;
import dev.hipdll.contract.LoaderSourceParser;
import dev.hipdll.report.CheckTable;
import dev.hipdll.target.GfxTargetList;
import dev.hipdll.verify.DllVerifier;
import dev.hipdll.verify.VerifyOptions;
import dev.hipdll.verify.VerifyReport;
import java.nio.file.Path;
import java.util.List;

/**
 * Runs the verifier in a JVM of its own (so a test can give it a small heap):
 * {@code VerifyMain <dll> <backend_loader.c> <arch> [build path ...]}; prints the table and the
 * peak heap use, exits 0 when the DLL passes, 1 when it is rejected. {@code -Dhipdll.repeat=N} runs the
 * verification N times in the same JVM and prints each time (the benchmark's warm numbers).
 */
public final class VerifyMain {
    private VerifyMain() {
    }

    public static void main(String[] args) throws Exception {
        AbiContract contract = new LoaderSourceParser("coli_cuda_").parse(Path.of(args[1]));
        VerifyOptions o = VerifyOptions.of(contract).withTargets(GfxTargetList.parse(args[2]).targets())
                .withBuildPaths(List.of(args).subList(3, args.length));
        int repeat = Integer.getInteger("hipdll.repeat", 1);
        VerifyReport r = null;
        long ms = 0;
        for (int i = 0; i < repeat; i++) {
            long t0 = System.nanoTime();
            r = new DllVerifier().verify(Path.of(args[0]), o);
            ms = (System.nanoTime() - t0) / 1_000_000;
            if (repeat > 1) {
                System.out.printf("run %d: %d ms%n", i + 1, ms);
            }
        }
        new CheckTable().render(r).forEach(System.out::println);
        long peak = java.lang.management.ManagementFactory.getMemoryPoolMXBeans().stream()
                .filter(p -> p.getType() == java.lang.management.MemoryType.HEAP)
                .mapToLong(p -> p.getPeakUsage().getUsed()).sum();
        System.out.printf("verify took %d ms, peak heap %d MiB, max heap %d MiB%n", ms, peak >> 20,
                Runtime.getRuntime().maxMemory() >> 20);
        System.exit(r.passed() ? 0 : 1);
    }
}
