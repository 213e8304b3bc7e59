package dev.hipdll.incremental;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A "command changed" reason says which arguments were added and which removed, never "X instead
 * of Y" by position: one argument inserted early shifted every later one, and the reason named a shifted argument.
 */
class CommandDifferenceTest {
    private static String diff(List<String> before, List<String> now) {
        return StepReuse.firstDifference(before, now);
    }

    @Test
    void anOptionChangedIsTheNewAddedAndTheOldRemoved() {
        assertEquals("-O2 added; -O3 removed", diff(List.of("clang", "-O3", "-c", "k.cu"), List.of("clang", "-O2", "-c", "k.cu")));
    }

    @Test
    void anInsertionAndARemovalAtOtherPlacesAreBothNamed() {
        assertEquals("-DB=1 added; -g removed", diff(List.of("clang", "-g", "-DA=1", "-c", "k.cu"),
                List.of("clang", "-DA=1", "-DB=1", "-c", "k.cu")));
    }

    @Test
    void aRepeatedArgumentCountsOnce() {
        assertEquals("-I inc added", diff(List.of("clang", "-I", "a"), List.of("clang", "-I", "a", "-I inc")));
        assertEquals("-I removed", diff(List.of("clang", "-I", "a", "-I", "b"), List.of("clang", "-I", "a", "b")));
    }

    @Test
    void manyChangesAreCut() {
        assertEquals("-D1, -D2, -D3 (+2 more) added", diff(List.of("clang"), List.of("clang", "-D1", "-D2", "-D3", "-D4", "-D5")));
    }

    @Test
    void onlyTheOrderChanged() {
        assertEquals("the same arguments in another order", diff(List.of("clang", "a.cu", "b.cu"), List.of("clang", "b.cu", "a.cu")));
    }

    @Test
    void targetsAreNamedAsTargets() {
        assertEquals("targets gfx1030 added", diff(List.of("clang", "--offload-arch=gfx1151"),
                List.of("clang", "--offload-arch=gfx1151", "--offload-arch=gfx1030")));
    }
}
