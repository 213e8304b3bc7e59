package dev.hipdll.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A child that prints far more than anyone reads (a hipcc stuck printing warnings): every line
 * still reaches the consumer, the result keeps the first and last lines only, and a line of
 * 16 MB is cut. Before the bound, 100 MB of short lines kept some 9 million strings and a
 * 512 MiB heap spent minutes collecting garbage.
 */
class HugeOutputTest {
    @TempDir
    Path dir;

    @Test
    void firstAndLastLinesAreKeptEveryLineIsStreamed() {
        AtomicLong seen = new AtomicLong();
        ProcessResult r = new ProcessRunner(Duration.ofMinutes(2)).run(Path.of("/bin/sh"),
                List.of("-c", "seq 1 200000"), Map.of("PATH", "/usr/bin:/bin"), dir, l -> seen.incrementAndGet());
        assertEquals(0, r.exitCode());
        assertEquals(200000, seen.get(), "the consumer sees every line");
        List<String> out = r.output();
        assertEquals(BoundedLines.HEAD + 1 + BoundedLines.TAIL, out.size());
        assertEquals("1", out.get(0));
        assertEquals(Integer.toString(BoundedLines.HEAD), out.get(BoundedLines.HEAD - 1));
        assertEquals("[... " + (200000 - BoundedLines.HEAD - BoundedLines.TAIL) + " lines omitted ...]",
                out.get(BoundedLines.HEAD));
        assertEquals("200000", out.get(out.size() - 1));
    }

    @Test
    void aVeryLongLineIsCut() {
        ProcessResult r = new ProcessRunner(Duration.ofMinutes(2)).run(Path.of("/bin/sh"),
                List.of("-c", "head -c 16777216 /dev/zero | tr '\\0' a; echo; echo end"), Map.of("PATH", "/usr/bin:/bin"),
                dir, l -> { });
        assertEquals(0, r.exitCode());
        assertEquals(2, r.output().size());
        String first = r.output().get(0);
        assertTrue(first.startsWith("a".repeat(BoundedLines.MAX_CHARS) + " [... "), first.substring(0, 50));
        assertTrue(first.endsWith((16777216 - BoundedLines.MAX_CHARS) + " characters omitted]"), first);
        assertEquals("end", r.output().get(1));
    }

    @Test
    void shortOutputIsKeptWhole() {
        BoundedLines b = new BoundedLines(2, 2, 10);
        b.add("a");
        b.add("b");
        b.add("c");
        assertEquals(List.of("a", "b", "c"), b.lines());
        b.add("d");
        b.add("e");
        assertEquals(List.of("a", "b", "[... 1 lines omitted ...]", "d", "e"), b.lines());
        assertFalse(b.lines().contains("c"));
    }
}
