package dev.hipdll.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.hipdll.digest.ChecksumFile;
import dev.hipdll.digest.Sha256;
import dev.hipdll.attestation.DllAttestor;
import dev.hipdll.attestation.ExternalParameters;
import dev.hipdll.attestation.SigningKeyFile;
import dev.hipdll.host.Host;
import dev.hipdll.host.OsFamily;
import dev.hipdll.incremental.BuildStamp;
import dev.hipdll.incremental.FileFingerprint;
import dev.hipdll.incremental.StampStore;
import dev.hipdll.provenance.Provenance;
import dev.hipdll.provenance.ProvenanceJson;
import dev.hipdll.testing.Fixtures;
import dev.hipdll.testing.Toolchain;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.apache.maven.plugin.MojoFailureException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * hipdll:verify with {@code hip.attestation.trustedKeys} on a real DLL (the example backend, built here) that hipdll:build
 * did not link in this run, as after a restore from a build cache: the signed DLL passes and names its signer; the
 * consistent rewrite of hole 2 (DLL, {@code .sha256}, {@code provenance.json} and stamp) still passes
 * {@code -Dhip.provenance} but fails {@code artifact.attestation}, which is what fails the goal.
 */
class VerifyAttestationTest {
    @TempDir
    Path dir;
    Path dll;

    private static Path key(String name) throws Exception {
        return Path.of(VerifyAttestationTest.class.getResource("/dev/hipdll/attestation/keys/" + name).toURI());
    }

    /** The files CI's build leaves: the DLL, .sha256, provenance.json, stamp and the signed attestation. */
    private void publish(String signingKey) throws Exception {
        ChecksumFile.write(dll);
        new ProvenanceJson().write(new Provenance(Provenance.FORMAT_VERSION, "dev.hipdll:hipdll-maven-plugin:test",
                new Provenance.Output(dll.getFileName().toString(), Files.size(dll), Sha256.of(dll)),
                new Provenance.Sdk("6.2", "${HIP_SDK_ROOT}", List.of()), null, null, List.of("gfx1151"),
                new Provenance.Compiler("hipcc", "${HIP_SDK_ROOT}/bin/hipcc", "${project.basedir}", List.of()),
                List.of(), null), dll.resolveSibling("provenance.json"));
        new StampStore(dll).commit(new BuildStamp(BuildStamp.FORMAT_VERSION, "test", new TreeMap<>(), List.of("gfx1151"),
                List.of(), List.of(), "6.2", List.of(), null, null, new TreeMap<>(), FileFingerprint.of(dll)));
        if (signingKey != null) {
            new DllAttestor().attest(new DllAttestor.Request(dll, dll.resolveSibling("provenance.json"), false,
                    new ExternalParameters("hipcc", true, List.of(), List.of(), null), "https://ci.example.org", "test",
                    Optional.of(SigningKeyFile.load(key(signingKey), "throwaway-test-password".toCharArray(), "test")),
                    ""), line -> { });
        }
    }

    @BeforeEach
    void ciBuild() throws Exception {
        dll = Fixtures.exampleDll(dir.resolve("target/hipdll"), "coli_hip.dll", List.of("gfx1151"), List.of());
        publish("ec-p256.p12");
    }

    private VerifyMojo mojo() throws Exception {
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
        m.exportPrefix = "coli_cuda_";
        m.contract = Toolchain.exampleDir().resolve("host/backend_loader.c").toFile();
        m.failOnExtraExports = true;
        m.maxBundleMiB = 512;
        m.sdkRoot = Toolchain.standinSdk().toFile();
        m.buildPaths = List.of(Toolchain.exampleDir().toAbsolutePath().toString());
        m.reportDirectory = dir.resolve("reports").toFile();
        m.provenance = dll.resolveSibling("provenance.json").toFile();
        m.trustedKeys = List.of(key("ec-p256-cert.pem").toFile());
        return m;
    }

    private JsonNode check(String id) throws Exception {
        for (JsonNode c : new ObjectMapper().readTree(dir.resolve("reports/verify.json").toFile()).get("checks")) {
            if (c.get("id").asText().equals(id)) {
                return c;
            }
        }
        throw new AssertionError("no check " + id);
    }

    /** Hole 2's attacker: another DLL (one byte of the COFF time stamp), with .sha256, provenance.json and stamp to match. */
    private void consistentRewrite() throws Exception {
        byte[] bytes = Files.readAllBytes(dll);
        int pe = (bytes[0x3c] & 0xff) | (bytes[0x3d] & 0xff) << 8;
        bytes[pe + 8] ^= 0x55; // COFF TimeDateStamp: no check reads it
        Files.write(dll, bytes);
        publish(null);
    }

    @Test
    void theSignedDllPassesAndTheSignerIsNamed() throws Exception {
        mojo().execute();
        JsonNode c = check("artifact.attestation");
        assertEquals("PASS", c.get("verdict").asText(), c.toString());
        assertTrue(c.get("found").asText().startsWith("signed by O=hipdll tests,CN=hipdll throwaway test signer"), c.toString());
    }

    @Test
    void theConsistentRewriteOfHole2PassesTheProvenanceGuardButNotTheSignature() throws Exception {
        consistentRewrite();
        VerifyMojo unsigned = mojo();
        unsigned.trustedKeys = null;
        unsigned.execute(); // the documented guard alone: every digest it checks is the attacker's
        assertEquals("PASS", check("artifact.sha256").get("verdict").asText());

        MojoFailureException e = assertThrows(MojoFailureException.class, () -> mojo().execute());
        assertTrue(e.getMessage().contains("1 check(s) failed: artifact.attestation"), e.getMessage());
        assertEquals("PASS", check("artifact.sha256").get("verdict").asText(), "the provenance guard is fooled");
        JsonNode c = check("artifact.attestation");
        assertEquals("FAIL", c.get("verdict").asText());
        assertTrue(c.get("found").asText().contains("but its subject is"), c.toString());
        assertTrue(c.get("details").toString().contains("required: no project"), c.toString());
    }

    @Test
    void aDllWithoutAttestationFailsWhenKeysAreTrusted() throws Exception {
        Files.delete(dll.resolveSibling("coli_hip.dll.intoto.jsonl"));
        MojoFailureException e = assertThrows(MojoFailureException.class, () -> mojo().execute());
        assertTrue(e.getMessage().contains("artifact.attestation: no attestation at "), e.getMessage());
    }

    @Test
    void anAttestationElsewhereIsNamedWithHipAttestation() throws Exception {
        Path elsewhere = dir.resolve("downloads/coli_hip-1.0-windows-x86_64.dll.intoto.jsonl");
        Files.createDirectories(elsewhere.getParent());
        Files.move(dll.resolveSibling("coli_hip.dll.intoto.jsonl"), elsewhere);
        VerifyMojo m = mojo();
        m.attestation = elsewhere.toFile();
        m.execute();
        assertEquals("PASS", check("artifact.attestation").get("verdict").asText());
    }

    @Test
    void badTrustedKeysOrAnAttestationWithoutKeysAreParameterErrors() throws Exception {
        VerifyMojo m = mojo();
        m.trustedKeys = List.of(key("ec-p256-pkcs8.pem").toFile());
        MojoFailureException e = assertThrows(MojoFailureException.class, m::execute);
        assertTrue(e.getMessage().startsWith("hipdll:verify: hip.attestation.trustedKeys: trusted key ")
                && e.getMessage().contains("a private key"), e.getMessage());
        VerifyMojo n = mojo();
        n.trustedKeys = null;
        n.attestation = new File("x.intoto.jsonl");
        e = assertThrows(MojoFailureException.class, n::execute);
        assertTrue(e.getMessage().contains("hip.attestation needs hip.attestation.trustedKeys"), e.getMessage());
    }

    @Test
    void theAttestationLimitsAreTheGoalsParameters() throws Exception {
        // Hip.attestation.maxKiB, maxEnvelopes, maxSignatures and timeLimit reach the check
        long size = Files.size(dll.resolveSibling("coli_hip.dll.intoto.jsonl"));
        assertTrue(size > 1024, "the signed attestation is more than 1 KiB: " + size);
        VerifyMojo m = mojo();
        m.attestationMaxKiB = 1;
        MojoFailureException e = assertThrows(MojoFailureException.class, m::execute);
        assertTrue(e.getMessage().contains("1 check(s) failed: artifact.attestation"), e.getMessage());
        assertTrue(check("artifact.attestation").get("found").asText().endsWith(size + " bytes; an attestation bundle"
                + " is read up to 1024 bytes (hip.attestation.maxKiB=1; hipdll:build writes a few KiB)"),
                check("artifact.attestation").toString());
        VerifyMojo n = mojo();
        n.attestationMaxSignatures = 0;
        e = assertThrows(MojoFailureException.class, n::execute);
        assertTrue(e.getMessage().startsWith("hipdll:verify: hip.attestation.maxSignatures: 0 is outside 1.."),
                e.getMessage());
        VerifyMojo t = mojo();
        t.attestationTimeLimit = java.time.Duration.ZERO;
        e = assertThrows(MojoFailureException.class, t::execute);
        assertTrue(e.getMessage().startsWith("hipdll:verify: hip.attestation.timeLimit: "), e.getMessage());
    }

    /**
     * The goal: the same DLL and keys as {@code -Dhip.dll} rejected in a zip
     * ({@code -Dhip.package}) without its attestation, and verified with it beside the DLL in the zip.
     */
    @Test
    void aPackageIsHeldToTheTrustedKeysAsTheDllIs() throws Exception {
        Path release = Files.createDirectories(dir.resolve("release"));
        Files.copy(dll, release.resolve("coli_hip.dll"));
        Path bare = dev.hipdll.testing.PackageFixtures.zip(release, dir.resolve("bare.zip"));
        VerifyMojo m = mojo();
        m.provenance = null;
        m.releasePackage = bare.toFile();
        m.packageBackends = List.of("coli_hip.dll");
        MojoFailureException e = assertThrows(MojoFailureException.class, m::execute);
        assertTrue(e.getMessage().contains("coli_hip.dll: artifact.attestation: no attestation at "), e.getMessage());

        Files.copy(dll.resolveSibling("coli_hip.dll.intoto.jsonl"), release.resolve("coli_hip.dll.intoto.jsonl"));
        VerifyMojo n = mojo();
        n.provenance = null;
        n.releasePackage = dev.hipdll.testing.PackageFixtures.zip(release, dir.resolve("signed.zip")).toFile();
        n.packageBackends = List.of("coli_hip.dll");
        n.execute();
        JsonNode file = new ObjectMapper().readTree(dir.resolve("reports/verify.json").toFile()).get("files").get(0);
        boolean passed = false;
        for (JsonNode c : file.get("checks")) {
            passed |= c.get("id").asText().equals("artifact.attestation") && c.get("verdict").asText().equals("PASS");
        }
        assertTrue(passed, file.toString());
    }
}
