package dev.hipdll.verify;

import dev.hipdll.findings.Check;
import dev.hipdll.findings.Verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.contract.AbiContract;
import dev.hipdll.contract.ContractException;
import dev.hipdll.contract.ExportListParser;
import dev.hipdll.testing.Fixtures;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * "The report hides the cause" no more: the failure line names each failed check with its first
 * finding; pe.format on a PE32 image does not contradict itself; a 32-bit DLL's decorated export
 * names can be the contract. On a PE32 DLL built here with clang-19/lld-link-19.
 */
class ReportWordingTest {
    @TempDir
    Path dir;

    @Test
    void failureSummaryNamesEveryFailedCheckWithItsFirstFinding() {
        VerifyReport r = new VerifyReport(Path.of("x.dll"), List.of(
                Check.of("pe.format", "t", Verdict.PASS, "e", "f"),
                new Check("exports.required", "t", Verdict.FAIL, "e", "2 missing",
                        List.of("missing required: coli_cuda_pipe_sync", "missing required: coli_cuda_init")),
                new Check("exports.optional", "t", Verdict.WARN, "e", "1 missing", List.of("missing optional: x")),
                Check.of("pe.machine", "t", Verdict.FAIL, "IMAGE_FILE_MACHINE_AMD64, PE32+", "I386, PE32")), Map.of());
        assertEquals("exports.required: missing required: coli_cuda_pipe_sync (+1 more); pe.machine: I386, PE32",
                r.failureSummary());
    }

    @Test
    void aPe32DllPassesPeFormatWithoutContradictionAndItsDecoratedNamesCanBeTheContract() throws ContractException {
        Path dll = Fixtures.cDll(dir, "jni32.dll", "i686-pc-windows-msvc", """
                int __stdcall _DllMainCRTStartup(void *h, unsigned long r, void *p) { return 1; }
                __declspec(dllexport) int __stdcall JNI_OnLoad(void *vm, void *reserved) { return 0x10008; }
                """, List.of());
        AbiContract.NamedContract c = new ExportListParser("coli_cuda_").parse("hip.exports", List.of("_JNI_OnLoad@8"));
        VerifyReport r = new DllVerifier().verify(dll, VerifyOptions.builder(c)
                .skippedChecks(java.util.Set.of("imports.")).build());
        Check format = r.check("pe.format").orElseThrow();
        assertEquals(Verdict.PASS, format.verdict());
        assertFalse(format.expected().startsWith("PE32+"), format.expected());
        assertTrue(format.found().startsWith("a complete PE32 image"), format.found());
        assertEquals(Verdict.FAIL, r.check("pe.machine").orElseThrow().verdict());
        assertEquals(Verdict.PASS, r.check("exports.required").orElseThrow().verdict(), r.toString());
        assertEquals(Verdict.PASS, r.check("exports.decorated").orElseThrow().verdict(), r.toString());
        assertTrue(r.failureSummary().startsWith("pe.machine: "), r.failureSummary());
    }

    @Test
    void decoratedNamesAreAcceptedInAnExportList() throws ContractException {
        AbiContract.NamedContract c = new ExportListParser("coli_cuda_")
                .parse("hip.exports", List.of("_JNI_OnLoad@8", "@fast@4", "?f@@YAXXZ", "coli_cuda_init?"));
        assertEquals(List.of("_JNI_OnLoad@8", "@fast@4", "?f@@YAXXZ"), c.required());
        assertEquals(List.of("coli_cuda_init"), c.optional());
    }
}
