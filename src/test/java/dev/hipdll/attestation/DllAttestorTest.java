package dev.hipdll.attestation;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.hipdll.digest.Sha256;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The attestation a build writes: its envelope, its statement's fields, and the unsigned cases. */
class DllAttestorTest {
    @TempDir
    Path dir;

    private JsonNode statement(Path attestation) throws Exception {
        List<String> lines = Files.readAllLines(attestation);
        assertEquals(1, lines.size(), "one envelope, one line");
        DsseEnvelope e = DsseEnvelope.parse(lines.get(0), "test");
        assertEquals("application/vnd.in-toto+json", e.payloadType());
        return new ObjectMapper().readTree(e.payload());
    }

    @Test
    void aSignedBuildWritesTheSlsaStatementInASignedEnvelope() throws Exception {
        BuiltDll built = new BuiltDll(dir, "MZ a dll".getBytes(StandardCharsets.US_ASCII));
        SigningKey key = TestKeys.signing("ec-p256.p12");
        List<String> log = new ArrayList<>();
        Path file = built.attest(key, log).orElseThrow();
        assertEquals(dir.resolve("coli_hip.dll.intoto.jsonl"), file);

        DsseEnvelope e = DsseEnvelope.parse(Files.readAllLines(file).get(0), "test");
        assertEquals(TestKeys.EC_KEY_ID, e.signatures().get(0).keyid());
        assertTrue(TrustedKeys.load(TestKeys.file("ec-p256-public.pem")).get(0).verifies(e.pae(), e.signatures().get(0).sig()));

        JsonNode s = statement(file);
        assertEquals("https://in-toto.io/Statement/v1", s.get("_type").asText());
        assertEquals("coli_hip.dll", s.at("/subject/0/name").asText());
        assertEquals(Sha256.of(built.dll), s.at("/subject/0/digest/sha256").asText());
        assertEquals("https://slsa.dev/provenance/v1", s.get("predicateType").asText());
        JsonNode def = s.at("/predicate/buildDefinition");
        assertEquals(Attestations.BUILD_TYPE, def.get("buildType").asText());
        assertEquals("[\"gfx1151\",\"gfx1100\"]", def.at("/externalParameters/targets").toString());
        assertEquals("hipcc", def.at("/externalParameters/driver").asText());
        assertEquals("[\"COLI_FAST=1\"]", def.at("/externalParameters/defines").toString());
        assertEquals("[\"-O3\"]", def.at("/externalParameters/compilerArgs").toString());
        assertEquals("link", def.at("/internalParameters/compiler/steps/0/step").asText());
        JsonNode deps = def.get("resolvedDependencies");
        assertEquals("src/main/hip/backend_cuda.cu", deps.get(0).get("name").asText());
        assertEquals("c".repeat(64), deps.at("/0/digest/sha256").asText());
        assertEquals("hip-sdk/clang", deps.get(1).get("name").asText());
        assertEquals("a".repeat(64), deps.at("/1/digest/sha256").asText());
        assertEquals("tree", deps.at("/2/annotations/digestOf").asText());
        assertEquals("-Dhip.includeDir", deps.at("/2/annotations/origin").asText());
        JsonNode run = s.at("/predicate/runDetails");
        assertEquals("https://ci.example.org/hipdll", run.at("/builder/id").asText());
        assertEquals("9.9.9", run.at("/builder/version/hipdll-maven-plugin").asText());
        assertEquals("provenance.json", run.at("/byproducts/0/name").asText());
        assertEquals(Sha256.of(built.provenance), run.at("/byproducts/0/digest/sha256").asText());
        assertFalse(s.toString().contains("/work/") || s.toString().contains(dir.toString()), "no machine path: " + s);
        assertTrue(log.get(log.size() - 1).contains("signed by ") && log.get(log.size() - 1).contains(TestKeys.EC_KEY_ID),
                log.toString());
        assertFalse(String.join("\n", log).contains(TestKeys.PASSWORD), "the password is never logged");
    }

    @Test
    void theStatementIsTheSameBytesForTheSameInputs() throws Exception {
        byte[] a = SlsaStatement.of(BuiltDll.provenance("d".repeat(64), 1), BuiltDll.parameters(), "b", "1", "p", "e".repeat(64));
        byte[] b = SlsaStatement.of(BuiltDll.provenance("d".repeat(64), 1), BuiltDll.parameters(), "b", "1", "p", "e".repeat(64));
        assertArrayEquals(a, b);
    }

    @Test
    void aProvenanceThatDoesNotDescribeTheDllIsNotSigned() throws Exception {
        BuiltDll built = new BuiltDll(dir, "MZ a dll".getBytes(StandardCharsets.US_ASCII));
        Files.write(built.dll, "MZ another".getBytes(StandardCharsets.US_ASCII));
        AttestationException e = assertThrows(AttestationException.class,
                () -> built.attest(TestKeys.signing("ec-p256-pkcs8.pem"), new ArrayList<>()));
        assertTrue(e.getMessage().contains("records output.sha256"), e.getMessage());
        assertFalse(Files.exists(built.attestation()));
    }

    @Test
    void withoutAKeyNothingIsSignedAndAnEarlierAttestationOfAReplacedDllIsDeleted() throws Exception {
        BuiltDll built = new BuiltDll(dir, "MZ one".getBytes(StandardCharsets.US_ASCII));
        built.attest(TestKeys.signing("ec-p256-pkcs8.pem"), new ArrayList<>());
        List<String> log = new ArrayList<>();
        assertTrue(built.attest(null, true, log).isPresent(), "up to date: the earlier attestation describes this DLL");
        built.rewrite("MZ two".getBytes(StandardCharsets.US_ASCII));
        log.clear();
        assertTrue(built.attest(null, false, log).isEmpty());
        assertFalse(Files.exists(built.attestation()), "rebuilt: the attestation of the old DLL is gone");
        assertEquals("attestation: not signed (no signing key: no key in this test)", log.get(0), log.toString());
        assertTrue(log.get(1).contains("deleted"), log.toString());
    }

    @Test
    void anUpToDateDllKeepsItsAttestationByTheSameKey() throws Exception {
        BuiltDll built = new BuiltDll(dir, "MZ one".getBytes(StandardCharsets.US_ASCII));
        SigningKey key = TestKeys.signing("ec-p256-pkcs8.pem");
        byte[] first = Files.readAllBytes(built.attest(key, new ArrayList<>()).orElseThrow());
        List<String> log = new ArrayList<>();
        built.attest(key, true, log);
        assertArrayEquals(first, Files.readAllBytes(built.attestation()), "ECDSA signs anew each time: kept means kept");
        assertTrue(log.get(0).contains("kept"), log.toString());
        built.attest(TestKeys.signing("ed25519-pkcs8.pem"), true, log);
        assertEquals(TestKeys.ED25519_KEY_ID, DsseEnvelope.parse(Files.readAllLines(built.attestation()).get(0), "t")
                .signatures().get(0).keyid(), "another key signs anew");
    }
}
