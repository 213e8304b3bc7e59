package dev.hipdll.testing;

import dev.hipdll.contract.AbiContract;
import dev.hipdll.findings.Check;
import dev.hipdll.findings.CheckIds;
import dev.hipdll.findings.Verdict;
import dev.hipdll.verify.DllVerifier;
import dev.hipdll.verify.VerifyOptions;
import dev.hipdll.verify.VerifyReport;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;

/**
 * The seeded mutation fuzz of the load configuration reader and the hardening checks that read it
 * ({@code LoadConfig}, {@code GuardClaims}, {@code hardening.guard-cf}, {@code hardening.cet-compat}), run in a JVM of
 * its own so the test gives it {@code -Xmx64m}:
 * {@code LoadConfigFuzz <out dir> <mutants> <seed> <dll> <load config file offset>}. Each mutant changes only the
 * 0x140 bytes of the seed's {@code IMAGE_LOAD_CONFIG_DIRECTORY64}, in turn: a boundary or an in-image value into
 * one of its pointer, table, count or flag fields ({@link #FIELDS}), its {@code Size}, or a few random bytes. Each is
 * verified; a mutant on which {@code guard-cf} or {@code cet-compat} PASSes is written as {@code pass-<n>.dll} (the
 * test asks llvm-readobj-19 about it), a crash, a hang (over 10 s: a guard only) or an out-of-memory as
 * {@code crash-<n>.dll}. Prints a closing {@code fuzz:} line with the counts.
 */
public final class LoadConfigFuzz {
    /** The u64 fields of the structure mutated (PE32+ offsets): pointers, tables and counts. */
    static final int[] FIELDS = {0x58, 0x60, 0x68, 0x70, 0x78, 0x80, 0x88, 0xA0, 0xA8, 0xB0, 0xB8, 0xC8, 0x108, 0x110};
    static final long[] BOUNDARY = {0, 1, 0xFFFFFFFFL, 0x7FFFFFFFFFFFFFFFL, -1L, 0x8000000000000000L, 0x100000000L,
        0x17FFFFFFFL, 0x180000000L, 0x180001000L, 0x180002000L, 0x180005FFCL, 0x180006000L, 0x180100000L, 0x3FFFFFFFL};
    static final long[] FLAGS = {0, 0x100, 0x400, 0x500, 0x10500, 0x410500, 0xF0010500L, 0x10010500, 0xFFFFFFFFL, 0x4500};

    private LoadConfigFuzz() {
    }

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args[0]);
        int mutants = Integer.parseInt(args[1]);
        long seed = Long.parseLong(args[2]);
        byte[] dll = Files.readAllBytes(Path.of(args[3]));
        int at = Integer.parseInt(args[4]);
        VerifyOptions options = VerifyOptions.of(new AbiContract.CountContract("x", 0, "fuzz"));
        DllVerifier verifier = new DllVerifier();
        Random rnd = new Random(seed);
        int passes = 0;
        int fails = 0;
        int crashes = 0;
        int hangs = 0;
        long worstMs = 0;
        for (int i = 0; i < mutants; i++) {
            byte[] m = dll.clone();
            ByteBuffer b = ByteBuffer.wrap(m).order(ByteOrder.LITTLE_ENDIAN);
            for (int k = 1 + rnd.nextInt(2); k > 0; k--) {
                switch (i % 5) {
                    case 0, 1 -> b.putLong(at + FIELDS[rnd.nextInt(FIELDS.length)], BOUNDARY[rnd.nextInt(BOUNDARY.length)]);
                    case 2 -> b.putInt(at + 0x90, (int) FLAGS[rnd.nextInt(FLAGS.length)]);
                    case 3 -> b.putInt(at, (int) (rnd.nextBoolean() ? BOUNDARY[rnd.nextInt(BOUNDARY.length)]
                            : rnd.nextInt(0x200)));
                    default -> m[at + rnd.nextInt(0x140)] = (byte) rnd.nextInt(256);
                }
            }
            Path file = out.resolve("mutant.dll");
            Files.write(file, m);
            long t0 = System.nanoTime();
            try {
                VerifyReport r = verifier.verify(file, options);
                boolean pass = false;
                for (Check c : r.checks()) {
                    if ((c.id().equals(CheckIds.HARDENING_GUARD_CF) || c.id().equals(CheckIds.HARDENING_CET_COMPAT))
                            && c.verdict() == Verdict.PASS) {
                        pass = true;
                    }
                }
                if (pass) {
                    passes++;
                    Files.write(out.resolve("pass-" + i + ".dll"), m);
                } else {
                    fails++;
                }
            } catch (Throwable t) {  // an OutOfMemoryError or any other: the test fails on it
                crashes++;
                System.out.println("CRASH: mutant " + i + ": " + t);
                Files.write(out.resolve("crash-" + i + ".dll"), m);
            }
            long ms = (System.nanoTime() - t0) / 1_000_000;
            worstMs = Math.max(worstMs, ms);
            if (ms > 10_000) {
                hangs++;
                System.out.println("HANG: mutant " + i + " took " + ms + " ms");
                Files.write(out.resolve("hang-" + i + ".dll"), m);
            }
        }
        System.out.printf("fuzz: seed %d, max heap %d MiB: %d mutants, %d with a hardening PASS, %d without, %d crashes,"
                + " %d hangs; slowest %d ms%n", seed, Runtime.getRuntime().maxMemory() >> 20, mutants, passes, fails, crashes,
                hangs, worstMs);
    }
}
