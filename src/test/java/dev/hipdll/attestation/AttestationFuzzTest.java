package dev.hipdll.attestation;

import dev.hipdll.digest.Sha256;
import dev.hipdll.findings.Check;
import dev.hipdll.findings.Verdict;
import dev.hipdll.testing.ReaderFuzz;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The DSSE and in-toto readers under seeded mutants ({@link ReaderFuzz}): the attestations a build
 * writes ({@link DllAttestor} through {@link BuiltDll}, signed with the EC P-256, RSA 2048 and Ed25519 test keys),
 * mutated anywhere, with JSON's tokens in the dictionary. Each mutant is read line by line
 * ({@link AttestationBundle}, {@link DsseEnvelope#parse}, {@link SlsaStatement#read}) and checked as verify checks
 * it ({@link AttestationCheck} with the three public keys trusted): only {@link AttestationException} may come out of
 * the readers, the check never throws, and a PASS needs a payload byte for byte the one that was signed.
 */
@Tag("fuzz")
class AttestationFuzzTest {
    static final List<String> JSON = List.of("\"", "\\", "\\u0000", "\\ud800", "{", "}", "[", "]", ":", ",", "null", "true",
            "-0", "1e999999", "123456789012345678901234567890", "\"payload\":", "\"signatures\":[]", "\"sig\":\"\"",
            "\"keyid\":", "[[[[[[[[[[[[[[[[", "\n", "\u00e9", "\"_type\":", "\"subject\":[]", "\"sha256\":\"\"", "==");

    @TempDir
    Path dir;

    @Test
    void mutantsOfAttestationsReadOrFailByNameAndPassOnlyWhatWasSigned() throws Exception {
        BuiltDll built = new BuiltDll(dir.resolve("dll"), "MZ a dll".getBytes(StandardCharsets.US_ASCII));
        List<ReaderFuzz.Seed> seeds = new ArrayList<>();
        List<byte[]> payloads = new ArrayList<>();
        for (String key : List.of("ec-p256.p12", "rsa-2048-pkcs8.pem", "ed25519-pkcs8.pem")) {
            Path file = built.attest(TestKeys.signing(key), new ArrayList<>()).orElseThrow();
            byte[] b = Files.readAllBytes(file);
            seeds.add(ReaderFuzz.Seed.whole(key + ".intoto.jsonl", b, JSON));
            payloads.add(DsseEnvelope.parse(new String(b, StandardCharsets.UTF_8).strip(), "seed").payload());
        }
        List<TrustedKey> trusted = new ArrayList<>();
        for (String pub : List.of("ec-p256-public.pem", "rsa-2048-public.pem", "ed25519-public.pem")) {
            trusted.addAll(TrustedKeys.load(TestKeys.file(pub)));
        }
        String sha = Sha256.of(built.dll);
        Path mutant = dir.resolve("dll/coli_hip.dll.intoto.jsonl");
        ReaderFuzz.run("attestation", 20261212L, seeds, (name, bytes) -> {
            Files.write(mutant, bytes);
            Check c = AttestationCheck.check(new AttestationCheck.Request(built.dll, sha, mutant, trusted, true, "fuzz"));
            if (c.verdict() == Verdict.PASS && !signedPayload(bytes, payloads)) {
                throw new AssertionError("PASS on an attestation whose payload is not the one signed: " + c);
            }
            List<String> read = new ArrayList<>();
            for (AttestationBundle.Line l : AttestationBundle.read(mutant)) {
                DsseEnvelope e = DsseEnvelope.parse(l.text(), name + " line " + l.number());
                read.add(SlsaStatement.read(e.payload(), name + " line " + l.number()).subjects().toString());
            }
            return read;
        }, AttestationException.class);
    }

    /** Whether a line of {@code bytes} is an envelope carrying one of the {@code payloads} as it was signed. */
    private static boolean signedPayload(byte[] bytes, List<byte[]> payloads) {
        for (String line : new String(bytes, StandardCharsets.UTF_8).split("\n")) {
            try {
                byte[] p = DsseEnvelope.parse(line.strip(), "oracle").payload();
                for (byte[] s : payloads) {
                    if (Arrays.equals(p, s)) {
                        return true;
                    }
                }
            } catch (AttestationException | RuntimeException e) {
                // not this line
            }
        }
        return false;
    }
}
