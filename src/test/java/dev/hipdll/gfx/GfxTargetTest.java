package dev.hipdll.gfx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class GfxTargetTest {

    @ParameterizedTest
    @CsvSource({
        "gfx1151, gfx1151",
        "' gfx1100 ', gfx1100",
        "gfx90a:xnack-, gfx90a:xnack-",
        "gfx942:sramecc+:xnack-, gfx942:sramecc+:xnack-",
        "gfx942:xnack-:sramecc+, gfx942:sramecc+:xnack-",
        "gfx11-generic, gfx11-generic",
        "gfx10-3-generic, gfx10-3-generic",
    })
    void parsesAndCanonicalises(String text, String canonical) {
        assertEquals(canonical, GfxTarget.parse(text).toString());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "native|not allowed",
        "''|empty gfx target ID",
        "gfx11x1|unknown processor 'gfx11x1'",
        "radeon8060s|unknown processor 'radeon8060s'",
        "GFX1151|lower case",
        "gfx1151:xnack-|does not support feature xnack",
        "gfx90a:xnack|malformed feature",
        "gfx90a:foo+|unknown feature",
        "gfx90a:xnack+:xnack-|contradictory feature xnack",
        "gfx90a:xnack+:xnack+|duplicate feature xnack",
    })
    void rejectsWithAReason(String text, String reason) {
        InvalidTargetException e = assertThrows(InvalidTargetException.class, () -> GfxTarget.parse(text));
        assertTrue(e.getMessage().contains(reason), e.getMessage());
    }

    @Test
    void unknownProcessorListsTheKnownOnes() {
        InvalidTargetException e = assertThrows(InvalidTargetException.class, () -> GfxTarget.parse("gfx-1151"));
        assertTrue(e.getMessage().contains("gfx1151") && e.getMessage().contains("gfx90a"), e.getMessage());
    }

    /** A processor newer than the table is the SDK's to accept or refuse, not the plugin's. */
    @ParameterizedTest
    @ValueSource(strings = {"gfx1250", "gfx1999", "gfx12-5-generic", "gfx9999:xnack-"})
    void aWellFormedProcessorTheTableLacksIsUnlisted(String text) {
        GfxTarget t = GfxTarget.parse(text);
        assertEquals(text, t.toString());
        assertTrue(!t.processor().listed(), "listed: " + t);
    }

    @Test
    void aProcessorOfTheTableIsListed() {
        assertTrue(GfxTarget.parse("gfx1151").processor().listed());
        assertEquals(0x4a, GfxTarget.parse("gfx1151").processor().elfMach());
    }

    @Test
    void listKeepsOrder() {
        assertEquals(List.of("gfx1151", "gfx1100"),
                GfxTargetList.parse("gfx1151, gfx1100").targets().stream().map(GfxTarget::toString).toList());
        assertEquals("gfx90a:xnack+,gfx90a:xnack-", GfxTargetList.parse("gfx90a:xnack+,gfx90a:xnack-").toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "  ", "gfx1151,", ",gfx1151", "gfx1151,,gfx1100", "gfx1151,gfx1151",
        "gfx90a,gfx90a:xnack+", "gfx1151,native"})
    void listRejects(String csv) {
        assertThrows(InvalidTargetException.class, () -> GfxTargetList.parse(csv));
    }

    @Test
    void machValuesAreUnique() {
        java.util.Set<Integer> seen = new java.util.HashSet<>();
        for (GfxProcessor p : KnownProcessors.all()) {
            assertTrue(seen.add(p.elfMach()), "duplicate EF_AMDGPU_MACH for " + p.name());
        }
        assertEquals(0x4a, KnownProcessors.byName("gfx1151").orElseThrow().elfMach());
    }

    @ParameterizedTest
    @ValueSource(strings = {"gfx99999", "native", "gfx1151,,gfx1100", "gfx1151,"})
    void theDoneWhenCasesSayWhatAValidTargetLooksLike(String csv) {
        InvalidTargetException e = assertThrows(InvalidTargetException.class, () -> GfxTargetList.parse(csv));
        assertTrue(e.getMessage().contains("e.g. gfx1151, gfx90a:xnack-, gfx942:sramecc+:xnack- or gfx11-generic"),
                e.getMessage());
    }
}
