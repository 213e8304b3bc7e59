package dev.hipdll.attestation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.digest.Sha256;
import dev.hipdll.findings.Check;
import dev.hipdll.findings.Verdict;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Red team (attestation bundles bounded, a BOM accepted): an attacker who writes the bundle
 * beside a DLL tries to crash the check (a stack overflow in the JSON reader, an exception out of the decoder),
 * to make it slow, or to get a bundle accepted that holds no valid signature. Each bundle must give a FAIL with a
 * message, or a PASS only when the valid envelope is there, never an exception.
 */
class AttestationBundleAttackTest {
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

    private Check check(byte[] bundle) throws Exception {
        Files.write(built.attestation(), bundle);
        return AttestationCheck.check(new AttestationCheck.Request(built.dll, Sha256.of(built.dll), built.attestation(),
                trusted, true, "a DLL from elsewhere", AttestationLimits.DEFAULT));
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private void fails(byte[] bundle, String what) throws Exception {
        Check c = check(bundle);
        assertEquals(Verdict.FAIL, c.verdict(), what + ": " + c);
        assertTrue(c.found() != null && !c.found().isBlank() && c.found().length() < 4000, what + ": " + c.found());
    }

    @Test
    void deeplyNestedJsonIsANamedFailureNotAStackOverflow() throws Exception {
        int depth = 400_000;  // 800 KB of brackets, within the 1 MiB bound
        String nested = "[".repeat(depth) + "]".repeat(depth);
        fails(utf8("{\"x\":" + nested + ",\"payload\":\"\",\"payloadType\":\"a\",\"signatures\":[]}\n"), "nested field");
        fails(utf8("{\"payload\":\"\",\"payloadType\":\"a\",\"signatures\":[{\"sig\":" + nested + "}]}\n"),
                "nested signature");
        fails(utf8("{\"payload\":\"\",\"payloadType\":\"a\",\"signatures\":[" + "{\"a\":".repeat(100_000)
                + "1" + "}".repeat(100_000) + "]}\n"), "nested objects in a signature");
        // then the valid envelope still passes on a later line: nothing was left half-read
        Check c = check(utf8("[".repeat(depth) + "\n" + valid.toJson() + "\n"));
        assertEquals(Verdict.PASS, c.verdict(), c.toString());
    }

    @Test
    void aNestedPayloadSignedByNoTrustedKeyFails() throws Exception {
        String payload = "{\"a\":".repeat(50_000) + "1" + "}".repeat(50_000);
        DsseEnvelope e = new DsseEnvelope(Attestations.PAYLOAD_TYPE, utf8(payload), valid.signatures());
        fails(utf8(e.toJson() + "\n"), "a nested payload under another payload's signature");
    }

    @Test
    void whitespaceBlankLinesAndHugeLinesAreBoundedAndRead() throws Exception {
        // 500,000 blank lines and then the valid envelope: blank lines are not envelopes
        Check c = check(utf8(" \n".repeat(500_000) + valid.toJson() + "\n"));
        assertEquals(Verdict.PASS, c.verdict(), c.toString());
        // one line of 1 MiB - 1 of spaces: blank, no envelope
        fails(utf8(" ".repeat((1 << 20) - 1)), "one huge blank line");
        // a single huge line of junk inside the envelope, past the bound
        fails(utf8("{\"payload\":\"" + "A".repeat(2 << 20) + "\"}\n"), "a 2 MiB line");
        // whitespace padded around the valid envelope on its line
        c = check(utf8("\t ".repeat(100_000) + valid.toJson() + " ".repeat(100_000) + "\r\n"));
        assertEquals(Verdict.PASS, c.verdict(), c.toString());
    }

    @Test
    void byteOrderMarksAndOtherEncodingsAreNamedFailures() throws Exception {
        String junk = new DsseEnvelope(Attestations.PAYLOAD_TYPE, utf8("{}"),
                List.of(new DsseSignature("", new byte[64]))).toJson();
        // a BOM in the middle (two bundles concatenated, each written by PowerShell): the second line is no JSON
        Check c = check(utf8("\uFEFF" + junk + "\n\uFEFF" + valid.toJson() + "\n"));
        assertTrue(c.verdict() == Verdict.FAIL || c.verdict() == Verdict.PASS, c.toString());
        // UTF-16 without a BOM, big- and little-endian; UTF-32 with one
        fails((valid.toJson() + "\n").getBytes(StandardCharsets.UTF_16LE), "UTF-16LE without BOM");
        fails((valid.toJson() + "\n").getBytes(StandardCharsets.UTF_16BE), "UTF-16BE without BOM");
        ByteArrayOutputStream utf32 = new ByteArrayOutputStream();
        utf32.write(new byte[]{0, 0, (byte) 0xFE, (byte) 0xFF});
        utf32.write((valid.toJson() + "\n").getBytes("UTF-32BE"));
        fails(utf32.toByteArray(), "UTF-32BE");
        // bytes that are no UTF-8 at all, in a line and in a string
        fails(new byte[]{(byte) 0xC0, (byte) 0x80, (byte) 0xFF, '\n'}, "invalid UTF-8");
        fails(utf8("{\"payload\":\"").length > 0 ? concat(utf8("{\"payload\":\""), new byte[]{(byte) 0xED, (byte) 0xA0,
                (byte) 0x80}, utf8("\",\"payloadType\":\"a\",\"signatures\":[]}\n")) : null, "a surrogate in UTF-8");
        // a NUL byte and only NULs
        fails(new byte[4096], "NUL bytes");
    }

    @Test
    void theValidSignatureUnderAnotherPayloadTypeOrWithDuplicateFieldsFails() throws Exception {
        String payload = Base64.getEncoder().encodeToString(valid.payload());
        String sig = Base64.getEncoder().encodeToString(valid.signatures().get(0).sig());
        // a second payload field after the signed one: which one is read decides what was vouched for
        fails(utf8("{\"payload\":\"" + payload + "\",\"payloadType\":\"" + valid.payloadType() + "\",\"signatures\":[{\"sig\":\""
                + sig + "\"}],\"payload\":\"e30=\"}\n"), "a duplicate payload");
        fails(utf8("{\"payload\":\"" + payload + "\",\"payloadType\":\"text/plain\",\"signatures\":[{\"sig\":\"" + sig
                + "\"}]}\n"), "another payload type");
        // base64 of the payload with whitespace or the URL alphabet: the signature is over the bytes, not the text
        fails(utf8("{\"payload\":\"" + payload.substring(0, 4) + "\\n" + payload.substring(4) + "\",\"payloadType\":\""
                + valid.payloadType() + "\",\"signatures\":[{\"sig\":\"" + sig + "\"}]}\n"), "base64 with a newline");
        // trailing garbage after the envelope object on its line
        fails(utf8(valid.toJson() + "{}\n"), "two objects on one line");
        fails(utf8(valid.toJson() + valid.toJson() + "\n"), "the valid envelope twice on one line");
        fails(utf8(valid.toJson() + "]\n"), "a stray bracket after the envelope");
        // the valid envelope cut before its closing brace: a truncated line is no envelope
        String whole = valid.toJson();
        fails(utf8(whole.substring(0, whole.lastIndexOf('}')) + "\n"), "a truncated envelope");
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            b.writeBytes(p);
        }
        return b.toByteArray();
    }
}
