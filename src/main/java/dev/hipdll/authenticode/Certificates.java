package dev.hipdll.authenticode;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.cert.CertificateEncodingException;
import java.security.cert.X509Certificate;
import java.util.HexFormat;
import java.util.Optional;
import javax.naming.InvalidNameException;
import javax.naming.ldap.LdapName;
import javax.naming.ldap.Rdn;
import javax.security.auth.x500.X500Principal;

/** What reports and signer pins say about a certificate: its subject, common name and thumbprints. */
public final class Certificates {
    private Certificates() {
    }

    /** The subject as RFC 2253 writes it, e.g. {@code CN=Example Corp,O=Example Corp,C=US}. */
    public static String subject(X509Certificate c) {
        return c.getSubjectX500Principal().getName(X500Principal.RFC2253);
    }

    /** The subject's (last) common name, if it has one. */
    public static Optional<String> commonName(X509Certificate c) {
        try {
            String cn = null;
            for (Rdn r : new LdapName(subject(c)).getRdns()) {  // RDNs come most significant first reversed
                if (r.getType().equalsIgnoreCase("CN")) {
                    cn = String.valueOf(r.getValue());
                }
            }
            return Optional.ofNullable(cn);
        } catch (InvalidNameException e) {
            return Optional.empty();
        }
    }

    /** The SHA-1 thumbprint (what Windows' certificate dialog and signtool {@code /sha1} show): 40 upper-case hex digits. */
    public static String sha1(X509Certificate c) {
        return thumbprint(c, "SHA-1");
    }

    /** The SHA-256 thumbprint: 64 upper-case hex digits. */
    public static String sha256(X509Certificate c) {
        return thumbprint(c, "SHA-256");
    }

    private static String thumbprint(X509Certificate c, String algorithm) {
        try {
            return HexFormat.of().withUpperCase().formatHex(MessageDigest.getInstance(algorithm).digest(c.getEncoded()));
        } catch (NoSuchAlgorithmException | CertificateEncodingException e) {
            throw new IllegalStateException("cannot take the " + algorithm + " thumbprint of " + subject(c), e);
        }
    }
}
