package dev.hipdll.verify;

import dev.hipdll.findings.Check;
import dev.hipdll.findings.Verdict;
import dev.hipdll.findings.CheckResults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** passed/count/check shared by the verify, load-check and doctor reports. */
class CheckResultsTest {
    @Test
    void warningsAndSkipsPassAFailDoesNot() {
        Check warn = Check.of("exports.other", "other exports", Verdict.WARN, "none", "1");
        Check skip = Check.of("paths.build", "build paths", Verdict.SKIP, "-", "skipped");
        Check ok = Check.of("pe.format", "PE32+ DLL", Verdict.PASS, "PE32+", "PE32+");
        CheckResults passing = new VerifyReport(Path.of("a.dll"), List.of(ok, warn, skip), Map.of());
        assertTrue(passing.passed());
        assertEquals(1, passing.count(Verdict.WARN));
        assertEquals(0, passing.count(Verdict.FAIL));
        assertEquals(warn, passing.check("exports.other").orElseThrow());
        assertTrue(passing.check("device-code.targets").isEmpty());

        Check fail = Check.of("imports.forbidden", "no CUDA imports", Verdict.FAIL, "none", "cudart64_12.dll");
        CheckResults failing = new VerifyReport(Path.of("a.dll"), List.of(ok, fail, warn), Map.of());
        assertFalse(failing.passed());
        assertEquals(1, failing.count(Verdict.FAIL));
    }
}
