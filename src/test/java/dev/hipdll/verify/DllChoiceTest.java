package dev.hipdll.verify;

import dev.hipdll.findings.Check;
import dev.hipdll.findings.Verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Which DLL verify and load-check read; the ITs verify-checks-the-built-dll and
 * verify-other-output-directory run the same rules through Maven. */
class DllChoiceTest {
    static final Path DEF = Path.of("/p/target/hipdll/coli_hip.dll");
    static final Path BROKEN = Path.of("/p/target/hipdll/broken.dll");

    @Test
    void theDefaultGivesWayToTheDllTheBuildWrote() {
        DllChoice c = DllChoice.choose(DEF, false, DEF, Optional.of(BROKEN));
        assertEquals(BROKEN, c.dll());
        assertEquals(Verdict.PASS, c.check().verdict());
    }

    @Test
    void aConfiguredDllThatIsNotTheBuiltOneFailsNamingBoth() {
        Path other = Path.of("/p/dist/coli_hip.dll");
        DllChoice c = DllChoice.choose(other, false, DEF, Optional.of(BROKEN));
        assertEquals(other, c.dll());
        Check k = c.check();
        assertEquals(Verdict.FAIL, k.verdict());
        assertTrue(k.details().get(0).contains(other.toString()) && k.details().get(0).contains(BROKEN.toString()),
                k.details().get(0));
    }

    @Test
    void aDllFromTheCommandLineWinsWithAWarning() {
        Path other = Path.of("/p/release/coli_hip.dll");
        DllChoice c = DllChoice.choose(other, true, DEF, Optional.of(BROKEN));
        assertEquals(other, c.dll());
        assertEquals(Verdict.WARN, c.check().verdict());
        assertEquals(Verdict.PASS, DllChoice.choose(BROKEN, true, DEF, Optional.of(BROKEN)).check().verdict());
    }

    @Test
    void withoutABuildTheParameterIsReadAndAMissingFileSaysWhy() {
        DllChoice c = DllChoice.choose(DEF, false, DEF, Optional.empty());
        assertEquals(DEF, c.dll());
        assertEquals(Verdict.SKIP, c.check().verdict());
        assertTrue(c.missingHint().contains("hipdll:build did not run in this build"), c.missingHint());
        assertTrue(new DllVerifier().verify(Path.of("/nonexistent/coli_hip.dll"), VerifyOptions.of(
                new dev.hipdll.contract.AbiContract.CountContract("coli_cuda_", 48, "t")), c.missingHint())
                .failureSummary().contains("pe.format: no such file: the default"));
    }
}
