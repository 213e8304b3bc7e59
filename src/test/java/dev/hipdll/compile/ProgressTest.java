package dev.hipdll.compile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** Progress lines from hipcc -v output, on a hand-driven clock. */
class ProgressTest {
    private final AtomicLong now = new AtomicLong();
    private final List<String> log = new ArrayList<>();

    private static final String DEVICE = " \"/usr/bin/clang\" -cc1 -triple amdgcn-amd-amdhsa -main-file-name a.cu -target-cpu gfx1151";
    private static final String DEVICE_LLD = " \"/usr/bin/lld\" -flavor gnu -plugin-opt=mcpu=gfx1151";
    private static final String HOST = " \"/usr/bin/clang\" -cc1 -triple x86_64-pc-windows-msvc -main-file-name a.cu";
    private static final String LINK = " \"/sdk/lib/llvm/bin/lld-link\" /dll /out:coli_hip.dll";

    private void advance(double seconds) {
        now.addAndGet((long) (seconds * 1e9));
    }

    @Test
    void eachStepStartsAndFinishesWithItsElapsedTime() {
        Progress p = new Progress(log::add, Duration.ofSeconds(30), now::get);
        assertTrue(p.accept(DEVICE));
        advance(2.5);
        assertTrue(p.accept(DEVICE_LLD)); // same step
        advance(0.5);
        p.accept(HOST);
        advance(1.25);
        p.accept(LINK);
        advance(0.5);
        p.close();
        assertEquals(List.of("started  a.cu [gfx1151]", "finished a.cu [gfx1151] in 3.0 s", "started  a.cu [host]",
                "finished a.cu [host] in 1.3 s", "started  link", "finished link in 0.5 s"), log);
        assertEquals(3, p.steps());
    }

    @Test
    void heartbeatDueBeforeTheIntervalEnds() {
        Progress p = new Progress(log::add, Duration.ofSeconds(30), now::get);
        assertEquals(Duration.ofSeconds(3), p.checkPeriod());
        p.accept(DEVICE);
        advance(26.9);
        p.tick();
        assertEquals(1, log.size(), "no heartbeat before 27 s (30 s less one 3 s check period) of silence");
        advance(0.1);
        p.tick();
        assertEquals("still running: a.cu [gfx1151] (hipcc 27.0 s, this step 27.0 s, no output for 27.0 s)", log.get(1));
        advance(10);
        p.accept("a diagnostic line");
        advance(26.9);
        p.tick();
        assertEquals(2, log.size(), "output resets the silence");
        advance(0.1);
        p.tick();
        assertEquals(3, log.size());
        assertTrue(log.get(2).startsWith("still running: a.cu [gfx1151] (hipcc 64.0 s, this step 64.0 s"), log.get(2));
    }

    @Test
    void checkedEveryPeriodNoGapExceedsTheInterval() {
        // Drive tick() at its period for 10 silent minutes: every gap between heartbeats is within (27 s, 30 s].
        Progress p = new Progress(log::add, Duration.ofSeconds(30), now::get);
        p.accept(DEVICE);
        long last = 0;
        for (int t = 0; t < 200; t++) {
            advance(3);
            int before = log.size();
            p.tick();
            if (log.size() > before) {
                long at = now.get();
                assertTrue(at - last <= 30_000_000_000L && at - last >= 27_000_000_000L, "gap " + (at - last) / 1e9 + " s");
                last = at;
            }
        }
        // With checks exactly on the 3 s grid a heartbeat is due after 27 s of silence: 22 in 600 s.
        assertEquals(1 + 22, log.size(), log.toString());
    }

    @Test
    void heartbeatBeforeAnyStepNamesHipcc() {
        Progress p = new Progress(log::add, Duration.ofSeconds(5), now::get);
        advance(5);
        p.tick();
        assertEquals(List.of("still running: hipcc (hipcc 5.0 s, no output for 5.0 s)"), log);
    }

    @Test
    void verboseChatterIsRecognizedButDiagnosticsAreNot() {
        Progress p = new Progress(log::add, Duration.ofSeconds(30), now::get);
        for (String chatter : List.of("Debian clang version 19.1.7 (3~deb12u1)", "Target: x86_64-pc-windows-msvc",
                "Thread model: posix", "InstalledDir: /usr/lib/llvm-19/bin",
                "clang -cc1 version 19.1.7 based upon LLVM 19.1.7 default target x86_64-pc-linux-gnu",
                "ignoring duplicate directory \"/sdk/include\"", "  as it is a non-system directory that duplicates a system directory",
                "#include \"...\" search starts here:", "#include <...> search starts here:", " src/main/hip/include",
                " /sdk/include", "End of search list.")) {
            assertTrue(p.accept(chatter), chatter);
        }
        for (String real : List.of("src/main/hip/a.cu:3:5: error: use of undeclared identifier 'x'", "    3 |     x = 1;",
                "      |     ^", "1 error generated when compiling for gfx1151.", " /not/an/include/list/entry")) {
            assertFalse(p.accept(real), real);
        }
    }

    @Test
    void intervalMustBePositive() {
        assertThrows(IllegalArgumentException.class, () -> new Progress(log::add, Duration.ZERO, now::get));
    }
}
