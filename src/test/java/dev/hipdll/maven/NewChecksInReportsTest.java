package dev.hipdll.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.hipdll.host.Host;
import dev.hipdll.host.OsFamily;
import dev.hipdll.testing.Fixtures;
import dev.hipdll.testing.SarifSchema;
import dev.hipdll.testing.Toolchain;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.maven.plugin.MojoFailureException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The header, export, device-code and path checks reach all the views: the table, {@code verify.json},
 * {@code TEST-hipdll-verify.xml} and {@code verify.sarif} (valid SARIF 2.1.0, an error per failed check), through the goal, on the example backend built here (gfx1151 and
 * gfx11-generic, code object v6, {@code -g} device code); the failure line names each failed check.
 */
class NewChecksInReportsTest {
    @TempDir
    Path dir;

    static final List<String> NEW = List.of("exports.prefix", "device-code.wrappers", "device-code.format",
            "device-code.size", "device-code.gpus", "device-code.debug", "artifact.built");

    @Test
    void everyNewCheckIsInVerifyJsonAndTheJUnitXml() throws Exception {
        Path dll = Fixtures.exampleDll(dir.resolve("build"), "coli_hip.dll", List.of("gfx1151", "gfx11-generic"),
                List.of("-mcode-object-version=6", "-g"));
        VerifyMojo m = new VerifyMojo() {
            @Override
            Host host() {
                return Host.of(OsFamily.UNIX, Map.of());
            }
        };
        m.dll = dll.toFile();
        m.arch = "gfx1151";
        m.staticRuntime = true;
        m.expectedExports = 48;
        m.contract = Toolchain.exampleDir().resolve("host/backend_loader.c").toFile();
        m.failOnExtraExports = true;
        m.maxBundleMiB = 512;
        m.gpus = "gfx1151,gfx1152,gfx1201";
        m.maxBundleVersion = 2;
        m.maxDeviceCodeBytes = 1L << 30;
        m.allowDeviceDebug = false;
        m.skipChecks = List.of("paths.pdb");
        m.reportDirectory = dir.resolve("reports").toFile();
        MojoFailureException e = assertThrows(MojoFailureException.class, m::execute);
        assertTrue(e.getMessage().contains("device-code.gpus: gfx1201: no code object; the DLL has "), e.getMessage());
        assertTrue(e.getMessage().matches(".*device-code\\.debug: gfx1[0-9a-z-]+ code object \\(bundle #0, plain\\): \\.debug_.*"),
                e.getMessage());
        assertTrue(e.getMessage().contains("; paths.build: "), e.getMessage());

        JsonNode json = new ObjectMapper().readTree(dir.resolve("reports/verify.json").toFile());
        Map<String, String> verdicts = new LinkedHashMap<>();
        json.get("checks").forEach(c -> verdicts.put(c.get("id").asText(), c.get("verdict").asText()));
        String xml = Files.readString(dir.resolve("reports/TEST-hipdll-verify.xml"));
        for (String id : NEW) {
            assertTrue(verdicts.containsKey(id), id + " missing from verify.json: " + verdicts);
            assertTrue(xml.contains("name=\"" + id + "\""), id + " missing from the JUnit XML");
        }
        assertEquals("PASS", verdicts.get("exports.prefix"));
        assertEquals("PASS", verdicts.get("device-code.wrappers"));
        assertEquals("PASS", verdicts.get("device-code.format"));
        assertEquals("PASS", verdicts.get("device-code.size"));
        assertEquals("FAIL", verdicts.get("device-code.gpus"));
        assertEquals("FAIL", verdicts.get("device-code.debug"));
        assertEquals("SKIP", verdicts.get("artifact.built"), "no build in this run");
        assertTrue(xml.contains("type=\"hipdll.verify.device-code.gpus\""), "a FAIL is a JUnit failure");
        assertTrue(xml.contains("gfx1152: loads gfx11-generic (generic, code object v6)"), xml);

        Path sarif = dir.resolve("reports/verify.sarif");
        assertEquals(List.of(), SarifSchema.errors(sarif));
        List<String> errors = new java.util.ArrayList<>();
        new ObjectMapper().readTree(sarif.toFile()).at("/runs/0/results").forEach(r -> {
            if (r.get("level").asText().equals("error")) {
                errors.add(r.get("ruleId").asText());
            }
        });
        List<String> failed = new java.util.ArrayList<>();
        verdicts.forEach((id, v) -> {
            if (v.equals("FAIL")) {
                failed.add(id);
            }
        });
        assertEquals(failed, errors);
    }
}
