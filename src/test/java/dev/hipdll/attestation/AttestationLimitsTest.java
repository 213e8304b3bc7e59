package dev.hipdll.attestation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.digest.Sha256;
import dev.hipdll.findings.Check;
import dev.hipdll.findings.Verdict;
import dev.hipdll.testing.AttestationCheckMain;
import dev.hipdll.testing.Exec;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An attestation bundle is untrusted input until a signature verifies, so its size, envelopes,
 * signatures per envelope and checking time are bounded ({@link AttestationLimits}), each refusal naming the limit
 * and its parameter; the hostile bundle of the red-team pass (16 MiB, 147,151 signatures, the valid one last: minutes
 * of CPU and {@code Java heap space} at {@code -Xmx64m}) is refused in a JVM with {@code -Xmx64m}. A bundle written
 * with a UTF-8 byte order mark (Windows PowerShell's {@code Out-File -Encoding utf8}) is read.
 */
class AttestationLimitsTest {
    private static final int HOSTILE_SIGNATURES = 147_151;

    @TempDir
    Path dir;
    BuiltDll built;
    List<TrustedKey> trusted;
    DsseEnvelope valid;

    @BeforeEach
    void signedBuild() throws Exception {
        built = new BuiltDll(dir, "MZ the DLL CI built".getBytes(StandardCharsets.US_ASCII));
        built.attest(TestKeys.signing("ec-p256.p12"), new ArrayList<>());
        trusted = TrustedKeys.load(List.of(TestKeys.file("ec-p256-cert.pem")));
        valid = DsseEnvelope.parse(Files.readAllLines(built.attestation()).get(0), "test");
    }

    private Check check(AttestationLimits limits) throws Exception {
        return AttestationCheck.check(new AttestationCheck.Request(built.dll, Sha256.of(built.dll), built.attestation(),
                trusted, true, "a DLL from elsewhere", limits));
    }

    private static AttestationLimits limits(int maxKiB, int maxEnvelopes, int maxSignatures, Duration time) {
        return AttestationLimits.of(maxKiB, maxEnvelopes, maxSignatures, time);
    }

    /**
     * Writes one envelope line: {@code junk} signatures of random bytes (88 base64 characters each, empty keyid), then
     * the valid envelope's own signature last.
     */
    private void writeManySignatures(int junk) throws IOException {
        Random random = new Random(30);
        byte[] sig = new byte[66];
        try (BufferedWriter w = Files.newBufferedWriter(built.attestation(), StandardCharsets.US_ASCII)) {
            w.write("{\"payload\":\"" + Base64.getEncoder().encodeToString(valid.payload()) + "\",\"payloadType\":\""
                    + valid.payloadType() + "\",\"signatures\":[");
            for (int i = 0; i < junk; i++) {
                random.nextBytes(sig);
                w.write("{\"keyid\":\"\",\"sig\":\"" + Base64.getEncoder().encodeToString(sig) + "\"},");
            }
            w.write("{\"sig\":\"" + Base64.getEncoder().encodeToString(valid.signatures().get(0).sig()) + "\"}]}\n");
        }
    }

    /** The red-team's bundle: 147,151 signatures, the valid one last, just within the 16 MiB the reader had. */
    private void writeHostileBundle() throws IOException {
        writeManySignatures(HOSTILE_SIGNATURES - 1);
        long size = Files.size(built.attestation());
        assertTrue(size > 15L << 20 && size <= 16L << 20, "about 16 MiB: " + size);
    }

    @Test
    void signaturesPerEnvelopeAreBounded() throws Exception {
        writeManySignatures(15); // 16 in all, the valid one last: within the default
        Check c = check(AttestationLimits.DEFAULT);
        assertEquals(Verdict.PASS, c.verdict(), c.toString());
        writeManySignatures(16); // 17
        c = check(AttestationLimits.DEFAULT);
        assertEquals(Verdict.FAIL, c.verdict(), c.toString());
        assertTrue(c.found().endsWith("line 1: 17 signatures; an envelope is checked with at most 16"
                + " (hip.attestation.maxSignatures); none of them was checked"), c.found());
        assertEquals(Verdict.PASS, check(limits(1024, 16, 17, Duration.ofSeconds(10))).verdict(), "raised");
    }

    @Test
    void envelopesPerBundleAreBounded() throws Exception {
        String junk = new DsseEnvelope(Attestations.PAYLOAD_TYPE, "{}".getBytes(StandardCharsets.UTF_8),
                List.of(new DsseSignature("", new byte[64]))).toJson() + "\n";
        Files.writeString(built.attestation(), junk.repeat(15) + "\n\n" + valid.toJson() + "\n");
        Check c = check(AttestationLimits.DEFAULT);
        assertEquals(Verdict.PASS, c.verdict(), c.toString());
        assertTrue(c.found().endsWith("(coli_hip.dll.intoto.jsonl line 18)"), "blank lines are not envelopes: " + c.found());
        Files.writeString(built.attestation(), junk.repeat(16) + valid.toJson() + "\n");
        c = check(AttestationLimits.DEFAULT);
        assertEquals(Verdict.FAIL, c.verdict(), c.toString());
        assertEquals(built.attestation() + ": more than 16 envelopes (non-blank lines, the next at line 17); an"
                + " attestation bundle is checked with at most 16 (hip.attestation.maxEnvelopes); none was checked",
                c.found());
    }

    @Test
    void whenTheTimeLimitRunsOutTheCheckFailsNamingIt() throws Exception {
        Check c = check(limits(1024, 16, 16, Duration.ofNanos(1)));
        assertEquals(Verdict.FAIL, c.verdict(), c.toString());
        assertEquals("coli_hip.dll.intoto.jsonl line 1: stopped after 0 signature verification(s): the attestation"
                + " check's time limit ran out (hip.attestation.timeLimit=1 ns)", c.found());
    }

    @Test
    void limitsOutsideTheirRangeNameTheParameter() {
        assertEquals("hip.attestation.maxKiB: 0 is outside 1..262144", assertThrows(IllegalArgumentException.class,
                () -> limits(0, 16, 16, Duration.ofSeconds(1))).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> limits(1, 0, 16, Duration.ofSeconds(1)))
                .getMessage().startsWith("hip.attestation.maxEnvelopes: 0 is outside 1.."));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> limits(1, 1, 0, Duration.ofSeconds(1)))
                .getMessage().startsWith("hip.attestation.maxSignatures: 0 is outside 1.."));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> limits(1, 1, 1, Duration.ZERO))
                .getMessage().startsWith("hip.attestation.timeLimit: PT0S is outside"));
    }

    @Test
    void aBundleWithAUtf8ByteOrderMarkAndCrlfIsRead() throws Exception {
        // Windows PowerShell 5: Get-Content a.intoto.jsonl | Out-File -Encoding utf8 b.intoto.jsonl
        Files.write(built.attestation(), ("\uFEFF" + valid.toJson() + "\r\n").getBytes(StandardCharsets.UTF_8));
        assertEquals((byte) 0xEF, Files.readAllBytes(built.attestation())[0]);
        Check c = check(AttestationLimits.DEFAULT);
        assertEquals(Verdict.PASS, c.verdict(), c.toString());
        // UTF-16 (Out-File -Encoding unicode, PowerShell 5's default) is named, not "not JSON"
        Files.write(built.attestation(), ("\uFEFF" + valid.toJson() + "\r\n").getBytes(StandardCharsets.UTF_16LE));
        c = check(AttestationLimits.DEFAULT);
        assertEquals(Verdict.FAIL, c.verdict(), c.toString());
        assertTrue(c.found().endsWith(": UTF-16 text (byte order mark FF FE); expected UTF-8 JSON lines (PowerShell:"
                + " Out-File -Encoding utf8)"), c.found());
    }

    @Test
    void theHostileBundleIsRefusedNamingTheLimitsIn64MiBOfHeap() throws Exception {
        writeHostileBundle();
        Check c = check(AttestationLimits.DEFAULT);
        assertEquals(Verdict.FAIL, c.verdict(), c.toString());
        assertEquals(built.attestation() + ": " + Files.size(built.attestation()) + " bytes; an attestation bundle is"
                + " read up to 1048576 bytes (hip.attestation.maxKiB=1024; hipdll:build writes a few KiB)", c.found());
        // in a JVM of 64 MiB: as it is (refused by its size), and with the size limit raised to 32 MiB (its 147,151
        // signatures refused unchecked, only counted)
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        for (String maxKiB : List.of("1024", String.valueOf(32 << 10))) {
            Exec.Result r = Exec.run(dir, List.of(java, "-Xmx64m", "-XX:+UseSerialGC", "-cp",
                    System.getProperty("java.class.path"), AttestationCheckMain.class.getName(), built.dll.toString(),
                    built.attestation().toString(), TestKeys.file("ec-p256-cert.pem").toString(), maxKiB));
            System.out.println("hip.attestation.maxKiB=" + maxKiB + " in -Xmx64m: " + r.output());
            assertFalse(r.output().contains("OutOfMemoryError"), r.output());
            assertEquals(1, r.exit(), r.output());
            assertTrue(r.output().startsWith("FAIL "), r.output());
            assertTrue(r.output().contains(maxKiB.equals("1024") ? "(hip.attestation.maxKiB=1024;"
                    : HOSTILE_SIGNATURES + " signatures; an envelope is checked with at most 16"
                    + " (hip.attestation.maxSignatures)"), r.output());
        }
    }
}
