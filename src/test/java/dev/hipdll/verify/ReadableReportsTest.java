package dev.hipdll.verify;

import dev.hipdll.findings.Check;
import dev.hipdll.findings.Verdict;
import dev.hipdll.findings.CheckIds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.hipdll.contract.AbiContract;
import dev.hipdll.contract.ExportListParser;
import dev.hipdll.pe.ExportedSymbol;
import dev.hipdll.report.CheckTable;
import dev.hipdll.findings.DetailBound;
import dev.hipdll.report.JUnitXmlReport;
import dev.hipdll.report.JsonReport;
import dev.hipdll.testing.Fixtures;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * That stay readable on real DLLs: every detail list is bounded (the first
 * {@code hip.report.maxDetails}, then a count) in the table, verify.json and the JUnit XML; a capped scan
 * ({@code paths.build} stops at 50 findings) says "at least", never "+49 more"; {@code exports.other} never
 * lists a name the contract ({@code hip.exports}) asked for; an empty PDB name is named as such.
 */
class ReadableReportsTest {
    @TempDir
    Path dir;

    /** An x86 DLL with {@code n} stdcall exports, each decorated ({@code _fN@4}): one line each in exports.decorated. */
    private Path decorated(int n) {
        StringBuilder c = new StringBuilder("int __stdcall _DllMainCRTStartup(void *h, unsigned long r, void *p) { return 1; }\n");
        for (int i = 0; i < n; i++) {
            c.append("__declspec(dllexport) int __stdcall f").append(i).append("(int a) { return a + ").append(i).append("; }\n");
        }
        return Fixtures.cDll(dir, "decorated.dll", "i686-pc-windows-msvc", c.toString(), List.of());
    }

    @Test
    void thousandsOfDetailLinesAreBoundedInEveryReport() throws Exception {
        int n = 3000;
        Path dll = decorated(n);
        // and more build paths than the scan reports: its list is capped
        StringBuilder overlay = new StringBuilder();
        for (int k = 0; k < 2 * PathLeakScanner.MAX_FINDINGS; k++) {
            overlay.append("/home/ci/build/obj").append(k).append(".o\0");
        }
        Files.writeString(dll, overlay, StandardOpenOption.APPEND);
        VerifyReport r = new DllVerifier().verify(dll, VerifyOptions.of(new AbiContract.CountContract("coli_cuda_", 0, "t")));
        Check dec = r.check(CheckIds.EXPORTS_DECORATED).orElseThrow();
        assertEquals(n, dec.details().size(), "the check keeps every finding; the reports bound what they show");
        Check paths = r.check(CheckIds.PATHS_BUILD).orElseThrow();
        assertTrue(paths.capped(), paths.toString());
        assertEquals("at least 50 occurrences (the scan stops at 50 findings)", paths.found());
        assertTrue(r.failureSummary().contains("paths.build: /home/ci/build/obj0.o (ASCII at 0x")
                && r.failureSummary().contains(") (at least 49 more: the scan stops at its first findings)"),
                r.failureSummary());
        assertTrue(!r.failureSummary().contains("+49 more"), r.failureSummary());

        DetailBound bound = new DetailBound(20);
        List<String> table = new CheckTable(bound).render(r);
        long decoratedLines = table.stream().filter(l -> l.contains("decorated or mangled: _f")).count();
        assertEquals(20, decoratedLines);
        assertTrue(table.stream().anyMatch(l -> l.endsWith("- ... 2980 more not shown (3000 in all;"
                + " hip.report.maxDetails=20)")), String.join("\n", table));
        assertTrue(table.stream().anyMatch(l -> l.endsWith("- ... at least 30 more not shown (at least 50 in all;"
                + " hip.report.maxDetails=20)")), String.join("\n", table));
        assertTrue(table.size() < 400, table.size() + " lines");

        Path json = dir.resolve("verify.json");
        new JsonReport(bound).write(r, json);
        JsonNode checks = new ObjectMapper().readTree(json.toFile()).get("checks");
        for (JsonNode c : checks) {
            assertTrue(c.get("details").size() <= 20, c.toString());
            if (c.get("id").asText().equals(CheckIds.EXPORTS_DECORATED)) {
                assertEquals(n, c.get("detailCount").asInt());
                assertEquals(false, c.get("detailCountIsMinimum").asBoolean());
            }
            if (c.get("id").asText().equals(CheckIds.PATHS_BUILD)) {
                assertEquals(true, c.get("detailCountIsMinimum").asBoolean());
            }
        }
        Path xml = dir.resolve("TEST-hipdll-verify.xml");
        new JUnitXmlReport(bound).write(r, xml);
        String x = Files.readString(xml, StandardCharsets.UTF_8);
        assertTrue(x.contains("- ... 2980 more not shown (3000 in all; hip.report.maxDetails=20)"));
        // each list is in the XML twice (failure text and system-out): 40 lines of the 3000
        assertEquals(40, x.split("decorated or mangled: _f", -1).length - 1);
        assertTrue(Files.size(json) < 40_000 && Files.size(xml) < 60_000, Files.size(json) + " / " + Files.size(xml));
    }

    @Test
    void exportsOtherNeverListsANameTheContractAskedFor() throws Exception {
        AbiContract.NamedContract c = new ExportListParser("coli_cuda_").parse("hip.exports",
                List.of("coli_cuda_init", "JNI_OnLoad", "JNI_OnUnload"));
        List<Check> checks = new ExportChecks(c, true).run(List.of(new ExportedSymbol(1, "coli_cuda_init", 0x1000, null),
                new ExportedSymbol(2, "JNI_OnLoad", 0x1010, null), new ExportedSymbol(3, "JNI_OnUnload", 0x1020, null),
                new ExportedSymbol(4, "helper_fn", 0x1030, null)));
        Check other = checks.stream().filter(k -> k.id().equals(CheckIds.EXPORTS_OTHER)).findFirst().orElseThrow();
        assertEquals(List.of("other export: helper_fn"), other.details());
        assertEquals("1 other export(s)", other.found());
        assertEquals(Verdict.PASS, checks.stream().filter(k -> k.id().equals(CheckIds.EXPORTS_REQUIRED)).findFirst()
                .orElseThrow().verdict());
    }

    @Test
    void anEmptyPdbNameIsNamedNotABlankCell() throws Exception {
        Path dll = Fixtures.cDll(dir, "pdb.dll", "x86_64-pc-windows-msvc", "int f(void) { return 1; }\n",
                List.of("/debug", "/pdbaltpath:%_PDB%"));
        byte[] b = Files.readAllBytes(dll);
        String text = new String(b, StandardCharsets.ISO_8859_1);
        int rsds = text.indexOf("RSDS");
        assertEquals("pdb.pdb", text.substring(rsds + 24, text.indexOf('\0', rsds + 24)));
        b[rsds + 24] = 0;  // the CodeView record's PDB name is now empty
        Files.write(dll, b);
        Check pdb = new DllVerifier().verify(dll, VerifyOptions.of(new AbiContract.CountContract("x_", 0, "t")))
                .check(CheckIds.PATHS_PDB).orElseThrow();
        assertEquals("(empty PDB name)", pdb.found());
        assertEquals(Verdict.PASS, pdb.verdict());
    }
}
