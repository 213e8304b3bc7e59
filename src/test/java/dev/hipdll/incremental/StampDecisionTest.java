package dev.hipdll.incremental;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The "rebuilding ...: why" line of hipdll:build: at most N reasons, then how many more. */
class StampDecisionTest {
    @Test
    void upToDateHasAnEmptySummary() {
        assertEquals("", new StampDecision(List.of(), 7).summary(12));
    }

    @Test
    void fewReasonsAreAllListed() {
        assertEquals("header include/ops.h changed; hip.arch changed: gfx1151 → gfx1151,gfx1100",
                new StampDecision(List.of("header include/ops.h changed", "hip.arch changed: gfx1151 → gfx1151,gfx1100"), 3)
                        .summary(12));
    }

    @Test
    void exactlyTheLimitHasNoTail() {
        List<String> twelve = IntStream.rangeClosed(1, 12).mapToObj(i -> "r" + i).toList();
        assertEquals(String.join("; ", twelve), new StampDecision(twelve, 12).summary(12));
    }

    @Test
    void moreThanTheLimitAreCounted() {
        List<String> fifteen = IntStream.rangeClosed(1, 15).mapToObj(i -> "r" + i).toList();
        assertEquals("r1; r2; r3; and 12 more", new StampDecision(fifteen, 15).summary(3));
    }

    @Test
    void aLimitBelowOneIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new StampDecision(List.of("x"), 1).summary(0));
    }
}
