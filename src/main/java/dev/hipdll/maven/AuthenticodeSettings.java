package dev.hipdll.maven;

import dev.hipdll.host.Environment;
import dev.hipdll.host.Host;
import dev.hipdll.signing.AuthenticodeSigning;
import java.nio.file.Path;
import java.util.Optional;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.settings.Server;
import org.apache.maven.settings.Settings;
import org.apache.maven.settings.building.SettingsProblem;
import org.apache.maven.settings.crypto.DefaultSettingsDecryptionRequest;
import org.apache.maven.settings.crypto.SettingsDecrypter;
import org.apache.maven.settings.crypto.SettingsDecryptionResult;

/**
 * Where hipdll:build finds the Authenticode key that signs the DLL ({@code hip.sign.*}), as {@link SigningKeySettings}
 * finds the attestation key. Signing is on when {@code hip.sign.keystore} is set; the passwords come, in this order,
 * from:
 * <ol>
 *   <li>{@code hip.sign.storepass} / {@code hip.sign.keypass} (the POM or {@code -D}: Maven shows mojo parameters in
 *       its {@code -X} debug output, so prefer one of the next two);</li>
 *   <li>a {@code <server>} in settings.xml whose {@code <id>} is {@code hip.sign.serverId} (default
 *       {@value #DEFAULT_SERVER_ID}): {@code <password>} is the keystore's password, {@code <passphrase>} the key's
 *       (default: the keystore's); Maven's password encryption ({@code {...}}) is undone by its settings decrypter;</li>
 *   <li>the environment: {@value #STOREPASS_VARIABLE} and {@value #KEYPASS_VARIABLE}.</li>
 * </ol>
 * A relative keystore path is taken from the project directory. The passwords are never logged, and both variables
 * are taken out of the environment the compiler steps inherit ({@link #withoutPasswordVariables}).
 */
final class AuthenticodeSettings {
    /** The default {@code hip.sign.serverId}. */
    static final String DEFAULT_SERVER_ID = "hipdll-authenticode";
    /** The variable holding the keystore's password. */
    static final String STOREPASS_VARIABLE = "HIPDLL_SIGN_STOREPASS";
    /** The variable holding the key's password. */
    static final String KEYPASS_VARIABLE = "HIPDLL_SIGN_KEYPASS";

    private AuthenticodeSettings() {
    }

    /**
     * The mojo's {@code hip.sign.*} parameters.
     *
     * @param keystore  {@code hip.sign.keystore}; null or blank: the DLL is not signed
     * @param storetype {@code hip.sign.storetype}
     * @param alias     {@code hip.sign.alias}
     * @param storepass {@code hip.sign.storepass}
     * @param keypass   {@code hip.sign.keypass}
     * @param tsaUrl    {@code hip.sign.tsaUrl}
     * @param serverId  {@code hip.sign.serverId}
     */
    record Parameters(String keystore, String storetype, String alias, String storepass, String keypass,
                      String tsaUrl, String serverId) {
        /** Never the passwords. */
        @Override
        public String toString() {
            return "hip.sign.keystore=" + keystore + ", hip.sign.alias=" + alias;
        }
    }

    /**
     * The signing, or empty when {@code hip.sign.keystore} is not set.
     *
     * @param p         the parameters
     * @param settings  Maven's settings ({@code null} in a unit test)
     * @param decrypter Maven's settings decrypter ({@code null}: passwords are taken as written)
     * @param env       the build's environment
     * @param basedir   the project directory, for a relative keystore path
     * @throws MojoFailureException when signing is configured but incomplete (no alias, a keystore file that does not
     *                              exist, an undecryptable server, a TSA URL that is not http(s)); never naming a password
     */
    static Optional<AuthenticodeSigning> load(Parameters p, Settings settings, SettingsDecrypter decrypter,
                                              Environment env, Path basedir) throws MojoFailureException {
        if (p.keystore() == null || p.keystore().isBlank()) {
            return Optional.empty();
        }
        if (p.alias() == null || p.alias().isBlank()) {
            throw new MojoFailureException("hipdll:build: hip.sign.alias: hip.sign.keystore is set (" + p.keystore()
                    + "), so the DLL is signed, but no alias names the key in it; set hip.sign.alias");
        }
        String keystore = p.keystore().strip();
        Path file = basedir == null ? Path.of(keystore) : basedir.resolve(keystore);
        boolean fileStore = p.storetype() == null || p.storetype().isBlank()
                || p.storetype().strip().matches("(?i)PKCS12|JKS|JCEKS");
        if (fileStore) {
            if (!java.nio.file.Files.isRegularFile(file)) {
                throw new MojoFailureException("hipdll:build: hip.sign.keystore: no such file " + file
                        + " (a PKCS#12 or JKS keystore holding the code signing key)");
            }
            keystore = file.toString();
        }
        Optional<String> tsa = Optional.ofNullable(p.tsaUrl()).map(String::strip).filter(s -> !s.isEmpty());
        if (tsa.isPresent() && !tsa.get().matches("(?i)https?://.+")) {
            throw new MojoFailureException("hipdll:build: hip.sign.tsaUrl: '" + tsa.get() + "' is not an http or https"
                    + " URL of an RFC 3161 timestamping authority");
        }
        String storepass = p.storepass();
        String keypass = p.keypass();
        String source;
        Server server = settings == null || p.serverId() == null ? null : settings.getServer(p.serverId());
        if (storepass != null) {
            source = "hip.sign.storepass";
        } else if (server != null) {
            if (decrypter != null) {
                SettingsDecryptionResult r = decrypter.decrypt(new DefaultSettingsDecryptionRequest(server));
                for (SettingsProblem problem : r.getProblems()) {
                    if (problem.getSeverity() != SettingsProblem.Severity.WARNING) {
                        throw new MojoFailureException("hipdll:build: hip.sign.serverId: settings.xml server "
                                + p.serverId() + ": cannot decrypt its password (" + problem.getMessage() + ")");
                    }
                }
                server = r.getServer();
            }
            storepass = server.getPassword();
            keypass = keypass != null ? keypass : server.getPassphrase();
            source = "settings.xml server " + p.serverId();
        } else {
            storepass = env.get(STOREPASS_VARIABLE).orElse(null);
            keypass = keypass != null ? keypass : env.get(KEYPASS_VARIABLE).orElse(null);
            source = storepass == null ? "nowhere (no hip.sign.storepass, settings.xml server " + p.serverId()
                    + " or " + STOREPASS_VARIABLE + ")" : "environment variable " + STOREPASS_VARIABLE;
        }
        return Optional.of(new AuthenticodeSigning(keystore, p.storetype() == null || p.storetype().isBlank() ? null
                : p.storetype().strip(), p.alias().strip(), storepass, keypass, tsa, source));
    }

    /** {@code host} without the two password variables, for the build's compiler steps. */
    static Host withoutPasswordVariables(Host host) {
        Environment env = host.environment().without(STOREPASS_VARIABLE).without(KEYPASS_VARIABLE);
        return new Host(host.os(), env);
    }
}
