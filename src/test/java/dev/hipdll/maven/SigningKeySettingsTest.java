package dev.hipdll.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.attestation.SigningKey;
import dev.hipdll.host.Environment;
import dev.hipdll.host.Host;
import dev.hipdll.host.OsFamily;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.settings.Server;
import org.apache.maven.settings.Settings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The signing key from a settings.xml server or the environment; the password never in a message or a step's environment. */
class SigningKeySettingsTest {
    private static final String PASSWORD = "throwaway-test-password";
    @TempDir
    Path dir;

    private static Path key(String name) throws Exception {
        return Path.of(SigningKeySettingsTest.class.getResource("/dev/hipdll/attestation/keys/" + name).toURI());
    }

    private static Environment env(Map<String, String> vars) {
        return Environment.of(OsFamily.UNIX, vars);
    }

    private static Settings server(String id, String privateKey, String passphrase) {
        Server s = new Server();
        s.setId(id);
        s.setPrivateKey(privateKey);
        s.setPassphrase(passphrase);
        Settings settings = new Settings();
        settings.addServer(s);
        return settings;
    }

    @Test
    void theServerOfSettingsComesFirst() throws Exception {
        Settings settings = server("hipdll-signing", key("ec-p256.p12").toString(), PASSWORD);
        SigningKey k = SigningKeySettings.load(settings, null, "hipdll-signing", env(Map.of(
                "HIPDLL_SIGNING_KEY", key("ed25519-pkcs8.pem").toString())), dir).orElseThrow();
        assertEquals("settings.xml server hipdll-signing", k.source());
        assertTrue(k.toString().contains("CN=hipdll throwaway test signer"), k.toString());
    }

    @Test
    void theEnvironmentWhenNoServerHasTheId() throws Exception {
        Settings settings = server("other", key("ec-p256.p12").toString(), PASSWORD);
        SigningKey k = SigningKeySettings.load(settings, null, "hipdll-signing", env(Map.of(
                "HIPDLL_SIGNING_KEY", key("ec-p256-encrypted.pem").toString(), "HIPDLL_SIGNING_KEY_PASSWORD", PASSWORD)),
                dir).orElseThrow();
        assertEquals("environment variable HIPDLL_SIGNING_KEY", k.source());
    }

    @Test
    void aRelativeKeyPathIsTakenFromTheProjectDirectory() throws Exception {
        Files.copy(key("ed25519-pkcs8.pem"), dir.resolve("ci.pem"));
        assertTrue(SigningKeySettings.load(null, null, "hipdll-signing", env(Map.of("HIPDLL_SIGNING_KEY", "ci.pem")), dir)
                .isPresent());
    }

    @Test
    void neitherMeansUnsigned() throws Exception {
        assertEquals(Optional.empty(), SigningKeySettings.load(new Settings(), null, "hipdll-signing", env(Map.of()), dir));
    }

    @Test
    void aServerWithoutPrivateKeyOrAWrongPasswordFailsWithoutSayingThePassword() throws Exception {
        MojoFailureException e = assertThrows(MojoFailureException.class, () -> SigningKeySettings.load(
                server("hipdll-signing", null, PASSWORD), null, "hipdll-signing", env(Map.of()), dir));
        assertTrue(e.getMessage().contains("has no <privateKey>"), e.getMessage());
        String wrong = "wrong-secret-0815";
        e = assertThrows(MojoFailureException.class, () -> SigningKeySettings.load(null, null, "hipdll-signing",
                env(Map.of("HIPDLL_SIGNING_KEY", key("ec-p256.p12").toString(), "HIPDLL_SIGNING_KEY_PASSWORD", wrong)), dir));
        assertTrue(e.getMessage().contains("ec-p256.p12") && e.getMessage().contains("password"), e.getMessage());
        assertFalse(e.getMessage().contains(wrong), e.getMessage());
    }

    @Test
    void theSigningVariablesNeverReachTheCompilerSteps() {
        Host host = Host.of(OsFamily.UNIX, Map.of("HIPDLL_SIGNING_KEY", "/k.p12", "HIPDLL_SIGNING_KEY_PASSWORD", PASSWORD,
                "PATH", "/usr/bin"));
        Host build = SigningKeySettings.withoutSigningVariables(host);
        assertEquals(java.util.List.of("PATH"), build.environment().names());
    }

    @Test
    void theUnsignedNoticeIsOneShortLineOncePerSession() {
        // A reactor of several DLL modules says it once, in one short line
        org.apache.maven.execution.MavenSession session = new org.apache.maven.execution.MavenSession(null,
                new org.eclipse.aether.DefaultRepositorySystemSession(),
                new org.apache.maven.execution.DefaultMavenExecutionRequest(),
                new org.apache.maven.execution.DefaultMavenExecutionResult());
        String first = SigningKeySettings.hint("hipdll-signing", session);
        assertEquals("settings.xml server hipdll-signing or HIPDLL_SIGNING_KEY", first);
        assertEquals("", SigningKeySettings.hint("hipdll-signing", session), "the second module of the session");
        assertEquals(first, SigningKeySettings.hint("hipdll-signing", null), "no session: always said");
    }
}
