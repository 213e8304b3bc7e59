package dev.hipdll.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.hipdll.authenticode.Certificates;
import dev.hipdll.host.Host;
import dev.hipdll.host.OsFamily;
import dev.hipdll.testing.Fixtures;
import dev.hipdll.testing.SigningFixtures;
import dev.hipdll.testing.Toolchain;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.maven.plugin.MojoFailureException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * hipdll:verify's {@code hip.requireSignature}, {@code hip.signers}, {@code hip.trustStore} and
 * {@code hip.hardening.required} through the goal: a bad trust store or an unknown hardening name fails before the
 * DLL is read (no report is written), and a DLL signed here passes with all three, the new checks in verify.json with
 * the facts {@code unsignedSha256} and {@code authenticodeSha256}.
 */
class VerifySignatureParametersTest {
    @TempDir
    Path dir;

    private VerifyMojo mojo(Path dll) {
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
        m.reportDirectory = dir.resolve("reports").toFile();
        return m;
    }

    @Test
    void badParametersFailBeforeTheDllIsRead() throws Exception {
        Path dll = dir.resolve("never-read.dll");
        Files.writeString(dll, "not read");
        VerifyMojo m = mojo(dll);
        m.trustStore = dir.resolve("missing.pem").toFile();
        MojoFailureException e = assertThrows(MojoFailureException.class, m::execute);
        assertTrue(e.getMessage().contains("hip.trustStore: cannot read the trust store " + dir.resolve("missing.pem")),
                e.getMessage());
        VerifyMojo h = mojo(dll);
        h.hardeningRequired = List.of("guard-cf", "aslr");
        MojoFailureException he = assertThrows(MojoFailureException.class, h::execute);
        assertTrue(he.getMessage().contains("hip.hardening.required: unknown hardening check 'aslr'; known: dynamic-base,"),
                he.getMessage());
        VerifyMojo s = mojo(dll);
        s.signers = List.of("CN=bad,,name=");
        assertTrue(assertThrows(MojoFailureException.class, s::execute).getMessage().contains("hip.signers: 'CN=bad,,name='"));
        assertTrue(!Files.exists(dir.resolve("reports/verify.json")), "nothing was verified");
    }

    @Test
    void aDllSignedHerePassesWithEveryParameter() throws Exception {
        Path dll = Fixtures.exampleDll(dir.resolve("build"), "coli_hip.dll", List.of("gfx1151"),
                List.of("-Xclang", "-cfguard", "-Wl,/guard:cf"));
        String built = sha256(dll);
        SigningFixtures.Identity root = SigningFixtures.root("mojo root", Duration.ofDays(30));
        SigningFixtures.Identity signer = SigningFixtures.codeSigner("mojo signer", root, Duration.ofDays(30));
        SigningFixtures.sign(dll, signer);
        VerifyMojo m = mojo(dll);
        m.requireSignature = true;
        m.signers = List.of(Certificates.sha1(signer.certificate()));
        m.trustStore = SigningFixtures.pem(dir.resolve("root.pem"), root.certificate()).toFile();
        m.hardeningRequired = List.of("dynamic-base", "nx-compat", "guard-cf");
        m.execute();
        JsonNode json = new ObjectMapper().readTree(dir.resolve("reports/verify.json").toFile());
        Map<String, String> verdicts = new LinkedHashMap<>();
        json.get("checks").forEach(c -> verdicts.put(c.get("id").asText(), c.get("verdict").asText()));
        assertEquals("PASS", verdicts.get("authenticode.signature"));
        assertEquals("PASS", verdicts.get("authenticode.signer"));
        assertEquals("PASS", verdicts.get("authenticode.chain"));
        assertEquals("WARN", verdicts.get("authenticode.timestamp"));
        assertEquals("PASS", verdicts.get("hardening.guard-cf"));
        assertEquals("WARN", verdicts.get("hardening.force-integrity"), "asked for by hip.requireSignature, not required");
        assertEquals(built, json.get("facts").get("unsignedSha256").asText());
        assertEquals(64, json.get("facts").get("authenticodeSha256").asText().length());
        String xml = Files.readString(dir.resolve("reports/TEST-hipdll-verify.xml"));
        assertTrue(xml.contains("name=\"authenticode.signature\"") && xml.contains("name=\"hardening.guard-cf\""));
    }

    private static String sha256(Path p) throws Exception {
        return java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(p)));
    }
}
