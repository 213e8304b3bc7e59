package dev.hipdll.testing;

import dev.hipdll.digest.FileDigests;
import dev.hipdll.contract.AbiContract;
import dev.hipdll.io.FileOpener;
import dev.hipdll.provenance.ExpectedDigest;
import dev.hipdll.findings.Check;
import dev.hipdll.contract.LoaderSourceParser;
import dev.hipdll.report.CheckTable;
import dev.hipdll.gfx.GfxTargetList;
import dev.hipdll.verify.DeviceCodeOptions;
import dev.hipdll.verify.DllVerifier;
import dev.hipdll.verify.VerifyOptions;
import dev.hipdll.verify.VerifyReport;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs the verifier in a JVM of its own (so a test can give it a small heap):
 * {@code VerifyMain <dll> <backend_loader.c> <arch> [build path ...]}; prints the table and the
 * peak heap use, exits 0 when the DLL passes, 1 when it is rejected. {@code -Dhipdll.repeat=N} runs the
 * verification N times in the same JVM and prints each time (the benchmark's warm numbers);
 * {@code -Dhipdll.skip=id,...} switches checks off as {@code hip.checks.skip} does.
 *
 * <p>{@code -Dhipdll.sha256=<hex>} adds hipdll:verify's {@code artifact.sha256} check and a stamp
 * promotion's digest of the DLL, as the goal does with {@code -Dhip.expectedSha256} and a pending
 * build stamp: {@code -Dhipdll.digest=shared} (the goal now: one read, the scan computes the digest
 * into {@link FileDigests}) or {@code separate} (as before: the verifier, then one more read of
 * the DLL for each of the two digests).
 */
public final class VerifyMain {
    private VerifyMain() {
    }

    private static VerifyReport verify(Path dll, VerifyOptions o) throws java.io.IOException {
        String expected = System.getProperty("hipdll.sha256");
        if (expected == null) {
            return new DllVerifier().verify(dll, o);
        }
        ExpectedDigest want = ExpectedDigest.of(expected, "-Dhipdll.sha256");
        boolean shared = !"separate".equals(System.getProperty("hipdll.digest", "shared"));
        FileDigests digests = new FileDigests();
        VerifyReport r = shared ? new DllVerifier(FileOpener.standard(), digests).verify(dll, o)
                : new DllVerifier().verify(dll, o);
        List<Check> checks = new ArrayList<>(r.checks());
        checks.add(shared ? want.check(dll, digests) : want.check(dll));
        // the pending stamp's promotion compares the DLL's digest with the stamp's
        String stampDigest = shared ? digests.of(dll) : new FileDigests().of(dll);
        if (!stampDigest.equals(want.sha256())) {
            throw new IllegalStateException("digest " + stampDigest);
        }
        return new VerifyReport(r.dll(), checks, r.facts());
    }

    public static void main(String[] args) throws Exception {
        AbiContract contract = new LoaderSourceParser("coli_cuda_").parse(Path.of(args[1]));
        VerifyOptions o = VerifyOptions.builder(contract)
                .deviceCode(DeviceCodeOptions.forTargets(GfxTargetList.parse(args[2]).targets()))
                .buildPaths(List.of(args).subList(3, args.length)).build();
        String skip = System.getProperty("hipdll.skip", "");   // e.g. paths.build: the other checks alone
        if (!skip.isBlank()) {
            o = o.toBuilder().skippedChecks(java.util.Set.of(skip.split(","))).build();
        }
        int repeat = Integer.getInteger("hipdll.repeat", 1);
        VerifyReport r = null;
        long ms = 0;
        for (int i = 0; i < repeat; i++) {
            long t0 = System.nanoTime();
            r = verify(Path.of(args[0]), o);
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
