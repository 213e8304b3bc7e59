package dev.hipdll.authenticode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.testing.SigningFixtures;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link TrustStore} reads PEM, JKS and PKCS#12 by their bytes, and refuses what is not a store of certificates. */
class TrustStoreTest {
    @TempDir
    static Path dir;
    static SigningFixtures.Identity root;
    static SigningFixtures.Identity leaf;

    @BeforeAll
    static void keys() throws Exception {
        root = SigningFixtures.root("store root", Duration.ofDays(30));
        leaf = SigningFixtures.codeSigner("store leaf", root, Duration.ofDays(30));
    }

    private static Path store(String type, String name, boolean keyEntry, char[] password) throws Exception {
        KeyStore ks = KeyStore.getInstance(type);
        ks.load(null, null);
        if (keyEntry) {
            ks.setKeyEntry("key", leaf.key(), password, leaf.chain().toArray(new Certificate[0]));
        } else {
            ks.setCertificateEntry("root", root.certificate());
        }
        Path p = dir.resolve(name);
        try (OutputStream out = Files.newOutputStream(p)) {
            ks.store(out, password);
        }
        return p;
    }

    @Test
    void pemJksAndPkcs12AreReadWhateverTheFileName() throws Exception {
        Path pem = SigningFixtures.pem(dir.resolve("certs.bin"), root.certificate(), leaf.certificate());
        assertEquals(List.of(root.certificate(), leaf.certificate()), TrustStore.load(pem, null).anchors());
        Path jks = store("JKS", "store.p12", false, "secret".toCharArray());
        assertEquals(List.of(root.certificate()), TrustStore.load(jks, null).anchors(), "JKS without the password");
        Path p12 = store("PKCS12", "store.jks", false, "secret".toCharArray());
        assertEquals(List.of(root.certificate()), TrustStore.load(p12, "secret".toCharArray()).anchors());
    }

    @Test
    void whatIsNotAStoreOfCertificatesIsRefusedNamingTheFile() throws Exception {
        Path p12 = store("PKCS12", "locked.p12", false, "secret".toCharArray());
        TrustStoreException noPassword = assertThrows(TrustStoreException.class, () -> TrustStore.load(p12, null));
        assertEquals(p12 + ": a PKCS#12 key store with no certificate readable without its password (keytool encrypts"
                + " them): give hip.trustStorePassword", noPassword.getMessage());
        assertTrue(assertThrows(TrustStoreException.class, () -> TrustStore.load(p12, "wrong".toCharArray())).getMessage()
                .startsWith(p12 + ": not a PEM, JKS or PKCS#12 trust store, or a wrong password"));
        Path keys = store("PKCS12", "keys.p12", true, "secret".toCharArray());
        TrustStoreException onlyKeys = assertThrows(TrustStoreException.class,
                () -> TrustStore.load(keys, "secret".toCharArray()));
        assertTrue(onlyKeys.getMessage().contains("whose 1 entry is a key, not trusted certificates"), onlyKeys.getMessage());
        Path key = dir.resolve("key.pem");
        Files.writeString(key, "-----BEGIN PRIVATE KEY-----\n"
                + java.util.Base64.getMimeEncoder().encodeToString(leaf.key().getEncoded()) + "\n-----END PRIVATE KEY-----\n");
        TrustStoreException pemKey = assertThrows(TrustStoreException.class, () -> TrustStore.load(key, null));
        assertTrue(pemKey.getMessage().contains("not a CERTIFICATE"), pemKey.getMessage());
        Path missing = dir.resolve("missing.pem");
        assertTrue(assertThrows(TrustStoreException.class, () -> TrustStore.load(missing, null)).getMessage()
                .startsWith("cannot read the trust store " + missing));
    }
}
