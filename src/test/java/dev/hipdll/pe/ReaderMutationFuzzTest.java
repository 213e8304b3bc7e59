package dev.hipdll.pe;

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.hipdll.bytes.BinaryFormatException;
import dev.hipdll.testing.Fixtures;
import dev.hipdll.testing.ReadEverything;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A seeded mutation loop over real DLLs (the example backend with plain and compressed offload
 * bundles, a MinGW DLL with long section names, a DLL with a version resource): bytes flipped,
 * header fields set to boundary values, files cut. Every mutant must read completely or fail with
 * a {@link BinaryFormatException}; nothing else, no hang (the whole loop runs under a time limit)
 * and bounded memory (each mutant may allocate at most {@link #MAX_ALLOCATED_PER_MUTANT} bytes).
 * The seed is {@code -Dhipdll.fuzz.seed} (default fixed, so a failure is reproducible), the number
 * of mutants {@code -Dhipdll.fuzz.mutants} (default 4000).
 */
@Tag("fuzz")
class ReaderMutationFuzzTest {
    static final long MAX_ALLOCATED_PER_MUTANT = 64L << 20;
    static final long[] BOUNDARY = {0, 1, 0x7f, 0x80, 0xff, 0xffff, 0x7fffffffL, 0x80000000L, 0xffffffffL, 0xfffffff0L,
        0x1000, 0x10000};

    @TempDir
    static Path dir;
    static final List<byte[]> seeds = new ArrayList<>();
    static final List<String> names = new ArrayList<>();

    @BeforeAll
    static void seeds() throws Exception {
        add("plain", Fixtures.exampleDll(dir.resolve("p"), "coli_hip.dll", List.of("gfx1151"), List.of()));
        add("compressed", Fixtures.exampleDll(dir.resolve("c"), "coli_hip.dll", List.of("gfx1151"),
                List.of("--offload-compress")));
        add("mingw", Fixtures.mingwDll(dir.resolve("m"), "m.dll", "x86_64-w64-windows-gnu",
                PeReaderDifferentialTest.MINGW_C, List.of("-g")));
        add("delay", Fixtures.cDll(dir.resolve("d"), "t.dll", "x86_64-pc-windows-msvc",
                "int __cdecl f(void) { return 1; }\n", List.of("/export:f", "/debug", "/pdb:" + dir.resolve("d/t.pdb"))));
    }

    static void add(String name, Path dll) throws Exception {
        seeds.add(Files.readAllBytes(dll));
        names.add(name);
    }

    @Test
    void mutantsReadOrFailWithAFormatErrorOnly() {
        long seed = Long.getLong("hipdll.fuzz.seed", 20261129L);
        int mutants = Integer.getInteger("hipdll.fuzz.mutants", 4000);
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        int[] outcome = new int[2];
        long[] worst = new long[2];
        assertTimeoutPreemptively(Duration.ofMinutes(15), () -> {  // a hang guard, not a speed requirement
            Random rnd = new Random(seed);
            for (int i = 0; i < mutants; i++) {
                int which = rnd.nextInt(seeds.size());
                byte[] m = mutate(seeds.get(which), rnd);
                String name = "mutant-" + i + "-of-" + names.get(which) + ".dll";
                long before = threads.getCurrentThreadAllocatedBytes();
                long t0 = System.nanoTime();
                try {
                    ReadEverything.read(name, m);
                    outcome[0]++;
                } catch (BinaryFormatException e) {
                    outcome[1]++;
                    assertTrue(e.getMessage().startsWith(name), e.getMessage());
                } catch (Throwable t) {
                    fail("seed " + seed + ", mutant " + i + " (" + names.get(which) + "): " + t, t);
                }
                long allocated = threads.getCurrentThreadAllocatedBytes() - before;
                worst[0] = Math.max(worst[0], allocated);
                worst[1] = Math.max(worst[1], System.nanoTime() - t0);
                assertTrue(allocated < MAX_ALLOCATED_PER_MUTANT, "mutant " + i + " allocated " + allocated + " bytes");
            }
        }, "the mutation loop must not hang (seed " + seed + ")");
        System.out.printf("fuzz: seed %d, %d mutants: %d read, %d refused; worst %d KiB allocated, %d ms%n", seed,
                mutants, outcome[0], outcome[1], worst[0] >> 10, worst[1] / 1_000_000);
        assertTrue(outcome[0] > 0 && outcome[1] > 0, "the mutants exercise both outcomes: " + Arrays.toString(outcome));
    }

    static byte[] mutate(byte[] seed, Random rnd) {
        byte[] b = seed.clone();
        int kind = rnd.nextInt(10);
        ByteBuffer w = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
        int headers = Math.min(b.length, 0x400);
        switch (kind) {
            case 0, 1, 2 -> { // flip a few bytes in the headers
                for (int k = 1 + rnd.nextInt(4); k > 0; k--) {
                    b[rnd.nextInt(headers)] ^= (byte) (1 << rnd.nextInt(8));
                }
            }
            case 3, 4 -> { // a boundary value into an aligned u32 of the headers
                w.putInt(rnd.nextInt(headers / 4) * 4, (int) BOUNDARY[rnd.nextInt(BOUNDARY.length)]);
            }
            case 5, 6 -> { // a boundary value anywhere (tables live in the sections)
                w.putInt(rnd.nextInt(b.length / 4) * 4, (int) BOUNDARY[rnd.nextInt(BOUNDARY.length)]);
            }
            case 7 -> { // random bytes anywhere
                for (int k = 1 + rnd.nextInt(16); k > 0; k--) {
                    b[rnd.nextInt(b.length)] = (byte) rnd.nextInt(256);
                }
            }
            case 8 -> { // a u16 count of the headers
                w.putShort(rnd.nextInt(headers / 2) * 2, (short) BOUNDARY[rnd.nextInt(BOUNDARY.length)]);
            }
            default -> { // cut
                return Arrays.copyOf(b, rnd.nextInt(b.length));
            }
        }
        return b;
    }
}
