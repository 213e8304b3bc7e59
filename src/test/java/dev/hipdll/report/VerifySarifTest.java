package dev.hipdll.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.hipdll.contract.LoaderSourceParser;
import dev.hipdll.findings.Check;
import dev.hipdll.findings.CheckIds;
import dev.hipdll.findings.DetailBound;
import dev.hipdll.findings.Verdict;
import dev.hipdll.gate.DllSubject;
import dev.hipdll.gate.PackageSubject;
import dev.hipdll.gate.ReleaseGate;
import dev.hipdll.gate.VerificationOutcome;
import dev.hipdll.gate.VerificationRequest;
import dev.hipdll.gate.VerificationSubject;
import dev.hipdll.gfx.GfxTargetList;
import dev.hipdll.release.PackageReport;
import dev.hipdll.testing.Fixtures;
import dev.hipdll.testing.PackageFixtures;
import dev.hipdll.testing.SarifSchema;
import dev.hipdll.testing.Toolchain;
import dev.hipdll.trust.TrustPolicy;
import dev.hipdll.verify.DeviceCodeOptions;
import dev.hipdll.verify.DllChoice;
import dev.hipdll.verify.VerifyOptions;
import dev.hipdll.verify.VerifyReport;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code verify.sarif}: every SARIF report verify writes here, of real DLLs and release packages
 * built with clang-19 and the stand-in SDK (a passing backend with warnings, a DLL that leaks build paths and its
 * PDB path, a file that is no PE image, a directory package and a zip with a member whose import is missing), is
 * valid against the official SARIF 2.1.0 schema (oasis-tcs/sarif-spec, {@code sarif-2.1/schema/sarif-schema-2.1.0.json}
 * at commit a560296c, stored in src/test/resources) and carries what GitHub code scanning needs for an upload
 * ("SARIF support for code scanning": {@code $schema}, {@code version} 2.1.0, {@code runs[].tool.driver.name}, rules
 * with {@code id} and descriptions, results with {@code ruleId}, {@code message.text} and a location whose
 * {@code artifactLocation.uri} is relative to the checkout, stable {@code partialFingerprints}).
 */
class VerifySarifTest {
    @TempDir
    static Path work;
    static Path backend;
    static Path leaky;
    static final ObjectMapper JSON = new ObjectMapper();
    static final Pattern ANCHOR = Pattern.compile("<a id=\"([^\"]+)\"></a>");

    @BeforeAll
    static void realInputs() throws Exception {
        backend = Fixtures.exampleDll(work.resolve("build"), "coli_hip.dll", List.of("gfx1151"), List.of());
        // linked with /debug: the CodeView record names the absolute PDB path, which is also a build path in the file
        leaky = Fixtures.cDll(work.resolve("leaky"), "leaky.dll", "x86_64-pc-windows-msvc",
                "__declspec(dllexport) int coli_cuda_init(void) { return 0; }\n", List.of("/debug"));
    }

    private static VerifyOptions options() throws Exception {
        return VerifyOptions.builder(new LoaderSourceParser("coli_cuda_").parse(Toolchain.exampleDir()
                .resolve("host/backend_loader.c")))
                .deviceCode(DeviceCodeOptions.forTargets(GfxTargetList.parse("gfx1151").targets()))
                .maxBundleBytes(64L << 20).build();
    }

    private static DllSubject dll(Path file) {
        return new DllSubject(DllChoice.choose(file, true, null, Optional.empty()), false, false, "", Optional.empty(),
                Optional.empty());
    }

    private static PackageSubject pkg(Path path) {
        return PackageSubject.of(path);
    }

    /** Runs the gate as the goal does and writes its three reports into a directory of their own, paths under work. */
    private static Written verify(String name, VerificationSubject subject, DetailBound bound) throws Exception {
        VerificationOutcome o = new ReleaseGate().verify(new VerificationRequest(subject, options(), TrustPolicy.none(),
                bound, work.resolve("tmp")));
        Path dir = Files.createDirectories(work.resolve("reports").resolve(name));
        List<Path> files = o.writeReports(dir, work);
        assertEquals(List.of(dir.resolve("verify.json"), dir.resolve("TEST-hipdll-verify.xml"),
                dir.resolve("verify.sarif")), files);
        return new Written(o, files.get(2), JSON.readTree(files.get(2).toFile()));
    }

    record Written(VerificationOutcome outcome, Path file, JsonNode sarif) {
    }

    private static List<String> schemaErrors(Path file) throws Exception {
        return SarifSchema.errors(file);
    }

    /** Checks what GitHub code scanning needs of an uploaded file, and that each FAIL and WARN has its result. */
    private static void validForCodeScanning(Written w) throws Exception {
        assertEquals(List.of(), schemaErrors(w.file()), w.file().toString());
        JsonNode s = w.sarif();
        assertEquals("2.1.0", s.get("version").asText());
        assertEquals(SarifReport.SCHEMA, s.get("$schema").asText());
        assertEquals(1, s.get("runs").size());
        JsonNode run = s.get("runs").get(0);
        assertEquals("hipdll", run.at("/tool/driver/name").asText());
        Set<String> docsAnchors = docsAnchors();
        List<String> ruleIds = new ArrayList<>();
        for (JsonNode r : run.at("/tool/driver/rules")) {
            String id = r.get("id").asText();
            ruleIds.add(id);
            assertFalse(r.at("/shortDescription/text").asText().isBlank(), id);
            assertFalse(r.at("/fullDescription/text").asText().isBlank(), id);
            assertTrue(CheckRules.described(id), id + " has no description of its own");
            String help = r.get("helpUri").asText();
            assertEquals(CheckRules.DOCS + "#check-" + id, help);
            assertTrue(docsAnchors.contains("check-" + id), "docs/verify.md has no anchor " + help);
        }
        assertTrue(ruleIds.containsAll(CheckRules.verifyIds()), ruleIds.toString());
        assertEquals(new HashSet<>(ruleIds).size(), ruleIds.size(), "a rule per id, once");
        List<String> expected = new ArrayList<>();
        for (Check c : w.outcome().report().checks()) {
            if (c.verdict() == Verdict.FAIL || c.verdict() == Verdict.WARN) {
                expected.add(c.id() + "=" + (c.verdict() == Verdict.FAIL ? "error" : "warning"));
            }
        }
        List<String> got = new ArrayList<>();
        Set<String> fingerprints = new HashSet<>();
        for (JsonNode r : run.get("results")) {
            String id = r.get("ruleId").asText();
            got.add(id + "=" + r.get("level").asText());
            assertEquals(id, ruleIds.get(r.get("ruleIndex").asInt()), "ruleIndex points at the rule");
            assertFalse(r.at("/message/text").asText().isBlank());
            assertEquals(1, r.get("locations").size());
            JsonNode loc = r.at("/locations/0/physicalLocation/artifactLocation");
            URI uri = new URI(loc.get("uri").asText());
            assertFalse(uri.isAbsolute(), "relative to the checkout: " + uri);
            assertFalse(uri.getPath().startsWith("/"), uri.toString());
            assertTrue(run.at("/originalUriBaseIds").has(loc.get("uriBaseId").asText()), loc.toString());
            assertTrue(fingerprints.add(r.at("/partialFingerprints/" + SarifReport.FINGERPRINT.replace("/", "~1")).asText()
                    + id + loc), "one result per check and file");
        }
        assertEquals(expected, got);
        assertEquals(work.toUri().toString(), run.at("/originalUriBaseIds/%SRCROOT%/uri").asText());
    }

    private static Set<String> docsAnchors() throws Exception {
        Set<String> ids = new HashSet<>();
        Matcher m = ANCHOR.matcher(Files.readString(Path.of("docs/verify.md")));
        while (m.find()) {
            ids.add(m.group(1));
        }
        return ids;
    }

    private static JsonNode resultOf(Written w, String ruleId, String uri) {
        for (JsonNode r : w.sarif().at("/runs/0/results")) {
            if (r.get("ruleId").asText().equals(ruleId)
                    && r.at("/locations/0/physicalLocation/artifactLocation/uri").asText().equals(uri)) {
                return r;
            }
        }
        throw new AssertionError("no " + ruleId + " result at " + uri + ": " + w.sarif());
    }

    @Test
    void aPassingBackendWithWarningsIsValidAndListsEachWarning() throws Exception {
        Written w = verify("backend", dll(backend), DetailBound.standard());
        assertTrue(w.outcome().passed(), w.outcome().report().failureSummary());
        assertTrue(w.outcome().report().count(Verdict.WARN) > 0, "the backend has warnings to report");
        validForCodeScanning(w);
        for (JsonNode r : w.sarif().at("/runs/0/results")) {
            assertEquals("warning", r.get("level").asText());
            assertEquals("build/coli_hip.dll", r.at("/locations/0/physicalLocation/artifactLocation/uri").asText());
            assertEquals("%SRCROOT%", r.at("/locations/0/physicalLocation/artifactLocation/uriBaseId").asText());
        }
    }

    @Test
    void aRejectedDllHasAnErrorPerFailedCheckAndTheFileOffsetOfABuildPath() throws Exception {
        Written w = verify("leaky", dll(leaky), DetailBound.standard());
        assertFalse(w.outcome().passed());
        validForCodeScanning(w);
        JsonNode pdb = resultOf(w, CheckIds.PATHS_PDB, "leaky/leaky.dll");
        assertEquals("error", pdb.get("level").asText());
        assertTrue(pdb.at("/message/text").asText().contains("leaky.pdb"), pdb.toString());
        JsonNode build = resultOf(w, CheckIds.PATHS_BUILD, "leaky/leaky.dll");
        // the region is where the file holds the path: the bytes at byteOffset are the build directory's path
        long offset = build.at("/locations/0/physicalLocation/region/byteOffset").asLong(-1);
        assertTrue(offset > 0, build.toString());
        byte[] bytes = Files.readAllBytes(leaky);
        byte[] want = "/".getBytes(StandardCharsets.US_ASCII);
        assertArrayEquals(want, new byte[] {bytes[(int) offset]}, "a path starts at 0x" + Long.toHexString(offset));
        String at = new String(bytes, (int) offset, Math.min(200, bytes.length - (int) offset), StandardCharsets.ISO_8859_1);
        assertTrue(at.startsWith(work.toString()), "0x" + Long.toHexString(offset) + ": " + at);
        assertFalse(build.at("/locations/0/physicalLocation/region").has("startLine"), "a binary region has no lines");
    }

    @Test
    void aFileThatIsNoPeImageIsValidWithOneErrorForPeFormat() throws Exception {
        Path text = Files.writeString(Files.createDirectories(work.resolve("notes")).resolve("not a dll #1.dll"), "hello");
        Written w = verify("text", dll(text), DetailBound.standard());
        validForCodeScanning(w);
        JsonNode r = resultOf(w, CheckIds.PE_FORMAT, "notes/not%20a%20dll%20%231.dll");
        assertEquals("error", r.get("level").asText());
    }

    @Test
    void packageMembersAreLocatedByTheirPathInTheDirectoryAndInTheZip() throws Exception {
        Path release = Files.createDirectories(work.resolve("release/bin"));
        Files.copy(backend, release.resolve("coli_hip.dll"));
        PackageFixtures.library(release, "hipblas.dll", PackageFixtures.imports("rocblas.dll", List.of("rocblas_create_handle"),
                "KERNEL32.dll", List.of("GetLastError")));
        Path zip = PackageFixtures.zip(release.getParent(), work.resolve("release.zip"));
        Map<String, Path> packages = new LinkedHashMap<>();
        packages.put("release", release.getParent());
        packages.put("release.zip", zip);
        List<String> fingerprintsPerPackage = new ArrayList<>();
        for (Map.Entry<String, Path> p : packages.entrySet()) {
            Written w = verify(p.getKey(), pkg(p.getValue()), DetailBound.standard());
            assertFalse(w.outcome().passed(), p.getKey());
            assertTrue(w.outcome().report() instanceof PackageReport);
            validForCodeScanning(w);
            JsonNode missing = resultOf(w, CheckIds.PACKAGE_DEPENDENCIES, "bin/hipblas.dll");
            assertEquals("error", missing.get("level").asText());
            assertEquals(SarifReport.PACKAGE_ROOT,
                    missing.at("/locations/0/physicalLocation/artifactLocation/uriBaseId").asText());
            assertTrue(missing.at("/message/text").asText().contains("rocblas.dll"), missing.toString());
            JsonNode root = w.sarif().at("/runs/0/originalUriBaseIds/" + SarifReport.PACKAGE_ROOT);
            assertEquals(p.getKey() + "/", root.get("uri").asText());
            assertEquals("%SRCROOT%", root.get("uriBaseId").asText());
            fingerprintsPerPackage.add(missing.at("/partialFingerprints/" + SarifReport.FINGERPRINT.replace("/", "~1"))
                    .asText());
        }
        // the same member's finding is one alert whether the release was a directory or a zip
        assertEquals(fingerprintsPerPackage.get(0), fingerprintsPerPackage.get(1));
    }

    @Test
    void aResultShowsTheBoundedDetailsAndSaysHowManyMoreThereAre() throws Exception {
        List<String> many = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            many.add("missing required coli_cuda_f" + i);
        }
        VerifyReport report = new VerifyReport(work.resolve("bounded.dll"), List.of(new Check(CheckIds.EXPORTS_REQUIRED,
                "every required entry point exported", Verdict.FAIL, "500 names", "500 missing", many)), Map.of());
        Path file = work.resolve("bounded.sarif");
        new SarifReport(new DetailBound(5), work).write(report, file);
        assertEquals(List.of(), schemaErrors(file));
        String text = JSON.readTree(file.toFile()).at("/runs/0/results/0/message/text").asText();
        assertEquals(7, text.split("\n").length, text);
        assertTrue(text.endsWith("... 495 more not shown (500 in all; hip.report.maxDetails=5)"), text);
    }

    /** Proof that the schema check can fail: a log without {@code version}, and a result without a message. */
    @Test
    void theValidatorRejectsWhatIsNotSarif210() {
        String noVersion = "{\"$schema\":\"" + SarifReport.SCHEMA + "\",\"runs\":[]}";
        assertNotEquals(List.of(), SarifSchema.errors(noVersion));
        String noMessage = "{\"version\":\"2.1.0\",\"runs\":[{\"tool\":{\"driver\":{\"name\":\"x\"}},"
                + "\"results\":[{\"ruleId\":\"a\"}]}]}";
        assertNotEquals(List.of(), SarifSchema.errors(noMessage));
    }

    @Test
    void filesOutsideTheCheckoutAreAbsoluteFileUris() throws Exception {
        VerifyReport report = new VerifyReport(Path.of("/opt/elsewhere/x.dll"), List.of(Check.of(CheckIds.PE_DLL,
                "image is a DLL", Verdict.FAIL, "IMAGE_FILE_DLL set", "not set")), Map.of());
        JsonNode s = new SarifReport(DetailBound.standard(), work).toJson(report);
        assertEquals("file:///opt/elsewhere/x.dll", s.at("/runs/0/results/0/locations/0/physicalLocation/artifactLocation/uri")
                .asText());
        Path file = work.resolve("outside.sarif");
        new SarifReport(DetailBound.standard(), work).write(report, file);
        assertEquals(List.of(), schemaErrors(file));
    }

    @Test
    void eachVerifyCheckIdHasADescribedRuleAndADocsAnchor() throws Exception {
        Set<String> anchors = docsAnchors();
        List<String> missing = new ArrayList<>();
        for (String id : CheckRules.verifyIds()) {
            if (!CheckRules.described(id) || !anchors.contains(CheckRules.anchor(id))) {
                missing.add(id);
            }
        }
        assertEquals(List.of(), missing);
    }
}
