package dev.hipdll.signing;

import dev.hipdll.digest.Sha256;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.Objects;
import java.util.Optional;
import net.jsign.AuthenticodeSigner;
import net.jsign.DigestAlgorithm;
import net.jsign.KeyStoreBuilder;
import net.jsign.pe.PEFile;
import net.jsign.timestamp.TimestampingMode;

/**
 * How {@code hipdll:build} signs the DLL it links with Authenticode (jsign-core 7.1, the library of
 * jsign-maven-plugin): a key from a keystore ({@code hip.sign.keystore}, {@code hip.sign.storetype},
 * {@code hip.sign.alias}) and its passwords, SHA-256, and an RFC 3161 timestamp from {@code hip.sign.tsaUrl} when it is
 * set. The build signs the linked file in its temporary directory, before the file is moved over the output and
 * before the digest, provenance, attestation and stamp are written, so each of them describes the signed DLL.
 *
 * <p>The passwords are held here only: {@link #toString()}, {@link #describe()} and {@link #stampText()} never show
 * them, and no exception message this class makes contains them.
 */
public final class AuthenticodeSigning {
    private final String keystore;
    private final String storetype;
    private final String alias;
    private final String storepass;
    private final String keypass;
    private final Optional<String> tsaUrl;
    private final String source;

    /**
     * @param keystore  the keystore: a file (PKCS12, JKS, JCEKS), or what jsign takes for other store types
     * @param storetype jsign's store type ({@code PKCS12}, {@code JKS}, ...); {@code null}: from the file's name
     * @param alias     the key's alias in the keystore
     * @param storepass the keystore's password, or {@code null}
     * @param keypass   the key's password, or {@code null} (then the store's)
     * @param tsaUrl    the RFC 3161 timestamping authority's URL; empty: the signature is not timestamped
     * @param source    where the passwords came from, for messages (e.g. "settings.xml server hipdll-authenticode")
     * @throws NullPointerException when keystore, alias or source is null
     */
    public AuthenticodeSigning(String keystore, String storetype, String alias, String storepass, String keypass,
                               Optional<String> tsaUrl, String source) {
        this.keystore = Objects.requireNonNull(keystore, "keystore");
        this.storetype = storetype;
        this.alias = Objects.requireNonNull(alias, "alias");
        this.storepass = storepass;
        this.keypass = keypass;
        this.tsaUrl = Objects.requireNonNull(tsaUrl, "tsaUrl");
        this.source = Objects.requireNonNull(source, "source");
    }

    /** The timestamping authority's URL, or empty. */
    public Optional<String> tsaUrl() {
        return tsaUrl;
    }

    /** One line for the log, without the passwords: the keystore, its type, the alias, the timestamp. */
    public String describe() {
        return "keystore " + keystore + (storetype == null ? "" : " (" + storetype + ")") + ", alias " + alias
                + ", SHA-256, " + tsaUrl.map(u -> "RFC 3161 timestamp from " + u).orElse("no timestamp")
                + "; passwords from " + source;
    }

    /**
     * What the build stamp records of this signing ({@code hip.sign}): the keystore (with the SHA-256 of its file,
     * so a new key at the same path signs again), its type, the alias and the timestamping authority; no password.
     */
    public String stampText() {
        String digest = "";
        Path file = Path.of(keystore);
        try {
            if (Files.isRegularFile(file)) {
                digest = " sha256:" + Sha256.of(file);
            }
        } catch (IOException | RuntimeException e) {
            digest = " (unreadable)";
        }
        return "keystore=" + keystore + digest + " storetype=" + (storetype == null ? "" : storetype) + " alias="
                + alias + " tsa=" + tsaUrl.orElse("");
    }

    /**
     * Signs {@code pe} in place: SHA-256, an existing signature replaced, timestamped when a URL is set.
     *
     * @param pe the PE file (the link's output in the build's temporary directory)
     * @throws SigningException when the keystore cannot be opened, the alias is not in it, the key cannot be read, the
     *                          timestamping authority does not answer, or the file cannot be written; the message
     *                          names the keystore, alias or URL and the cause, never a password
     */
    public void sign(Path pe) throws SigningException {
        KeyStore ks;
        try {
            KeyStoreBuilder b = new KeyStoreBuilder().keystore(keystore);
            if (storetype != null) {
                b.storetype(storetype);
            }
            if (storepass != null) {
                b.storepass(storepass);
            }
            ks = b.build();
        } catch (Exception e) {
            throw new SigningException("cannot open the keystore " + keystore + (storetype == null ? "" : " ("
                    + storetype + ")") + " (hip.sign.keystore): " + cause(e));
        }
        AuthenticodeSigner signer;
        try {
            if (!ks.containsAlias(alias)) {
                throw new SigningException("the keystore " + keystore + " holds no key under the alias '" + alias
                        + "' (hip.sign.alias)" + aliases(ks));
            }
            signer = new AuthenticodeSigner(ks, alias, keypass != null ? keypass : storepass);
        } catch (SigningException e) {
            throw e;
        } catch (Exception e) {
            throw new SigningException("cannot read the key '" + alias + "' of the keystore " + keystore
                    + " (hip.sign.alias, the key password from " + source + "): " + cause(e));
        }
        signer.withDigestAlgorithm(DigestAlgorithm.SHA256).withSignaturesReplaced(true)
                .withTimestamping(tsaUrl.isPresent());
        tsaUrl.ifPresent(u -> signer.withTimestampingMode(TimestampingMode.RFC3161).withTimestampingAuthority(u)
                .withTimestampingRetries(2).withTimestampingRetryWait(1));
        try (PEFile file = new PEFile(pe.toFile())) {  // not Signable.of: it loads the MSI reader (Apache POI, left out)
            signer.sign(file);
        } catch (Exception e) {
            throw new SigningException("cannot sign " + pe.getFileName() + " with the key '" + alias + "' of "
                    + keystore + tsaUrl.map(u -> " and a timestamp from " + u + " (hip.sign.tsaUrl)").orElse("")
                    + ": " + cause(e));
        }
    }

    /** The aliases the keystore has, for the message of a missing one. */
    private static String aliases(KeyStore ks) {
        try {
            return "; it has: " + String.join(", ", java.util.Collections.list(ks.aliases()));
        } catch (Exception e) {
            return "";
        }
    }

    /** An exception and its causes' messages, one line, without a stack trace. */
    private String cause(Throwable e) {
        StringBuilder sb = new StringBuilder();
        for (Throwable t = e; t != null && sb.length() < 600; t = t.getCause()) {
            String m = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
            if (sb.indexOf(m) < 0) {
                sb.append(sb.length() == 0 ? "" : ": ").append(m);
            }
        }
        return redact(sb.toString());
    }

    /** {@code text} with either password replaced, should a library have put one in a message. */
    private String redact(String text) {
        String s = text;
        for (String secret : new String[] {storepass, keypass}) {
            if (secret != null && !secret.isEmpty()) {
                s = s.replace(secret, "***");
            }
        }
        return s;
    }

    /** {@link #describe()}: never the passwords. */
    @Override
    public String toString() {
        return describe();
    }
}
