package dev.hipdll.attestation;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.Key;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.UnrecoverableKeyException;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.asn1.x509.SubjectPublicKeyInfo;
import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.crypto.params.AsymmetricKeyParameter;
import org.bouncycastle.crypto.params.ECPrivateKeyParameters;
import org.bouncycastle.crypto.params.ECPublicKeyParameters;
import org.bouncycastle.crypto.params.Ed25519PrivateKeyParameters;
import org.bouncycastle.crypto.params.RSAKeyParameters;
import org.bouncycastle.crypto.params.RSAPrivateCrtKeyParameters;
import org.bouncycastle.crypto.util.PrivateKeyFactory;
import org.bouncycastle.crypto.util.SubjectPublicKeyInfoFactory;
import org.bouncycastle.math.ec.FixedPointCombMultiplier;
import org.bouncycastle.openssl.PEMEncryptedKeyPair;
import org.bouncycastle.openssl.PEMKeyPair;
import org.bouncycastle.openssl.jcajce.JceOpenSSLPKCS8DecryptorProviderBuilder;
import org.bouncycastle.jce.provider.BouncyCastleProvider;
import org.bouncycastle.openssl.bc.BcPEMDecryptorProvider;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.pkcs.PKCS8EncryptedPrivateKeyInfo;
import org.bouncycastle.pkcs.PKCSException;

/**
 * Reads the private key that signs attestations from a file the user gives, in one of these forms:
 * <ul>
 *   <li>PEM (RFC 7468): {@code PRIVATE KEY} (PKCS#8), {@code ENCRYPTED PRIVATE KEY} (PKCS#8 with a password,
 *       e.g. {@code openssl genpkey ... -aes-256-cbc}), {@code EC PRIVATE KEY} (SEC 1) and {@code RSA PRIVATE KEY}
 *       (PKCS#1), also with OpenSSL's legacy {@code Proc-Type: 4,ENCRYPTED}; a {@code CERTIFICATE} in the same
 *       file names the signer;</li>
 *   <li>PKCS#12 ({@code .p12}/{@code .pfx}, e.g. from {@code keytool -genkeypair -storetype PKCS12} or
 *       {@code openssl pkcs12 -export}) with exactly one private key entry; its certificate names the signer.</li>
 * </ul>
 * The key must be {@link KeyAlgorithm#supported() supported}. After loading, a test signature is made and checked
 * with the public key (from the certificate, or derived from the private key), so a certificate that belongs to
 * another key is refused before anything is signed. No message ever holds the password or key bytes.
 */
public final class SigningKeyFile {
    private static final String ROLE = "signing key";

    private SigningKeyFile() {
    }

    /**
     * Loads a signing key.
     *
     * @param file     the PEM or PKCS#12 file
     * @param password its password, or {@code null}/empty when it has none (a PKCS#12 file is then opened with an
     *                 empty password)
     * @param source   where the file was named, for the log ({@code settings.xml server hipdll-signing})
     * @return the key
     * @throws AttestationException when the file cannot be read, holds no or several private keys, the password is
     *                              wrong or missing, or the key is not supported; the message names the file
     */
    public static SigningKey load(Path file, char[] password, String source) throws AttestationException {
        byte[] bytes = KeyFiles.read(file, ROLE);
        char[] pass = password == null ? new char[0] : password;
        SigningKey key = KeyFiles.isPem(bytes) ? pem(bytes, file, pass, source) : pkcs12(bytes, file, pass, source);
        selfTest(key, file);
        return key;
    }

    private static SigningKey pem(byte[] bytes, Path file, char[] password, String source) throws AttestationException {
        List<PrivateKeyInfo> keys = new ArrayList<>();
        X509CertificateHolder certificate = null;
        for (Object o : BcKeys.pemObjects(bytes, file, ROLE, true)) {
            if (o instanceof PEMKeyPair pair) {
                keys.add(pair.getPrivateKeyInfo());
            } else if (o instanceof PrivateKeyInfo info) {
                keys.add(info);
            } else if (o instanceof PKCS8EncryptedPrivateKeyInfo encrypted) {
                keys.add(decrypt(encrypted, file, password));
            } else if (o instanceof PEMEncryptedKeyPair encrypted) {
                keys.add(decrypt(encrypted, file, password));
            } else if (o instanceof X509CertificateHolder c && certificate == null) {
                certificate = c;
            }
        }
        if (keys.size() != 1) {
            throw new AttestationException(ROLE + " " + file + ": " + (keys.isEmpty() ? "no private key" : keys.size()
                    + " private keys") + "; expected one PEM PRIVATE KEY, ENCRYPTED PRIVATE KEY, EC PRIVATE KEY or RSA"
                    + " PRIVATE KEY block, or a PKCS#12 file");
        }
        PrivateKey privateKey = BcKeys.privateKey(keys.get(0), file, ROLE);
        PublicKey publicKey;
        String signer;
        if (certificate != null) {
            publicKey = BcKeys.publicKey(certificate.getSubjectPublicKeyInfo(), file, ROLE);
            signer = certificate.getSubject().toString();
        } else {
            publicKey = BcKeys.publicKey(derivePublic(keys.get(0), file), file, ROLE);
            signer = "key " + KeyId.shortForm(KeyId.of(publicKey));
        }
        return new SigningKey(privateKey, publicKey, KeyAlgorithm.of(publicKey, ROLE + " " + file), signer, source);
    }

    private static PrivateKeyInfo decrypt(PKCS8EncryptedPrivateKeyInfo encrypted, Path file, char[] password)
            throws AttestationException {
        if (password.length == 0) {
            throw new AttestationException(ROLE + " " + file + ": the key is encrypted and no password was given");
        }
        try {
            // PBES2 and scrypt as OpenSSL writes them: the JDK's PBE names differ from BouncyCastle's, so this one
            // decryption uses a BouncyCastle provider instance (never registered with java.security.Security)
            return encrypted.decryptPrivateKeyInfo(new JceOpenSSLPKCS8DecryptorProviderBuilder()
                    .setProvider(new BouncyCastleProvider()).build(password));
        } catch (PKCSException | OperatorCreationException | RuntimeException e) {
            throw new AttestationException(ROLE + " " + file + ": cannot decrypt the ENCRYPTED PRIVATE KEY: wrong password,"
                    + " or an encryption the JDK does not have");
        }
    }

    private static PrivateKeyInfo decrypt(PEMEncryptedKeyPair encrypted, Path file, char[] password)
            throws AttestationException {
        if (password.length == 0) {
            throw new AttestationException(ROLE + " " + file + ": the key is encrypted (Proc-Type: 4,ENCRYPTED) and no"
                    + " password was given");
        }
        try {
            return encrypted.decryptKeyPair(new BcPEMDecryptorProvider(password)).getPrivateKeyInfo();
        } catch (IOException | RuntimeException e) {
            throw new AttestationException(ROLE + " " + file + ": cannot decrypt the key: wrong password, or an"
                    + " encryption the JDK does not have");
        }
    }

    /** The public key of a private key (EC: d times the base point; RSA: modulus and public exponent; Ed25519). */
    private static SubjectPublicKeyInfo derivePublic(PrivateKeyInfo info, Path file) throws AttestationException {
        try {
            AsymmetricKeyParameter p = PrivateKeyFactory.createKey(info);
            AsymmetricKeyParameter pub;
            if (p instanceof ECPrivateKeyParameters ec) {
                pub = new ECPublicKeyParameters(new FixedPointCombMultiplier().multiply(ec.getParameters().getG(),
                        ec.getD()).normalize(), ec.getParameters());
            } else if (p instanceof RSAPrivateCrtKeyParameters rsa) {
                pub = new RSAKeyParameters(false, rsa.getModulus(), rsa.getPublicExponent());
            } else if (p instanceof Ed25519PrivateKeyParameters ed) {
                pub = ed.generatePublicKey();
            } else {
                throw new AttestationException(ROLE + " " + file + ": a " + p.getClass().getSimpleName()
                        .replace("PrivateKeyParameters", "") + " key; expected " + KeyAlgorithm.supported()
                        + " (an RSA key with its CRT parameters, as openssl and keytool write them)");
            }
            return SubjectPublicKeyInfoFactory.createSubjectPublicKeyInfo(pub);
        } catch (IOException | RuntimeException e) {
            throw new AttestationException(ROLE + " " + file + ": the private key does not decode ("
                    + e.getClass().getSimpleName() + ")");
        }
    }

    private static SigningKey pkcs12(byte[] bytes, Path file, char[] password, String source) throws AttestationException {
        KeyStore store;
        try {
            store = KeyStore.getInstance("PKCS12");
            store.load(new ByteArrayInputStream(bytes), password);
        } catch (IOException e) {
            throw new AttestationException(ROLE + " " + file + ": " + (e.getCause() instanceof UnrecoverableKeyException
                    ? "wrong password for the PKCS#12 file" : "neither PEM nor a PKCS#12 file it can open (wrong"
                    + " password, or not a key file)"));
        } catch (GeneralSecurityException e) {
            throw new AttestationException(ROLE + " " + file + ": cannot open the PKCS#12 file ("
                    + e.getClass().getSimpleName() + ")");
        }
        try {
            List<String> aliases = new ArrayList<>();
            for (String alias : Collections.list(store.aliases())) {
                if (store.isKeyEntry(alias)) {
                    aliases.add(alias);
                }
            }
            if (aliases.size() != 1) {
                throw new AttestationException(ROLE + " " + file + ": " + (aliases.isEmpty() ? "no private key entry"
                        : aliases.size() + " private key entries " + aliases) + "; expected a PKCS#12 file with one");
            }
            Key k = store.getKey(aliases.get(0), password);
            Certificate c = store.getCertificate(aliases.get(0));
            if (!(k instanceof PrivateKey privateKey) || c == null) {
                throw new AttestationException(ROLE + " " + file + ": entry " + aliases.get(0)
                        + " is not a private key with its certificate");
            }
            PublicKey publicKey = c.getPublicKey();
            String signer = c instanceof X509Certificate x ? x.getSubjectX500Principal().getName()
                    : "key " + KeyId.shortForm(KeyId.of(publicKey));
            return new SigningKey(privateKey, publicKey, KeyAlgorithm.of(publicKey, ROLE + " " + file), signer, source);
        } catch (UnrecoverableKeyException e) {
            throw new AttestationException(ROLE + " " + file + ": the key entry has another password than the file;"
                    + " expected one password for both (as keytool and openssl pkcs12 write them)");
        } catch (GeneralSecurityException e) {
            throw new AttestationException(ROLE + " " + file + ": cannot read the key entry ("
                    + e.getClass().getSimpleName() + ")");
        }
    }

    /** Signs a fixed message and checks it with the public key: the certificate (or derivation) matches the key. */
    private static void selfTest(SigningKey key, Path file) throws AttestationException {
        DsseEnvelope probe = new DsseEnvelope("application/vnd.hipdll.key-check",
                "hipdll signing key check".getBytes(StandardCharsets.US_ASCII), List.of());
        DsseEnvelope signed = key.sign(probe);
        try {
            if (!key.algorithm().verify(key.publicKey(), signed.pae(), signed.signatures().get(0).sig())) {
                throw new AttestationException(ROLE + " " + file + ": the certificate's public key does not belong to"
                        + " the private key (a test signature did not verify)");
            }
        } catch (java.security.InvalidKeyException e) {
            throw new AttestationException(ROLE + " " + file + ": the public key does not fit the private key's"
                    + " algorithm");
        }
    }
}
