package dev.hipdll.attestation;

import java.net.URISyntaxException;
import java.nio.file.Path;

/**
 * The throwaway test keys of {@code src/test/resources/dev/hipdll/attestation/keys} (see its README: committed,
 * so worthless as keys; made with OpenSSL 3.0).
 */
final class TestKeys {
    /** The password of the encrypted test keys. */
    static final String PASSWORD = "throwaway-test-password";
    /** {@code openssl pkey -in ec-p256-pkcs8.pem -pubout -outform DER | sha256sum}. */
    static final String EC_KEY_ID = "b7b44285aac3f933050c81baab4e02204810ffa4c30425b992de8eb8815334b3";
    /** {@code openssl pkey -pubin -in rsa-2048-public.pem -outform DER | sha256sum}. */
    static final String RSA_KEY_ID = "4543a8a1ee237840dea930ce52313c1c76ef5194e8e705a7a9d4cade99b009a2";
    /** {@code openssl pkey -pubin -in ed25519-public.pem -outform DER | sha256sum}. */
    static final String ED25519_KEY_ID = "bf67066ed6346c31879d64a42745a54b1ba08b94a0232c6eaec6d75dbfc72c48";

    private TestKeys() {
    }

    /** A test key file by name. */
    static Path file(String name) {
        try {
            return Path.of(TestKeys.class.getResource("/dev/hipdll/attestation/keys/" + name).toURI());
        } catch (URISyntaxException | NullPointerException e) {
            throw new IllegalStateException("no test key " + name, e);
        }
    }

    /** A signing key from a test file. */
    static SigningKey signing(String name) throws AttestationException {
        return SigningKeyFile.load(file(name), PASSWORD.toCharArray(), "test");
    }
}
