package dev.hipdll.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.hipdll.loadcheck.LoadCheckReport;
import dev.hipdll.findings.Check;
import dev.hipdll.findings.Verdict;
import dev.hipdll.verify.VerifyReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** The JSON and JUnit XML views of a report, read back with Jackson and the JDK's XML parser. */
class ReportsTest {
    @TempDir
    Path dir;

    static VerifyReport report() {
        Map<String, String> facts = new LinkedHashMap<>();
        facts.put("size", "1234");
        facts.put("fileVersion", "7.1.0");
        return new VerifyReport(Path.of("coli_hip.dll"), List.of(
                Check.of("pe.machine", "PE32+ for x64", Verdict.PASS, "IMAGE_FILE_MACHINE_AMD64, PE32+", "IMAGE_FILE_MACHINE_AMD64, PE32+"),
                new Check("paths.pdb", "no absolute PDB path", Verdict.FAIL, "a bare file name", "C:\\b\\x.pdb <&> \u0001",
                        List.of("absolute PDB path in the debug directory: C:\\b\\x.pdb")),
                new Check("exports.optional", "optional", Verdict.WARN, "2 optional names", "1 missing",
                        List.of("missing optional: coli_cuda_e8_set_grid")),
                Check.of("runtime.major", "HIP runtime major version", Verdict.SKIP, "any", "amdhip64_7.dll")), facts);
    }

    @Test
    void jsonHasEveryCheckAndTheSummary() throws Exception {
        Path f = dir.resolve("verify.json");
        new JsonReport().write(report(), f);
        JsonNode j = new ObjectMapper().readTree(f.toFile());
        assertEquals("hipdll-verify", j.get("format").asText());
        assertEquals(1, j.get("formatVersion").asInt());
        assertEquals(false, j.get("passed").asBoolean());
        assertEquals(1, j.get("summary").get("fail").asInt());
        assertEquals(1, j.get("summary").get("warn").asInt());
        assertEquals("7.1.0", j.get("facts").get("fileVersion").asText());
        assertEquals(4, j.get("checks").size());
        JsonNode pdb = j.get("checks").get(1);
        assertEquals("paths.pdb", pdb.get("id").asText());
        assertEquals("FAIL", pdb.get("verdict").asText());
        assertEquals("C:\\b\\x.pdb <&> \u0001", pdb.get("found").asText());
        assertEquals("absolute PDB path in the debug directory: C:\\b\\x.pdb", pdb.get("details").get(0).asText());
        assertTrue(Files.readString(f).endsWith("}\n"));
        try (var s = Files.list(dir)) {
            assertEquals(1, s.count(), "no temporary file left behind");
        }
    }

    @Test
    void junitXmlHasOneTestcasePerCheck() throws Exception {
        Path f = dir.resolve("TEST-hipdll-verify.xml");
        new JUnitXmlReport().write(report(), f);
        Document d = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(f.toFile());
        Element suite = d.getDocumentElement();
        assertEquals("testsuite", suite.getTagName());
        assertEquals("hipdll-verify", suite.getAttribute("name"));
        assertEquals("4", suite.getAttribute("tests"));
        assertEquals("1", suite.getAttribute("failures"));
        assertEquals("1", suite.getAttribute("skipped"));
        NodeList cases = suite.getElementsByTagName("testcase");
        assertEquals(4, cases.getLength());
        Element pdb = (Element) cases.item(1);
        assertEquals("paths.pdb", pdb.getAttribute("name"));
        Element failure = (Element) pdb.getElementsByTagName("failure").item(0);
        assertEquals("C:\\b\\x.pdb <&> \\x01", failure.getAttribute("message"));
        assertTrue(failure.getTextContent().contains("absolute PDB path in the debug directory"));
        assertEquals(1, ((Element) cases.item(3)).getElementsByTagName("skipped").getLength());
        assertEquals(0, ((Element) cases.item(2)).getElementsByTagName("failure").getLength(), "a warning passes");
        assertTrue(((Element) cases.item(2)).getElementsByTagName("system-out").item(0).getTextContent().startsWith("WARN"));
    }

    @Test
    void loadCheckReportsCarryTheBoundRuntimeTargetsAndAFailurePerFailedCheck() throws Exception {
        LoadCheckReport r = new LoadCheckReport(Path.of("coli_hip.dll"), Path.of("sdk/bin"), List.of(
                Check.of("load", "LoadLibraryExW loads the DLL", Verdict.PASS, "loaded", "loaded"),
                new Check("symbols.required", "required names resolve", Verdict.FAIL, "46 of 46", "45 of 46 resolved",
                        List.of("missing required: coli_cuda_pipe_rope"))),
                Optional.of("Z:\\sdk\\bin\\amdhip64_7.dll"), List.of("gfx1151", "gfx1100"), 47, 48);
        Path json = dir.resolve(LoadCheckJson.FILE_NAME);
        new LoadCheckJson().write(r, json);
        JsonNode root = new ObjectMapper().readTree(json.toFile());
        assertEquals("hipdll-load-check", root.get("format").asText());
        assertEquals(false, root.get("passed").asBoolean());
        assertEquals("Z:\\sdk\\bin\\amdhip64_7.dll", root.get("boundRuntime").asText());
        assertEquals("[\"gfx1151\",\"gfx1100\"]", root.get("registeredTargets").toString());
        assertEquals(47, root.get("resolved").asInt());
        assertEquals(1, root.get("summary").get("fail").asInt());
        assertEquals("symbols.required", root.get("checks").get(1).get("id").asText());

        Path xml = dir.resolve(JUnitXmlReport.fileName("load-check"));
        assertEquals("TEST-hipdll-load-check.xml", xml.getFileName().toString());
        new JUnitXmlReport().write("load-check", r.dll(), Map.of("resolved", "47 of 48"), r, xml);
        Element suite = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(xml.toFile()).getDocumentElement();
        assertEquals("hipdll-load-check", suite.getAttribute("name"));
        assertEquals("2", suite.getAttribute("tests"));
        assertEquals("1", suite.getAttribute("failures"));
        Element failed = (Element) suite.getElementsByTagName("testcase").item(1);
        assertEquals("hipdll.load-check", failed.getAttribute("classname"));
        Element failure = (Element) failed.getElementsByTagName("failure").item(0);
        assertEquals("hipdll.load-check.symbols.required", failure.getAttribute("type"));
        assertTrue(failure.getTextContent().contains("missing required: coli_cuda_pipe_rope"), failure.getTextContent());
    }

    @Test
    void tableShowsDetailsUnderTheirRow() {
        List<String> t = new CheckTable().render(report());
        assertTrue(t.get(0).startsWith("hipdll:verify coli_hip.dll"));
        assertTrue(t.stream().anyMatch(l -> l.startsWith("FAIL") && l.contains("paths.pdb")), t.toString());
        assertTrue(t.get(t.size() - 1).endsWith("DLL REJECTED"), t.toString());
    }

    /**
     * A long cell is printed once. FOUND, the last column, is whole on its row; it was
     * clipped with "..." and then printed again in full as "- found: ..." under the row.
     */
    @Test
    void aLongFoundCellIsPrintedOnceAndWhole() {
        String reason = "MS-DOS header at offset 0x0: file is 10 bytes, shorter than the 64-byte MS-DOS header";
        CheckTable.Table t = new CheckTable().table("hipdll:verify junk.dll",
                List.of(Check.of("pe.format", "a PE image", Verdict.FAIL, "a PE32+ image", reason)), "OK", "DLL REJECTED");
        List<String> lines = t.lines();
        assertEquals(5, lines.size(), lines::toString);
        assertTrue(lines.get(3).startsWith("FAIL") && lines.get(3).endsWith("  " + reason), lines::toString);
        assertEquals(1, lines.stream().filter(l -> l.contains("shorter than")).count(), lines::toString);
        assertEquals(List.of(false, false, false, true, false), t.failures(), lines::toString);
    }

    /**
     * A long EXPECTED cell wraps under its own column (each word once, FOUND still aligned) instead of
     * being clipped and repeated under the row; its continuation lines belong to the row (ERROR when it failed).
     */
    @Test
    void aLongExpectedCellWrapsUnderItsColumnOnce() {
        String expected = "sections, directories, imports, exports, relocations, TLS, load config, delay imports inside"
                + " the image";
        String path = "/a/very/long/path/without/any/space/in/it/that/goes/on/and/on/for/more/than/sixty/characters.dll";
        CheckTable.Table t = new CheckTable().table("hipdll:verify x.dll", List.of(
                Check.of("pe.loadable", "maps", Verdict.FAIL, expected, "all inside the image"),
                Check.of("pe.dll", "a DLL", Verdict.PASS, "IMAGE_FILE_DLL set", "set"),
                Check.of("artifact.built", "the built one", Verdict.PASS, "the file hipdll:build wrote: " + path, path)),
                "OK", "REJECTED");
        List<String> lines = t.lines();
        int found = lines.get(1).indexOf("FOUND");
        int expectedColumn = lines.get(1).indexOf("EXPECTED");
        assertEquals("sections, directories, imports, exports, relocations, TLS,", lines.get(3).substring(expectedColumn,
                found).strip(), lines::toString);
        assertEquals("all inside the image", lines.get(3).substring(found), lines::toString);
        assertEquals(" ".repeat(expectedColumn) + "load config, delay imports inside the image", lines.get(4), lines::toString);
        assertEquals("set", lines.get(5).substring(found), lines::toString);
        assertEquals(List.of(false, false, false, true, true, false, false, false, false), t.failures(),
                lines::toString);
        // a word longer than the cell is never cut: it is a continuation line of its own, whole
        assertEquals(path, lines.get(6).substring(found), lines::toString);
        assertEquals("the file hipdll:build wrote:", lines.get(6).substring(expectedColumn, found).strip(), lines::toString);
        assertEquals(" ".repeat(expectedColumn) + path, lines.get(7), lines::toString);
        assertTrue(lines.stream().noneMatch(l -> l.contains("...") || l.strip().startsWith("- expected:")
                || l.strip().startsWith("- found:")), lines::toString);
    }

    /**
     * Notes (e.g. the GPUs that load a code object) are listed under a failed row but are no error lines;
     * verify.json and the JUnit XML list them after the details, as before they were notes.
     */
    @Test
    void notesUnderAFailedRowAreNoErrorLinesAndFollowTheDetailsInTheReports() throws Exception {
        Check gpus = new Check("device-code.gpus", "code object for each GPU users run", Verdict.FAIL,
                "gfx1152, gfx1151 (hip.gpus)", "1 GPU mode(s) without a code object",
                List.of("gfx1152: no code object; the DLL has gfx1151"), List.of("gfx1151: loads gfx1151 (exact)"));
        CheckTable.Table t = new CheckTable().table("hipdll:verify x.dll", List.of(gpus), "OK", "REJECTED");
        assertEquals(List.of(false, false, false, true, true, false, false), t.failures(), t.lines()::toString);
        assertTrue(t.lines().get(5).endsWith("- gfx1151: loads gfx1151 (exact)"), t.lines()::toString);
        Path f = dir.resolve("verify.json");
        new JsonReport().write(new VerifyReport(Path.of("x.dll"), List.of(gpus), Map.of()), f);
        JsonNode details = new ObjectMapper().readTree(f.toFile()).get("checks").get(0).get("details");
        assertEquals("[\"gfx1152: no code object; the DLL has gfx1151\",\"gfx1151: loads gfx1151 (exact)\"]",
                details.toString());
    }

    @Test
    void reportsAreWorldReadable() throws Exception {
        Path json = dir.resolve("verify.json");
        Path xml = dir.resolve("TEST-hipdll-verify.xml");
        new JsonReport().write(report(), json);
        new JUnitXmlReport().write(report(), xml);
        if (Files.getFileStore(dir).supportsFileAttributeView("posix")) {
            assertEquals("rw-r--r--", java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(json)));
            assertEquals("rw-r--r--", java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(xml)));
        }
    }

    @Test
    void staleVerifyReportsAreDeleted() throws Exception {
        new JsonReport().write(report(), dir.resolve(JsonReport.FILE_NAME));
        new JUnitXmlReport().write(report(), dir.resolve(JUnitXmlReport.FILE_NAME));
        new SarifReport(dev.hipdll.findings.DetailBound.standard(), dir).write(report(), dir.resolve(SarifReport.FILE_NAME));
        Files.writeString(dir.resolve("doctor.json"), "{}");
        assertEquals(List.of(dir.resolve(JsonReport.FILE_NAME), dir.resolve(JUnitXmlReport.FILE_NAME),
                dir.resolve(SarifReport.FILE_NAME)), VerifyReports.deleteIn(dir));
        assertTrue(Files.exists(dir.resolve("doctor.json")), "only verify's reports");
        assertEquals(List.of(), VerifyReports.deleteIn(dir));
    }
}
