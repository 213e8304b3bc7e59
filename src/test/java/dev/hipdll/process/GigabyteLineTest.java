package dev.hipdll.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A child that writes one line of 1 GiB without a line break (hostile or broken output). commons-exec's
 * {@code LogOutputStream} held the whole line (a byte array of 1 GiB growing by doubling, then a
 * string of it); {@link LineSplitter} keeps 4096 characters and counts the rest while still
 * draining the pipe. Runs in the Surefire JVM as it is; the heap check compares each heap pool's peak
 * during the run with its use before it.
 */
class GigabyteLineTest {
    private static final long GIB = 1L << 30;

    @TempDir
    Path dir;

    @Test
    void aGigabyteLineIsCutWhileItArrivesAndTheHeapStaysSmall() {
        List<MemoryPoolMXBean> heap = ManagementFactory.getMemoryPoolMXBeans().stream()
                .filter(p -> p.getType() == MemoryType.HEAP && p.isValid()).toList();
        System.gc();
        long[] before = new long[heap.size()];
        for (int i = 0; i < heap.size(); i++) {
            heap.get(i).resetPeakUsage();
            before[i] = heap.get(i).getUsage().getUsed();
        }
        AtomicLong longest = new AtomicLong();
        ProcessResult r = new ProcessRunner(Duration.ofMinutes(2)).run(Path.of("/bin/sh"),
                List.of("-c", "head -c " + GIB + " /dev/zero | tr '\\0' x; echo; echo end"),
                Map.of("PATH", "/usr/bin:/bin"), dir, l -> longest.accumulateAndGet(l.length(), Math::max));
        long grown = 0;
        for (int i = 0; i < heap.size(); i++) {
            grown = Math.max(grown, heap.get(i).getPeakUsage().getUsed() - before[i]);
        }
        assertEquals(0, r.exitCode());
        assertEquals(2, r.output().size(), "the long line and 'end'");
        String first = r.output().get(0);
        String suffix = " [... " + (GIB - BoundedLines.MAX_CHARS) + " characters omitted]";
        assertEquals("x".repeat(BoundedLines.MAX_CHARS) + suffix, first);
        assertEquals("end", r.output().get(1));
        assertEquals(GIB - BoundedLines.MAX_CHARS, r.charsCut());
        assertEquals(BoundedLines.MAX_CHARS + suffix.length(), longest.get(), "the consumer got the cut line too");
        assertTrue(r.notes().stream().anyMatch(n -> n.startsWith((GIB - BoundedLines.MAX_CHARS) + " characters")),
                r.notes().toString());
        assertTrue(grown < 64L << 20, "a heap pool grew by " + (grown >> 20) + " MiB while 1 GiB streamed through");
        System.out.printf("1 GiB line: %d ms, largest heap pool growth %d KiB%n", r.elapsed().toMillis(), grown >> 10);
    }
}
