package dev.hipdll.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.attestation.AttestationBundle;
import dev.hipdll.attestation.AttestationCheck;
import dev.hipdll.attestation.Attestations;
import dev.hipdll.attestation.DsseEnvelope;
import dev.hipdll.attestation.SigningKey;
import dev.hipdll.attestation.SigningKeyFile;
import dev.hipdll.attestation.SlsaStatement;
import dev.hipdll.attestation.TrustedKey;
import dev.hipdll.attestation.TrustedKeys;
import dev.hipdll.authenticode.UnsignedImage;
import dev.hipdll.compile.BuildFailedException;
import dev.hipdll.digest.Sha256;
import dev.hipdll.findings.Check;
import dev.hipdll.findings.Verdict;
import dev.hipdll.incremental.StampStore;
import dev.hipdll.provenance.ProvenanceJson;
import dev.hipdll.signing.AuthenticodeSigning;
import dev.hipdll.testing.SigningFixtures;
import dev.hipdll.testing.Toolchain;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A signed release whose published files all describe the signed DLL, and that stays incremental: the real build
 * (clang-19 and lld-link-19 through the stand-in SDK) signs the DLL itself with Authenticode ({@code hip.sign.*},
 * jsign-core, an RFC 3161 timestamp from the documented loopback TSA {@code scripts/dev/local-tsa}) before it writes
 * the {@code .sha256}, {@code provenance.json}, the attestation and the stamp; a DLL another tool signs after the
 * build stays up to date ("signed after the build"), and its attestation still passes; a DLL changed otherwise is
 * rebuilt with a reason that says what changed.
 */
class SignedReleaseBuildTest {
    private static final String STOREPASS = "s3cret-Store-pass-4711";

    @TempDir
    static Path shared;
    @TempDir
    Path dir;

    static Process tsa;
    static String tsaUrl;
    static Path keystore;
    static Path caPem;
    static SigningFixtures.Identity signer;
    static SigningKey attestationKey;
    static List<TrustedKey> trusted;

    @BeforeAll
    static void keysAndTimestampAuthority() throws Exception {
        Toolchain.require("clang-19", "lld-link-19", "clang-offload-bundler-19", "python3", "openssl", "sha256sum",
                "osslsigncode");
        SigningFixtures.Identity ca = SigningFixtures.root("hipdll test release CA", Duration.ofDays(30));
        signer = SigningFixtures.codeSigner("hipdll test release signing", ca, Duration.ofDays(30));
        KeyStore ks = KeyStore.getInstance("PKCS12");
        ks.load(null, null);
        ks.setKeyEntry("release", signer.key(), STOREPASS.toCharArray(), signer.chain().toArray(new Certificate[0]));
        keystore = shared.resolve("release.p12");
        try (OutputStream out = Files.newOutputStream(keystore)) {
            ks.store(out, STOREPASS.toCharArray());
        }
        caPem = shared.resolve("ca.pem");
        Files.writeString(caPem, pem(ca.certificate()));
        Path tsaDir = shared.resolve("tsa");
        tsa = new ProcessBuilder("python3", Path.of("scripts/dev/local-tsa").toAbsolutePath().toString(),
                tsaDir.toString(), "--exit-after", "900").redirectErrorStream(true)
                .redirectOutput(shared.resolve("tsa.log").toFile()).start();
        Path port = tsaDir.resolve("tsa.port");
        for (int i = 0; i < 600 && !Files.exists(port) && tsa.isAlive(); i++) {  // a hang guard, not a timing
            Thread.sleep(100);
        }
        assertTrue(Files.exists(port), "scripts/dev/local-tsa did not start: " + Files.readString(shared.resolve("tsa.log")));
        tsaUrl = "http://127.0.0.1:" + Files.readString(port).strip() + "/";
        Path keys = Path.of(SignedReleaseBuildTest.class.getResource("/dev/hipdll/attestation/keys/ec-p256-pkcs8.pem")
                .toURI()).getParent();
        attestationKey = SigningKeyFile.load(keys.resolve("ec-p256-pkcs8.pem"), null, "test");
        trusted = TrustedKeys.load(keys.resolve("ec-p256-public.pem"));
    }

    @AfterAll
    static void stopTheTimestampAuthority() throws Exception {
        if (tsa != null) {
            tsa.destroy();
            tsa.waitFor(30, TimeUnit.SECONDS);
        }
    }

    private static AuthenticodeSigning signing(String storepass) {
        return new AuthenticodeSigning(keystore.toString(), "PKCS12", "release", storepass, null, Optional.of(tsaUrl),
                "the test");
    }

    private CoreBuild project() throws Exception {
        CoreBuild b = new CoreBuild(dir.resolve("proj")).withExample();
        b.signingKey = Optional.of(attestationKey);
        return b;
    }

    @Test
    void theBuildSignsTheDllAndEveryFileItPublishesDescribesTheSignedBytes() throws Exception {
        CoreBuild b = project();
        b.authenticode = Optional.of(signing(STOREPASS));
        List<String> log = b.build();
        Path dll = b.dll();
        assertTrue(log.stream().anyMatch(l -> l.startsWith("signed coli_hip.dll with Authenticode")), String.join("\n", log));
        String signed = Sha256.of(dll);
        Optional<String> image = UnsignedImage.sha256(dll);
        assertTrue(image.isPresent(), "the DLL carries no Authenticode signature");
        assertNotEquals(signed, image.get());
        // sha256sum -c, as README's recipe checks a downloaded DLL
        Process check = new ProcessBuilder("sha256sum", "-c", "coli_hip.dll.sha256").directory(dll.getParent().toFile())
                .redirectErrorStream(true).start();
        String out = new String(check.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(check.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, check.exitValue(), out);
        assertEquals(signed, new ProvenanceJson().read(dll.resolveSibling("provenance.json")).output().sha256());
        // the attestation's subject is the signed DLL, and its image without the signature is named too
        assertEquals(List.of(signed, image.get()), subjects(Attestations.fileFor(dll)));
        // a real Authenticode signature with the loopback TSA's RFC 3161 timestamp, as osslsigncode reads it
        Process v = new ProcessBuilder("osslsigncode", "verify", "-in", dll.toString(), "-CAfile", caPem.toString(),
                "-TSA-CAfile", shared.resolve("tsa/tsa.crt").toString()).redirectErrorStream(true).start();
        String verified = new String(v.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(v.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, v.exitValue(), verified);
        assertTrue(verified.contains("Timestamp"), verified);
        // the stamp records the signed DLL and the image the link wrote; no password anywhere
        String stamp = Files.readString(new StampStore(dll).committedFile());
        dev.hipdll.incremental.BuildStamp recorded = new StampStore(dll).committed().orElseThrow();
        assertEquals(signed, recorded.output().sha256(), stamp);
        assertEquals(image.get(), recorded.unsignedSha256(), stamp);
        assertTrue(stamp.contains("keystore=") && stamp.contains("alias=release"), stamp);
        for (String text : List.of(String.join("\n", log), stamp, Files.readString(dll.resolveSibling("provenance.json")),
                Files.readString(dll.resolveSibling("build.log")))) {
            assertFalse(text.contains(STOREPASS), "the keystore password was written: " + text);
        }

        List<String> again = b.build();
        assertTrue(b.ran().isEmpty(), String.join("\n", again));
        assertTrue(again.stream().anyMatch(l -> l.startsWith("coli_hip.dll is up to date (")
                && !l.contains("signed after the build")), String.join("\n", again));
        assertEquals(signed, Sha256.of(dll));

        // signed again by another tool (a release step that re-signs): still the build's DLL, and its attestation holds
        SigningFixtures.sign(dll, signer);
        List<String> resigned = b.build();
        assertTrue(b.ran().isEmpty(), String.join("\n", resigned));
        assertTrue(resigned.stream().anyMatch(l -> l.startsWith("coli_hip.dll is up to date (signed after the build)")),
                String.join("\n", resigned));
        // the build signed it, so its .sha256 and provenance describe the build's signature, not unsigned bytes
        assertTrue(resigned.stream().anyMatch(l -> l.contains("as the build signed it (hip.sign.keystore)")),
                String.join("\n", resigned));
        assertFalse(resigned.stream().anyMatch(l -> l.contains("before it was signed")), String.join("\n", resigned));
        Check c = AttestationCheck.check(new AttestationCheck.Request(dll, Sha256.of(dll), Attestations.fileFor(dll),
                trusted, true, "the test requires it"));
        assertEquals(Verdict.PASS, c.verdict(), c.toString());
    }

    @Test
    void aDllSignedByAnotherToolAfterTheBuildIsUpToDateAndItsAttestationStillHolds() throws Exception {
        CoreBuild b = project();
        b.awaitVerify = true;  // build, sign, verify in one Maven build: the stamp waits for verify
        b.build();
        Path dll = b.dll();
        String built = Sha256.of(dll);
        SigningFixtures.sign(dll, signer);  // another tool signs it after the build (jsign, as jsign-maven-plugin)
        assertNotEquals(built, Sha256.of(dll));
        assertTrue(new StampStore(dll).promotePending(), "verify did not commit the stamp of the signed DLL");

        b.awaitVerify = false;
        List<String> log = b.build();
        assertTrue(b.ran().isEmpty(), String.join("\n", log));
        assertTrue(log.stream().anyMatch(l -> l.startsWith("coli_hip.dll is up to date (signed after the build)")),
                String.join("\n", log));
        assertFalse(log.stream().anyMatch(l -> l.contains("no stamp of a previous successful build")), String.join("\n", log));
        assertTrue(log.stream().anyMatch(l -> l.contains("as the build wrote it, before it was signed")),
                String.join("\n", log));
        // the attestation names the DLL the build linked; verify recognises the signed DLL by that image
        assertEquals(List.of(built), subjects(Attestations.fileFor(dll)));
        Check c = AttestationCheck.check(new AttestationCheck.Request(dll, Sha256.of(dll), Attestations.fileFor(dll),
                trusted, true, "the test requires it"));
        assertEquals(Verdict.PASS, c.verdict(), c.toString());
        assertTrue(c.found().contains("signed after the build"), c.found());
    }

    @Test
    void aDllChangedOtherwiseIsRebuiltWithAReasonThatSaysWhatChanged() throws Exception {
        CoreBuild b = project();
        b.build();
        Path dll = b.dll();
        SigningFixtures.sign(dll, signer);
        byte[] bytes = Files.readAllBytes(dll);
        bytes[0x400] ^= 1;  // one byte of the first section's raw data, under the signature
        Files.write(dll, bytes);
        List<String> log = b.build();
        assertFalse(b.ran().isEmpty(), String.join("\n", log));
        String rebuilding = log.stream().filter(l -> l.startsWith("rebuilding coli_hip.dll")).findFirst().orElseThrow();
        assertTrue(rebuilding.contains("was modified after it was built, not only signed: its image without the"
                + " signature has SHA-256"), rebuilding);

        byte[] plain = Files.readAllBytes(dll);
        plain[0x400] ^= 1;  // the same, unsigned
        Files.write(dll, plain);
        log = b.build();
        rebuilding = log.stream().filter(l -> l.startsWith("rebuilding coli_hip.dll")).findFirst().orElseThrow();
        assertTrue(rebuilding.contains("its content differs and it carries no Authenticode signature"), rebuilding);
    }

    @Test
    void aWrongPasswordFailsNamingTheKeystoreAndKeepsThePasswordOutOfTheMessage() throws Exception {
        CoreBuild b = project();
        b.authenticode = Optional.of(signing("wrong-" + STOREPASS));
        BuildFailedException e = assertThrows(BuildFailedException.class, b::build);
        assertTrue(e.getMessage().contains("hip.sign.keystore") && e.getMessage().contains(keystore.toString()),
                e.getMessage());
        assertFalse(e.getMessage().contains(STOREPASS), e.getMessage());
        assertFalse(String.join("\n", b.log).contains(STOREPASS), String.join("\n", b.log));
        assertFalse(Files.exists(b.dll()), "an unsigned DLL was put in place");
    }

    private static List<String> subjects(Path attestation) throws Exception {
        AttestationBundle.Line line = AttestationBundle.read(attestation).get(0);
        DsseEnvelope e = DsseEnvelope.parse(line.text(), attestation.toString());
        return SlsaStatement.read(e.payload(), attestation.toString()).subjects().stream()
                .map(SlsaStatement.Subject::sha256).toList();
    }

    private static String pem(java.security.cert.X509Certificate c) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write("-----BEGIN CERTIFICATE-----\n".getBytes(StandardCharsets.US_ASCII));
        out.write(java.util.Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encode(c.getEncoded()));
        out.write("\n-----END CERTIFICATE-----\n".getBytes(StandardCharsets.US_ASCII));
        return out.toString(StandardCharsets.US_ASCII);
    }
}
