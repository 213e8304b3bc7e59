package dev.hipdll.attestation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hipdll.digest.Sha256;
import dev.hipdll.incremental.BuildStamp;
import dev.hipdll.incremental.FileFingerprint;
import dev.hipdll.incremental.StampStore;
import dev.hipdll.provenance.ExpectedDigest;
import dev.hipdll.findings.Check;
import dev.hipdll.findings.Verdict;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * verify's {@code artifact.attestation} check against a DLL signed by the build: valid; one byte of the DLL
 * changed; the statement changed; the wrong key; and the cache entry rewritten consistently
 * (DLL, {@code .sha256}, {@code provenance.json} and stamp) by someone without the key, which the
 * {@code provenance.json} guard ({@code -Dhip.provenance}) passes.
 */
class AttestationCheckTest {
    @TempDir
    Path dir;
    BuiltDll built;
    List<TrustedKey> trusted;

    @BeforeEach
    void signedBuild() throws Exception {
        built = new BuiltDll(dir, "MZ the DLL CI built".getBytes(StandardCharsets.US_ASCII));
        built.attest(TestKeys.signing("ec-p256.p12"), new ArrayList<>());
        trusted = TrustedKeys.load(List.of(TestKeys.file("ec-p256-cert.pem")));
    }

    private Check check(boolean required) throws Exception {
        return AttestationCheck.check(new AttestationCheck.Request(built.dll, Sha256.of(built.dll), built.attestation(),
                trusted, required, "hipdll:build did not link this DLL in this Maven build"));
    }

    private void writeEnvelope(DsseEnvelope e) throws Exception {
        Files.writeString(built.attestation(), e.toJson() + "\n");
    }

    private DsseEnvelope envelope() throws Exception {
        return DsseEnvelope.parse(Files.readAllLines(built.attestation()).get(0), "test");
    }

    @Test
    void aDllSignedByATrustedKeyPassesAndNamesTheSigner() throws Exception {
        Check c = check(true);
        assertEquals(Verdict.PASS, c.verdict(), c.toString());
        assertEquals(AttestationCheck.CHECK_ID, c.id());
        assertTrue(c.found().startsWith("signed by O=hipdll tests,CN=hipdll throwaway test signer (key "
                + TestKeys.EC_KEY_ID.substring(0, 16)), c.found());
        assertTrue(c.found().contains("subject 'coli_hip.dll' sha256 " + Sha256.of(built.dll)), c.found());
        assertTrue(c.details().contains("targets: 'gfx1151', 'gfx1100'"), c.details().toString());
    }

    @Test
    void oneByteOfTheDllChangedFails() throws Exception {
        byte[] bytes = Files.readAllBytes(built.dll);
        bytes[5] ^= 1;
        Files.write(built.dll, bytes);
        Check c = check(true);
        assertEquals(Verdict.FAIL, c.verdict(), c.toString());
        assertTrue(c.found().contains("but its subject is 'coli_hip.dll' sha256 ") && c.found().contains(Sha256.of(built.dll)),
                c.found());
    }

    @Test
    void aChangedStatementFails() throws Exception {
        // the attacker puts the new DLL's digest into the signed statement and keeps the signature
        byte[] bytes = Files.readAllBytes(built.dll);
        bytes[5] ^= 1;
        Files.write(built.dll, bytes);
        DsseEnvelope e = envelope();
        ObjectNode statement = (ObjectNode) new ObjectMapper().readTree(e.payload());
        ((ObjectNode) statement.at("/subject/0/digest")).put("sha256", Sha256.of(bytes));
        writeEnvelope(new DsseEnvelope(e.payloadType(), new ObjectMapper().writeValueAsBytes(statement), e.signatures()));
        Check c = check(true);
        assertEquals(Verdict.FAIL, c.verdict(), c.toString());
        assertTrue(c.found().contains("no signature by a trusted key (1 signature(s), keyid '" + TestKeys.EC_KEY_ID + "'"),
                c.found());
    }

    @Test
    void theWrongKeyFails() throws Exception {
        built.attest(TestKeys.signing("other-ec-p256-pkcs8.pem"), new ArrayList<>());
        Check c = check(true);
        assertEquals(Verdict.FAIL, c.verdict(), c.toString());
        assertTrue(c.found().contains("no signature by a trusted key"), c.found());
    }

    @Test
    void theConsistentRewriteOfACacheEntryIsRejected() throws Exception {
        // hole 2: DLL, .sha256, provenance.json and stamp rewritten together by someone without the key
        built.rewrite("MZ the attacker's DLL".getBytes(StandardCharsets.US_ASCII));
        new StampStore(built.dll).commit(new BuildStamp(BuildStamp.FORMAT_VERSION, "9.9.9", new TreeMap<>(),
                List.of("gfx1151"), List.of(), List.of(), "6.2", List.of(), null, null, new TreeMap<>(),
                FileFingerprint.of(built.dll)));
        assertEquals(Verdict.PASS, ExpectedDigest.fromProvenance(built.provenance).check(built.dll).verdict(),
                "the documented guard (-Dhip.provenance) is fooled: every digest it checks is the attacker's");
        assertEquals(Verdict.FAIL, check(true).verdict(), "the old attestation kept: its subject is CI's DLL");

        built.attest(TestKeys.signing("other-ec-p256-pkcs8.pem"), new ArrayList<>());
        assertEquals(Verdict.FAIL, check(true).verdict(), "a new attestation signed with the attacker's own key");

        DsseEnvelope unsigned = new DsseEnvelope(Attestations.PAYLOAD_TYPE, envelope().payload(), List.of());
        writeEnvelope(unsigned);
        Check c = check(true);
        assertEquals(Verdict.FAIL, c.verdict(), "an unsigned statement");
        assertTrue(c.found().endsWith("line 1: not signed"), c.found());

        Files.delete(built.attestation());
        c = check(true);
        assertEquals(Verdict.FAIL, c.verdict(), "no attestation at all");
        assertTrue(c.found().startsWith("no attestation at "), c.found());
    }

    @Test
    void aDllThisBuildLinkedNeedsNoAttestationButOneThereMustHold() throws Exception {
        Files.delete(built.attestation());
        Check c = check(false);
        assertEquals(Verdict.SKIP, c.verdict(), c.toString());
        built.attest(TestKeys.signing("other-ec-p256-pkcs8.pem"), new ArrayList<>());
        assertEquals(Verdict.FAIL, check(false).verdict(), "an attestation by an untrusted key is a failure all the same");
    }

    @Test
    void aRotationTrustsTheOldAndTheNewKeyThenDropsTheOld() throws Exception {
        trusted = TrustedKeys.load(List.of(TestKeys.file("ec-p256-cert.pem"), TestKeys.file("ed25519-public.pem")));
        assertEquals(Verdict.PASS, check(true).verdict(), "signed by the old key, during the rotation");
        built.attest(TestKeys.signing("ed25519-pkcs8.pem"), new ArrayList<>());
        assertEquals(Verdict.PASS, check(true).verdict(), "signed by the new key, during the rotation");
        built.attest(TestKeys.signing("ec-p256-pkcs8.pem"), new ArrayList<>());
        trusted = TrustedKeys.load(List.of(TestKeys.file("ed25519-public.pem")));
        assertEquals(Verdict.FAIL, check(true).verdict(), "the old key dropped: its attestations no longer pass");
    }

    @Test
    void everyLineIsTriedAndForeignLinesAreIgnored() throws Exception {
        String good = Files.readString(built.attestation());
        DsseEnvelope other = new DsseEnvelope("application/vnd.example+json", "{}".getBytes(StandardCharsets.UTF_8),
                List.of());
        Files.writeString(built.attestation(), "not json\n" + other.toJson() + "\n\n" + good);
        Check c = check(true);
        assertEquals(Verdict.PASS, c.verdict(), c.toString());
        assertTrue(c.found().endsWith("(coli_hip.dll.intoto.jsonl line 4)"), c.found());
    }

    @Test
    void aSignedStatementOfAnotherKindFails() throws Exception {
        SigningKey key = TestKeys.signing("ec-p256-pkcs8.pem");
        ObjectNode statement = (ObjectNode) new ObjectMapper().readTree(envelope().payload());
        statement.put("predicateType", "https://slsa.dev/provenance/v0.2");
        writeEnvelope(key.sign(new DsseEnvelope(Attestations.PAYLOAD_TYPE,
                new ObjectMapper().writeValueAsBytes(statement), List.of())));
        Check c = check(true);
        assertEquals(Verdict.FAIL, c.verdict(), c.toString());
        assertTrue(c.found().contains("predicateType is 'https://slsa.dev/provenance/v0.2'; expected"), c.found());
    }

    @Test
    void valuesFromTheFileCannotWriteLogLines() throws Exception {
        DsseEnvelope e = envelope();
        String keyid = "x\n::error::injected";
        writeEnvelope(new DsseEnvelope(e.payloadType(), e.payload(),
                List.of(new DsseSignature(keyid, Base64.getDecoder().decode("AAAA")))));
        Check c = check(true);
        assertEquals(Verdict.FAIL, c.verdict());
        for (String line : c.details()) {
            assertFalse(line.contains("\n"), line);
        }
        assertTrue(c.found().contains("'x\\u000a::error::injected'"), c.found());
    }
}
