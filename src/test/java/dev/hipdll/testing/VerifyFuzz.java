package dev.hipdll.testing;

import dev.hipdll.contract.AbiContract;
import dev.hipdll.contract.LoaderSourceParser;
import dev.hipdll.gfx.GfxTargetList;
import dev.hipdll.findings.CheckIds;
import dev.hipdll.verify.DeviceCodeOptions;
import dev.hipdll.verify.DllVerifier;
import dev.hipdll.verify.ImportPolicy;
import dev.hipdll.verify.VerifyOptions;
import dev.hipdll.verify.VerifyReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.Random;
import java.util.Set;

/**
 * The seeded mutation fuzz of the whole verifier, run in a JVM of its own so the test gives it
 * {@code -Xmx64m}: {@code VerifyFuzz <out dir> <mutants> <seed> <seconds> <loader.c> <dll>:<example|plain> ...}.
 * Each mutant of a seed DLL ({@link StructureMutator}, kinds in turn) is verified with the options
 * under which its seed passes; the outcome is one of DLL VERIFIED (the mutant is written to the
 * out dir as {@code pass-<n>.dll} for the llvm-readobj comparison), DLL REJECTED, a crash (anything
 * thrown), a hang (one verification over {@link #HANG_MILLIS}; verify's own time limit is 60 s) or an
 * OutOfMemoryError. Every 8th rejected mutant is written as {@code sample-<n>.dll}. It stops after
 * {@code mutants}, or at {@code seconds} (a hang guard only: the caller fails when fewer ran), and
 * prints one line per kind and a closing {@code fuzz:} line with the counts.
 */
public final class VerifyFuzz {
    /**
     * One verification longer than this is a hang: twice verify's own time limit ({@code hip.verifyTimeLimit},
     * 60 s), so a loaded machine never makes a slow verification one.
     */
    static final long HANG_MILLIS = 120_000;
    private VerifyFuzz() {
    }

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args[0]);
        int mutants = Integer.parseInt(args[1]);
        long seed = Long.parseLong(args[2]);
        long deadline = System.nanoTime() + Long.parseLong(args[3]) * 1_000_000_000L;
        AbiContract loader = new LoaderSourceParser("coli_cuda_").parse(Path.of(args[4]));
        List<byte[]> seeds = new ArrayList<>();
        List<StructureMutator> mutators = new ArrayList<>();
        List<VerifyOptions> options = new ArrayList<>();
        Set<String> skip = Set.of(CheckIds.PATHS_BUILD);
        for (int i = 5; i < args.length; i++) {
            int colon = args[i].lastIndexOf(':');
            byte[] b = Files.readAllBytes(Path.of(args[i].substring(0, colon)));
            seeds.add(b);
            mutators.add(new StructureMutator(b));
            boolean example = args[i].substring(colon + 1).equals("example");
            options.add(example
                    ? VerifyOptions.builder(loader)
                            .deviceCode(DeviceCodeOptions.forTargets(GfxTargetList.parse("gfx1151").targets()))
                            .runtimeMajor(OptionalInt.of(7)).skippedChecks(skip).build()
                    : VerifyOptions.builder(new AbiContract.CountContract("coli_cuda_", 0, "fuzz"))
                            .imports(ImportPolicy.forRuntime(true, OptionalInt.empty())
                                    .withAllowed(List.of("*"), "fuzz"))
                            .skippedChecks(skip).build());
        }
        DllVerifier verifier = new DllVerifier();
        for (int i = 0; i < seeds.size(); i++) {
            Path p = Files.write(out.resolve("seed-" + i + ".dll"), seeds.get(i));
            VerifyReport r = verifier.verify(p, options.get(i));
            if (!r.passed()) {
                throw new IllegalStateException("seed " + args[5 + i] + " does not pass: " + r.checks());
            }
        }
        Random rnd = new Random(seed);
        int kinds = StructureMutator.KINDS.size();
        int[][] byKind = new int[kinds][2];   // run, rejected
        int run = 0;
        int passed = 0;
        int rejected = 0;
        int crashes = 0;
        int hangs = 0;
        int ooms = 0;
        long worstMs = 0;
        for (int i = 0; i < mutants && System.nanoTime() < deadline; i++) {
            int s = rnd.nextInt(seeds.size());
            List<Integer> ks = mutators.get(s).kinds();
            int kind = ks.get(rnd.nextInt(ks.size()));
            byte[] m = mutators.get(s).mutate(kind, rnd);
            Path file = out.resolve("mutant.dll");
            Files.write(file, m);
            run++;
            byKind[kind][0]++;
            long t0 = System.nanoTime();
            try {
                VerifyReport r = verifier.verify(file, options.get(s));
                if (r.passed()) {
                    passed++;
                    Files.write(out.resolve("pass-" + i + ".dll"), m);
                } else {
                    rejected++;
                    byKind[kind][1]++;
                    if (rejected % 8 == 0) {
                        Files.write(out.resolve("sample-" + i + ".dll"), m);
                    }
                }
            } catch (OutOfMemoryError e) {
                ooms++;
                System.out.println("OOM: mutant " + i + " (" + StructureMutator.KINDS.get(kind) + ") of seed " + s);
                Files.write(out.resolve("oom-" + i + ".dll"), m);
            } catch (Throwable t) {
                crashes++;
                System.out.println("CRASH: mutant " + i + " (" + StructureMutator.KINDS.get(kind) + ") of seed " + s + ": " + t);
                Files.write(out.resolve("crash-" + i + ".dll"), m);
            }
            long ms = (System.nanoTime() - t0) / 1_000_000;
            worstMs = Math.max(worstMs, ms);
            if (ms > HANG_MILLIS) {
                hangs++;
                System.out.println("HANG: mutant " + i + " took " + ms + " ms");
                Files.write(out.resolve("hang-" + i + ".dll"), m);
            }
        }
        for (int k = 0; k < kinds; k++) {
            System.out.printf("kind %s: %d mutants, %d rejected%n", StructureMutator.KINDS.get(k), byKind[k][0], byKind[k][1]);
        }
        System.out.printf("fuzz: seed %d, max heap %d MiB: %d mutants run, %d verified, %d rejected, %d crashes, %d hangs,"
                + " %d OOMs; slowest %d ms%n", seed, Runtime.getRuntime().maxMemory() >> 20, run, passed, rejected, crashes,
                hangs, ooms, worstMs);
    }
}
