package dev.hipdll.attestation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The signing key formats OpenSSL 3.0 and keytool write (the throwaway keys of the test resources), the key id
 * (the SHA-256 of the DER public key, as openssl prints it), and the refusals: unsupported keys, wrong or missing
 * passwords, a certificate of another key; no message holds the password.
 */
class SigningKeyFileTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"ec-p256-pkcs8.pem", "ec-p256-sec1.pem", "ec-p256-encrypted.pem",
            "ec-p256-sec1-legacy-encrypted.pem", "ec-p256.p12"})
    void everyFormatOfTheEcKeyLoadsWithItsKeyId(String name) throws Exception {
        SigningKey key = TestKeys.signing(name);
        assertEquals(KeyAlgorithm.ECDSA_P256_SHA256, key.algorithm());
        assertEquals(TestKeys.EC_KEY_ID, key.keyId(), "openssl pkey -pubout -outform DER | sha256sum");
    }

    @Test
    void rsaAndEd25519KeysLoad() throws Exception {
        assertEquals(KeyAlgorithm.RSA_PKCS1_SHA256, TestKeys.signing("rsa-2048-pkcs8.pem").algorithm());
        assertEquals(TestKeys.RSA_KEY_ID, TestKeys.signing("rsa-2048-pkcs1.pem").keyId());
        SigningKey ed = TestKeys.signing("ed25519-pkcs8.pem");
        assertEquals(KeyAlgorithm.ED25519, ed.algorithm());
        assertEquals(TestKeys.ED25519_KEY_ID, ed.keyId());
    }

    @Test
    void aSignatureOfEachAlgorithmVerifiesWithItsPublicKeyOnly() throws Exception {
        DsseEnvelope e = new DsseEnvelope(Attestations.PAYLOAD_TYPE, "{}".getBytes(StandardCharsets.UTF_8), List.of());
        for (String[] pair : new String[][] {{"ec-p256-pkcs8.pem", "ec-p256-public.pem"},
                {"rsa-2048-pkcs8.pem", "rsa-2048-public.pem"}, {"ed25519-pkcs8.pem", "ed25519-public.pem"}}) {
            DsseEnvelope signed = TestKeys.signing(pair[0]).sign(e);
            assertEquals(TestKeys.signing(pair[0]).keyId(), signed.signatures().get(0).keyid(), "the keyid is in the envelope");
            TrustedKey trusted = TrustedKeys.load(TestKeys.file(pair[1])).get(0);
            assertTrue(trusted.verifies(signed.pae(), signed.signatures().get(0).sig()), pair[0]);
            TrustedKey other = TrustedKeys.load(TestKeys.file("other-ec-p256-public.pem")).get(0);
            assertFalse(other.verifies(signed.pae(), signed.signatures().get(0).sig()), pair[0] + " with another key");
        }
    }

    @Test
    void thePkcs12CertificateNamesTheSigner() throws Exception {
        SigningKey key = TestKeys.signing("ec-p256.p12");
        assertEquals("O=hipdll tests,CN=hipdll throwaway test signer", key.signer());
        assertTrue(key.toString().contains("CN=hipdll throwaway test signer"), key.toString());
    }

    @Test
    void theLogLineNamesTheKeyAndNeverItsSecret() throws Exception {
        for (String name : List.of("ec-p256-pkcs8.pem", "rsa-2048-pkcs8.pem", "ed25519-pkcs8.pem")) {
            SigningKey key = TestKeys.signing(name);
            String pem = Files.readString(TestKeys.file(name));
            String base64 = pem.replaceAll("-----[A-Z ]+-----", "").replaceAll("\\s", "");
            String text = key.toString();
            assertTrue(text.contains(KeyId.shortForm(key.keyId())), text);
            assertFalse(text.contains(base64.substring(20, 40)), text);
            assertFalse(text.toLowerCase().contains("exponent") || text.contains("private"), text);
        }
    }

    @Test
    void aWrongOrMissingPasswordIsSaidAndNeverRepeated() {
        String wrong = "not-the-password-4711";
        for (String name : List.of("ec-p256-encrypted.pem", "ec-p256-sec1-legacy-encrypted.pem", "ec-p256.p12")) {
            AttestationException e = assertThrows(AttestationException.class,
                    () -> SigningKeyFile.load(TestKeys.file(name), wrong.toCharArray(), "test"));
            assertTrue(e.getMessage().contains(name) && e.getMessage().contains("password"), e.getMessage());
            assertFalse(e.getMessage().contains(wrong), e.getMessage());
        }
        AttestationException none = assertThrows(AttestationException.class,
                () -> SigningKeyFile.load(TestKeys.file("ec-p256-encrypted.pem"), null, "test"));
        assertTrue(none.getMessage().contains("no password was given"), none.getMessage());
    }

    @Test
    void unsupportedKeysAreRefusedByName() {
        AttestationException p384 = assertThrows(AttestationException.class, () -> TestKeys.signing("ec-p384-pkcs8.pem"));
        assertTrue(p384.getMessage().contains("other than P-256"), p384.getMessage());
        AttestationException rsa1024 = assertThrows(AttestationException.class, () -> TestKeys.signing("rsa-1024-pkcs8.pem"));
        assertTrue(rsa1024.getMessage().contains("1024 bits; expected at least 2048"), rsa1024.getMessage());
    }

    @Test
    void aPublicKeyOrAnEmptyOrHugeFileIsNoSigningKey() throws Exception {
        AttestationException pub = assertThrows(AttestationException.class, () -> TestKeys.signing("ec-p256-public.pem"));
        assertTrue(pub.getMessage().contains("no private key"), pub.getMessage());
        Path empty = Files.createFile(dir.resolve("empty.p12"));
        AttestationException e = assertThrows(AttestationException.class, () -> SigningKeyFile.load(empty, null, "t"));
        assertTrue(e.getMessage().contains("empty.p12"), e.getMessage());
        Path huge = dir.resolve("huge.pem");
        try (var f = new java.io.RandomAccessFile(huge.toFile(), "rw")) {
            f.setLength(KeyFiles.MAX_BYTES + 1L);
        }
        AttestationException h = assertThrows(AttestationException.class, () -> SigningKeyFile.load(huge, null, "t"));
        assertTrue(h.getMessage().contains("at most " + KeyFiles.MAX_BYTES), h.getMessage());
        AttestationException missing = assertThrows(AttestationException.class,
                () -> SigningKeyFile.load(dir.resolve("nope.pem"), null, "t"));
        assertTrue(missing.getMessage().contains("no such file"), missing.getMessage());
    }

    @Test
    void aCertificateOfAnotherKeyIsRefusedBeforeAnythingIsSigned() throws Exception {
        Path mixed = dir.resolve("mixed.pem");
        Files.writeString(mixed, Files.readString(TestKeys.file("other-ec-p256-pkcs8.pem"))
                + Files.readString(TestKeys.file("ec-p256-cert.pem")));
        AttestationException e = assertThrows(AttestationException.class, () -> SigningKeyFile.load(mixed, null, "t"));
        assertTrue(e.getMessage().contains("does not belong to the private key"), e.getMessage());
    }

    @Test
    void theKeyIdIsTheSha256OfTheDerPublicKey() throws Exception {
        String pem = Files.readString(TestKeys.file("ec-p256-public.pem"));
        byte[] der = Base64.getMimeDecoder().decode(pem.replaceAll("-----[A-Z ]+-----", ""));
        assertEquals(dev.hipdll.digest.Sha256.of(der), TestKeys.EC_KEY_ID);
    }
}
