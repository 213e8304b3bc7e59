package dev.hipdll.maven;

import dev.hipdll.attestation.AttestationException;
import dev.hipdll.attestation.SigningKey;
import dev.hipdll.attestation.SigningKeyFile;
import dev.hipdll.host.Environment;
import dev.hipdll.host.Host;
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
 * Where hipdll:build finds the key that signs attestations, in this order:
 * <ol>
 *   <li>a {@code <server>} in settings.xml whose {@code <id>} is {@code hip.attestation.serverId} (default
 *       {@value #DEFAULT_SERVER_ID}): {@code <privateKey>} is the key file (PEM or PKCS#12), {@code <passphrase>}
 *       its password (Maven's password encryption, {@code {...}}, is undone by Maven's settings decrypter);</li>
 *   <li>else the environment: {@value #KEY_VARIABLE} names the key file, {@value #PASSWORD_VARIABLE} holds its
 *       password;</li>
 *   <li>else none: the build signs nothing and says so.</li>
 * </ol>
 * A relative key path is taken from the project directory. The password is never logged, and both variables are
 * taken out of the environment the build's compiler steps inherit ({@link #withoutSigningVariables}), so no step,
 * stamp or report ever sees them.
 */
final class SigningKeySettings {
    /** The default {@code hip.attestation.serverId}. */
    static final String DEFAULT_SERVER_ID = "hipdll-signing";
    /** The variable naming the key file. */
    static final String KEY_VARIABLE = "HIPDLL_SIGNING_KEY";
    /** The variable holding the key file's password. */
    static final String PASSWORD_VARIABLE = "HIPDLL_SIGNING_KEY_PASSWORD";

    private SigningKeySettings() {
    }

    /**
     * The signing key, or empty when none is configured.
     *
     * @param settings  Maven's settings ({@code null} in a unit test)
     * @param decrypter Maven's settings decrypter ({@code null}: passwords are taken as written)
     * @param serverId  {@code hip.attestation.serverId}
     * @param env       the build's environment
     * @param basedir   the project directory, for a relative key path
     * @throws MojoFailureException when a key is configured but cannot be used (the message names the file and why,
     *                              never the password)
     */
    static Optional<SigningKey> load(Settings settings, SettingsDecrypter decrypter, String serverId, Environment env,
                                     Path basedir) throws MojoFailureException {
        Server server = settings == null || serverId == null ? null : settings.getServer(serverId);
        String file;
        String password;
        String source;
        if (server != null) {
            if (decrypter != null) {
                SettingsDecryptionResult r = decrypter.decrypt(new DefaultSettingsDecryptionRequest(server));
                for (SettingsProblem p : r.getProblems()) {
                    if (p.getSeverity() != SettingsProblem.Severity.WARNING) {
                        throw new MojoFailureException("settings.xml server " + serverId + ": cannot decrypt its"
                                + " passphrase (" + p.getMessage() + ")");
                    }
                }
                server = r.getServer();
            }
            file = server.getPrivateKey();
            password = server.getPassphrase() != null ? server.getPassphrase() : server.getPassword();
            source = "settings.xml server " + serverId;
            if (file == null || file.isBlank()) {
                throw new MojoFailureException(source + " has no <privateKey>: give the path of the signing key"
                        + " (PEM or PKCS#12) there, its password in <passphrase> (hip.attestation.serverId)");
            }
        } else if (env.get(KEY_VARIABLE).filter(v -> !v.isBlank()).isPresent()) {
            file = env.get(KEY_VARIABLE).get();
            password = env.get(PASSWORD_VARIABLE).orElse(null);
            source = "environment variable " + KEY_VARIABLE;
        } else {
            return Optional.empty();
        }
        Path path = basedir == null ? Path.of(file.strip()) : basedir.resolve(file.strip());
        try {
            return Optional.of(SigningKeyFile.load(path, password == null ? null : password.toCharArray(), source));
        } catch (AttestationException e) {
            throw new MojoFailureException("cannot sign the attestation (" + source + "): " + e.getMessage());
        }
    }

    /** The key in the session's data that marks the unsigned notice as given. */
    static final String NOTICE_KEY = "dev.hipdll.attestation.unsignedNoticeGiven";

    /** How a key would be configured, for the one INFO line of an unsigned build. */
    static String hint(String serverId) {
        return "settings.xml server " + serverId + " or " + KEY_VARIABLE;
    }

    /**
     * {@link #hint(String)} the first time in a Maven session, then empty (the unsigned notice is one line per
     * session).
     *
     * @param serverId the settings.xml server id
     * @param session  the session, or {@code null} (the hint is always given)
     */
    static String hint(String serverId, org.apache.maven.execution.MavenSession session) {
        if (session == null || session.getRepositorySession() == null) {
            return hint(serverId);
        }
        org.eclipse.aether.SessionData data = session.getRepositorySession().getData();
        return data.set(NOTICE_KEY, null, Boolean.TRUE) ? hint(serverId) : "";
    }

    /** {@code host} without the two signing variables, for the build's compiler steps. */
    static Host withoutSigningVariables(Host host) {
        Environment env = host.environment().without(KEY_VARIABLE).without(PASSWORD_VARIABLE);
        return new Host(host.os(), env);
    }
}
