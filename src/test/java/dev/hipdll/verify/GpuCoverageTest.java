package dev.hipdll.verify;

import dev.hipdll.findings.Check;
import dev.hipdll.findings.Verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.contract.AbiContract;
import dev.hipdll.gfx.GenericTargets;
import dev.hipdll.gfx.GfxTargetList;
import dev.hipdll.gfx.KnownProcessors;
import dev.hipdll.testing.Fixtures;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Item 5, "which GPUs run this DLL" ({@code hip.gpus}, {@code device-code.gpus}), on DLLs
 * built here with clang-19: exact targets, a generic target (code object v6) and xnack-specific ones.
 */
class GpuCoverageTest {
    @TempDir
    Path dir;

    static final AbiContract COUNT = new AbiContract.CountContract("coli_cuda_", 48, "test");

    private static VerifyReport verify(Path dll, String gpus) {
        return new DllVerifier().verify(dll, VerifyOptions.builder(COUNT)
                .deviceCode(DeviceCodeOptions.builder().gpus(GfxTargetList.parse(gpus).targets()).build()).build());
    }

    private static Check gpus(VerifyReport r) {
        return r.check("device-code.gpus").orElseThrow();
    }

    @Test
    void exactTargetsCoverTheirProcessorsAndAMissingOneIsNamed() {
        Path dll = Fixtures.exampleDll(dir, "exact.dll", List.of("gfx1151", "gfx1100"), List.of());
        Check c = gpus(verify(dll, "gfx1150,gfx1151,gfx1152,gfx1100"));
        assertEquals(Verdict.FAIL, c.verdict());
        assertEquals(List.of("gfx1150: no code object; the DLL has gfx1100, gfx1151",
                "gfx1152: no code object; the DLL has gfx1100, gfx1151"), c.details());
        assertEquals(List.of("gfx1151: loads gfx1151 (exact)", "gfx1100: loads gfx1100 (exact)"), c.notes());
        assertEquals(Verdict.PASS, gpus(verify(dll, "gfx1151,gfx1100")).verdict());
        assertEquals(Verdict.SKIP, new DllVerifier().verify(dll, VerifyOptions.of(COUNT)).check("device-code.gpus")
                .orElseThrow().verdict());
    }

    /**
     * When one GPU has no code object, the GPUs that have one are listed under the
     * failed row as notes, logged at INFO; only the failing GPUs' lines are errors (all were at ERROR).
     */
    @Test
    void onlyTheFailingGpusAreErrorLinesInTheTable() {
        Path dll = Fixtures.exampleDll(dir, "exact.dll", List.of("gfx1151", "gfx1100"), List.of());
        dev.hipdll.report.CheckTable.Table t = new dev.hipdll.report.CheckTable().table(verify(dll, "gfx1152,gfx1151"));
        List<String> errors = new java.util.ArrayList<>();
        List<String> infos = new java.util.ArrayList<>();
        for (int i = 0; i < t.lines().size(); i++) {
            (t.failures().get(i) ? errors : infos).add(t.lines().get(i).strip());
        }
        assertTrue(errors.stream().anyMatch(l -> l.startsWith("FAIL") && l.contains("device-code.gpus")), errors::toString);
        assertTrue(errors.contains("- gfx1152: no code object; the DLL has gfx1100, gfx1151"), errors::toString);
        assertTrue(infos.contains("- gfx1151: loads gfx1151 (exact)"), infos::toString);
        assertTrue(errors.stream().noneMatch(l -> l.contains(": loads ")), errors::toString);
    }

    @Test
    void aGenericCodeObjectCoversTheFamilyAndTheExactOneIsPreferred() {
        Path dll = Fixtures.exampleDll(dir, "generic.dll", List.of("gfx1151", "gfx11-generic"),
                List.of("-mcode-object-version=6"));
        Check c = gpus(verify(dll, "gfx1150,gfx1151,gfx1152,gfx1100"));
        assertEquals(Verdict.PASS, c.verdict(), c.toString());
        assertEquals(List.of("gfx1150: loads gfx11-generic (generic, code object v6)",
                "gfx1151: loads gfx1151 (exact)",
                "gfx1152: loads gfx11-generic (generic, code object v6)",
                "gfx1100: loads gfx11-generic (generic, code object v6)"), c.allDetails());
        Check rdna4 = gpus(verify(dll, "gfx1201"));
        assertEquals(Verdict.FAIL, rdna4.verdict());
        assertEquals("gfx1201: no code object; the DLL has gfx11-generic, gfx1151", rdna4.details().get(0));
    }

    @Test
    void xnackSpecificCodeObjectsCoverOnlyTheirMode() {
        Path off = Fixtures.exampleDll(dir, "xnack-off.dll", List.of("gfx90a:xnack-"), List.of());
        Check unknownMode = gpus(verify(off, "gfx90a"));
        assertEquals(Verdict.FAIL, unknownMode.verdict());
        assertTrue(unknownMode.details().contains("gfx90a (sramecc on, xnack on): no code object; the DLL has gfx90a:xnack-"),
                unknownMode.details().toString());
        assertTrue(unknownMode.notes().contains("gfx90a (sramecc on, xnack off): loads gfx90a:xnack- (exact)"),
                unknownMode.notes().toString());
        assertEquals(Verdict.PASS, gpus(verify(off, "gfx90a:xnack-")).verdict());
        assertEquals(Verdict.FAIL, gpus(verify(off, "gfx90a:xnack+")).verdict());

        Path both = Fixtures.exampleDll(dir, "xnack-both.dll", List.of("gfx90a:xnack-", "gfx90a:xnack+"), List.of());
        assertEquals(Verdict.PASS, gpus(verify(both, "gfx90a")).verdict());
        Path any = Fixtures.exampleDll(dir, "xnack-any.dll", List.of("gfx90a"), List.of());
        Check anyMode = gpus(verify(any, "gfx90a:xnack+"));
        assertEquals(Verdict.PASS, anyMode.verdict());
        assertTrue(anyMode.allDetails().get(0).endsWith("loads gfx90a (exact)"), anyMode.allDetails().toString());
    }

    @Test
    void theGenericTableIsDataThatNamesOnlyKnownProcessors() {
        GenericTargets g = GenericTargets.load();
        assertEquals("gfx11-generic", g.genericOf("gfx1152").orElseThrow());
        assertTrue(g.genericOf("gfx908").isEmpty(), "gfx908 has no generic family");
        for (var p : KnownProcessors.all()) {
            if (p.generic()) {
                assertTrue(!g.membersOf(p.name()).isEmpty(), p.name() + " has no members in the data file");
            }
        }
    }
}
