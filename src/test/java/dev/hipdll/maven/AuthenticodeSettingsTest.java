package dev.hipdll.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.host.Environment;
import dev.hipdll.host.Host;
import dev.hipdll.host.OsFamily;
import dev.hipdll.signing.AuthenticodeSigning;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.settings.Server;
import org.apache.maven.settings.Settings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * hipdll:build's Authenticode key ({@code hip.sign.*}): the passwords from the parameter, a settings.xml server or the
 * environment, in that order; an incomplete configuration fails naming the parameter; no password in any text.
 */
class AuthenticodeSettingsTest {
    private static final String PASSWORD = "throwaway-store-password";
    @TempDir
    Path dir;

    private static Environment env(Map<String, String> vars) {
        return Environment.of(OsFamily.UNIX, vars);
    }

    private AuthenticodeSettings.Parameters params(String storepass, String alias, String tsa) throws Exception {
        Files.writeString(dir.resolve("release.p12"), "not read here");
        return new AuthenticodeSettings.Parameters("release.p12", "PKCS12", alias, storepass, null, tsa,
                AuthenticodeSettings.DEFAULT_SERVER_ID);
    }

    private static Settings server(String id, String password) {
        Server s = new Server();
        s.setId(id);
        s.setPassword(password);
        Settings settings = new Settings();
        settings.addServer(s);
        return settings;
    }

    private static void noPassword(AuthenticodeSigning s) {
        for (String text : new String[] {s.describe(), s.toString(), s.stampText()}) {
            assertFalse(text.contains(PASSWORD), text);
        }
    }

    @Test
    void noKeystoreMeansTheDllIsNotSigned() throws Exception {
        assertEquals(Optional.empty(), AuthenticodeSettings.load(new AuthenticodeSettings.Parameters(null, null, null,
                null, null, null, "x"), new Settings(), null, env(Map.of()), dir));
    }

    @Test
    void theParameterComesFirstThenTheServerThenTheEnvironment() throws Exception {
        Environment e = env(Map.of(AuthenticodeSettings.STOREPASS_VARIABLE, PASSWORD));
        Settings s = server(AuthenticodeSettings.DEFAULT_SERVER_ID, PASSWORD);
        AuthenticodeSigning p = AuthenticodeSettings.load(params(PASSWORD, "release", null), s, null, e, dir).orElseThrow();
        assertTrue(p.describe().endsWith("passwords from hip.sign.storepass"), p.describe());
        AuthenticodeSigning fromServer = AuthenticodeSettings.load(params(null, "release", "http://127.0.0.1:9/"), s,
                null, e, dir).orElseThrow();
        assertTrue(fromServer.describe().endsWith("passwords from settings.xml server hipdll-authenticode"),
                fromServer.describe());
        assertTrue(fromServer.describe().contains("keystore " + dir.resolve("release.p12")), fromServer.describe());
        AuthenticodeSigning fromEnv = AuthenticodeSettings.load(params(null, "release", null), server("other", "x"),
                null, e, dir).orElseThrow();
        assertTrue(fromEnv.describe().endsWith("passwords from environment variable HIPDLL_SIGN_STOREPASS"),
                fromEnv.describe());
        for (AuthenticodeSigning x : new AuthenticodeSigning[] {p, fromServer, fromEnv}) {
            noPassword(x);
        }
    }

    @Test
    void anIncompleteConfigurationFailsNamingTheParameter() throws Exception {
        MojoFailureException alias = assertThrows(MojoFailureException.class, () -> AuthenticodeSettings.load(
                params(PASSWORD, " ", null), null, null, env(Map.of()), dir));
        assertTrue(alias.getMessage().startsWith("hipdll:build: hip.sign.alias: "), alias.getMessage());
        MojoFailureException file = assertThrows(MojoFailureException.class, () -> AuthenticodeSettings.load(
                new AuthenticodeSettings.Parameters("missing.p12", null, "release", PASSWORD, null, null, "x"), null,
                null, env(Map.of()), dir));
        assertTrue(file.getMessage().contains("hip.sign.keystore: no such file " + dir.resolve("missing.p12")),
                file.getMessage());
        MojoFailureException tsa = assertThrows(MojoFailureException.class, () -> AuthenticodeSettings.load(
                params(PASSWORD, "release", "timestamp.example.com"), null, null, env(Map.of()), dir));
        assertTrue(tsa.getMessage().contains("hip.sign.tsaUrl: 'timestamp.example.com' is not an http or https URL"),
                tsa.getMessage());
        for (MojoFailureException e : new MojoFailureException[] {alias, file, tsa}) {
            assertFalse(e.getMessage().contains(PASSWORD), e.getMessage());
        }
    }

    @Test
    void thePasswordVariablesNeverReachTheCompilerSteps() {
        Host h = new Host(OsFamily.UNIX, env(Map.of(AuthenticodeSettings.STOREPASS_VARIABLE, PASSWORD,
                AuthenticodeSettings.KEYPASS_VARIABLE, PASSWORD, "PATH", "/usr/bin")));
        Map<String, String> left = AuthenticodeSettings.withoutPasswordVariables(h).environment().toMap();
        assertEquals(Map.of("PATH", "/usr/bin"), left);
    }
}
