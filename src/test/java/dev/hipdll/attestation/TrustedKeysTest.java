package dev.hipdll.attestation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Trusted keys: public keys and certificates, several per file and several files (a rotation); private keys refused. */
class TrustedKeysTest {
    @TempDir
    Path dir;

    @Test
    void publicKeysAndCertificatesAreRead() throws Exception {
        TrustedKey key = TrustedKeys.load(TestKeys.file("ec-p256-public.pem")).get(0);
        assertEquals(TestKeys.EC_KEY_ID, key.keyId());
        assertEquals("key " + TestKeys.EC_KEY_ID.substring(0, 16) + " (ec-p256-public.pem)", key.describe());
        TrustedKey cert = TrustedKeys.load(TestKeys.file("ec-p256-cert.pem")).get(0);
        assertEquals(TestKeys.EC_KEY_ID, cert.keyId(), "the certificate's key");
        assertEquals("O=hipdll tests,CN=hipdll throwaway test signer", cert.signer());
    }

    @Test
    void aRotationTrustsSeveralKeysEachOnce() throws Exception {
        Path both = dir.resolve("rotation.pem");
        Files.writeString(both, Files.readString(TestKeys.file("ec-p256-public.pem"))
                + Files.readString(TestKeys.file("ed25519-public.pem")));
        List<TrustedKey> keys = TrustedKeys.load(List.of(both, TestKeys.file("ec-p256-cert.pem"),
                TestKeys.file("rsa-2048-public.pem")));
        assertEquals(List.of(TestKeys.EC_KEY_ID, TestKeys.ED25519_KEY_ID, TestKeys.RSA_KEY_ID),
                keys.stream().map(TrustedKey::keyId).toList());
    }

    @Test
    void aPrivateKeyIsNotATrustedKey() {
        AttestationException e = assertThrows(AttestationException.class,
                () -> TrustedKeys.load(TestKeys.file("ec-p256-pkcs8.pem")));
        assertTrue(e.getMessage().contains("a private key; a trusted-key file holds public keys or certificates only"),
                e.getMessage());
    }

    @Test
    void aFileWithoutKeysOrNotPemIsRefusedByName() throws Exception {
        Path text = Files.writeString(dir.resolve("notes.pem"), "hello\n");
        AttestationException e = assertThrows(AttestationException.class, () -> TrustedKeys.load(text));
        assertTrue(e.getMessage().contains("notes.pem: not PEM"), e.getMessage());
        AttestationException p12 = assertThrows(AttestationException.class,
                () -> TrustedKeys.load(TestKeys.file("ec-p256.p12")));
        assertTrue(p12.getMessage().contains("not PEM"), p12.getMessage());
    }

    @Test
    void aKeyFileWithAUtf8ByteOrderMarkIsRead() throws Exception {
        // Windows PowerShell's Out-File -Encoding utf8 writes EF BB BF and CRLF line ends
        for (String name : List.of("ec-p256-public.pem", "ec-p256-cert.pem")) {
            Path bom = dir.resolve("bom-" + name);
            String pem = Files.readString(TestKeys.file(name)).replace("\r\n", "\n").replace("\n", "\r\n");
            Files.write(bom, ("\uFEFF" + pem).getBytes(java.nio.charset.StandardCharsets.UTF_8));
            assertEquals((byte) 0xEF, Files.readAllBytes(bom)[0]);
            assertEquals(List.of(TestKeys.EC_KEY_ID), TrustedKeys.load(bom).stream().map(TrustedKey::keyId).toList(),
                    name);
        }
    }
}
