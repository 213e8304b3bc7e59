package dev.hipdll.authenticode;

import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import javax.security.auth.x500.X500Principal;

/**
 * The signers a DLL may be signed by ({@code hip.signers}). Each entry is one of:
 * <ul>
 *   <li>a certificate thumbprint: 40 hex digits (SHA-1, as Windows and {@code signtool /sha1} show it) or 64 (SHA-256);
 *       case, spaces and colons do not matter;</li>
 *   <li>a distinguished name ({@code CN=Example Corp, O=Example Corp, C=US}): equal to the signer's subject as
 *       {@link X500Principal#equals} compares names (case and spacing of values do not matter, the order of the
 *       attributes does);</li>
 *   <li>anything else: the signer's common name, exactly.</li>
 * </ul>
 *
 * @param entries the entries as given, blank ones dropped
 */
public record SignerPins(List<String> entries) {
    /** Creates pins; the list is copied, blank entries are dropped, each distinguished name is checked. */
    public SignerPins {
        List<String> kept = new ArrayList<>();
        for (String e : entries) {
            if (e != null && !e.isBlank()) {
                String s = e.strip();
                if (thumbprint(s) == null && s.contains("=")) {
                    try {
                        new X500Principal(s);
                    } catch (IllegalArgumentException x) {
                        throw new IllegalArgumentException("'" + s + "' is neither a thumbprint (40 or 64 hex digits) nor"
                                + " a distinguished name (" + x.getMessage() + ")");
                    }
                }
                kept.add(s);
            }
        }
        entries = List.copyOf(kept);
    }

    /** No pins: any signer is accepted. */
    public static SignerPins none() {
        return new SignerPins(List.of());
    }

    /** Whether there are pins. */
    public boolean any() {
        return !entries.isEmpty();
    }

    /** The first entry that {@code signer} matches, if any. */
    public Optional<String> match(X509Certificate signer) {
        if (signer == null) {
            return Optional.empty();
        }
        String sha1 = Certificates.sha1(signer);
        String sha256 = Certificates.sha256(signer);
        Optional<String> cn = Certificates.commonName(signer);
        for (String e : entries) {
            String t = thumbprint(e);
            if (t != null) {
                if (t.equals(sha1) || t.equals(sha256)) {
                    return Optional.of(e);
                }
            } else if (e.contains("=")) {
                if (new X500Principal(e).equals(signer.getSubjectX500Principal())) {
                    return Optional.of(e);
                }
            } else if (cn.isPresent() && cn.get().equals(e)) {
                return Optional.of(e);
            }
        }
        return Optional.empty();
    }

    /** {@code s} as an upper-case thumbprint without separators, or {@code null} when it is not one. */
    static String thumbprint(String s) {
        String t = s.replace(":", "").replace(" ", "").toUpperCase(Locale.ROOT);
        if (t.length() != 40 && t.length() != 64) {
            return null;
        }
        for (int i = 0; i < t.length(); i++) {
            char c = t.charAt(i);
            if (!(c >= '0' && c <= '9' || c >= 'A' && c <= 'F')) {
                return null;
            }
        }
        return t;
    }
}
