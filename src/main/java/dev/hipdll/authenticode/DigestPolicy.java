package dev.hipdll.authenticode;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The digest algorithms an Authenticode signature may use ({@code hip.signature.digests}): for the image hash
 * (the {@code SpcIndirectDataContent}'s {@code DigestInfo}), the signer's digest (its SignerInfo's
 * {@code digestAlgorithm}, and the hash its signature algorithm names) and the timestamp's (an RFC 3161 token's
 * message imprint and its signer's digest, a legacy counter-signature's digest). A signature or timestamp that uses
 * another fails.
 *
 * <p>The default is SHA-256, SHA-384 and SHA-512. <b>MD5 is never accepted</b>: MD5 collisions are made in seconds,
 * and a chosen-prefix collision lets one signature cover two images (Flame forged a Microsoft code-signing
 * certificate that way in 2012); Microsoft stopped trusting MD5 in certificates in 2013 (Security Advisory 2862973).
 * <b>SHA-1 is refused unless listed</b>, as Microsoft's SHA-1 deprecation for Authenticode decides for new code
 * (Security Advisory 2880823 and "Windows Enforcement of SHA1 certificates": since 1 January 2016 Windows does not
 * accept SHA-1 code signatures that are not timestamped before that date for files downloaded from the internet;
 * since August 2020 Microsoft signs its own downloads with SHA-2 only), and since SHA-1 chosen-prefix collisions are
 * practical (Leurent and Peyrin, "SHA-1 is a Shambles", 2020). A release pipeline signing today has no reason to use
 * it; an old dual-signed file (SHA-1, then SHA-256 nested, {@code signtool /as}) passes with
 * {@code hip.signature.digests=SHA-1,SHA-256,SHA-384,SHA-512}.
 *
 * @param accepted the accepted algorithms, as JCA names ({@code SHA-1}, {@code SHA-256}, {@code SHA-384},
 *                 {@code SHA-512}), without repeats
 */
public record DigestPolicy(List<String> accepted) {
    /** The algorithms a policy may name, weakest first. */
    public static final List<String> KNOWN = List.of("SHA-1", "SHA-256", "SHA-384", "SHA-512");

    /**
     * Creates a policy.
     *
     * @throws IllegalArgumentException when {@code accepted} is empty or names another algorithm than {@link #KNOWN}
     */
    public DigestPolicy {
        accepted = List.copyOf(accepted);
        if (accepted.isEmpty()) {
            throw new IllegalArgumentException("no digest algorithm accepted; name one or more of " + String.join(", ", KNOWN));
        }
        for (String a : accepted) {
            if (!KNOWN.contains(a)) {
                throw new IllegalArgumentException("'" + a + "' is not one of " + String.join(", ", KNOWN));
            }
        }
    }

    /** SHA-256, SHA-384 and SHA-512. */
    public static DigestPolicy defaults() {
        return new DigestPolicy(List.of("SHA-256", "SHA-384", "SHA-512"));
    }

    /**
     * The policy naming {@code names} ({@code hip.signature.digests}): {@code SHA-256}, {@code sha256}, {@code SHA256}
     * and the like, case and dashes ignored; none (null, empty or blank entries only): {@link #defaults()}.
     *
     * @throws IllegalArgumentException naming the entry that is not SHA-1, SHA-256, SHA-384 or SHA-512, and saying
     *                                  why MD5 is never accepted
     */
    public static DigestPolicy parse(List<String> names) {
        List<String> out = new ArrayList<>();
        if (names != null) {
            for (String n : names) {
                if (n == null || n.isBlank()) {
                    continue;
                }
                String key = n.trim().toUpperCase(Locale.ROOT).replace("-", "").replace("_", "");
                String name = switch (key) {
                    case "SHA1" -> "SHA-1";
                    case "SHA256", "SHA2" -> "SHA-256";
                    case "SHA384" -> "SHA-384";
                    case "SHA512" -> "SHA-512";
                    case "MD5" -> throw new IllegalArgumentException("MD5 is never accepted: its collisions let one"
                            + " signature cover two images; name some of " + String.join(", ", KNOWN));
                    default -> throw new IllegalArgumentException("'" + n.trim() + "' is not one of "
                            + String.join(", ", KNOWN));
                };
                if (!out.contains(name)) {
                    out.add(name);
                }
            }
        }
        return out.isEmpty() ? defaults() : new DigestPolicy(out);
    }

    /** Whether {@code algorithm} (a JCA name, or an OID for an unknown one) is accepted. */
    public boolean accepts(String algorithm) {
        return accepted.contains(algorithm);
    }

    /** The algorithms of {@code used} this policy refuses, in order, without repeats. */
    public List<String> refused(List<String> used) {
        List<String> out = new ArrayList<>();
        for (String u : used) {
            if (!accepts(u) && !out.contains(u)) {
                out.add(u);
            }
        }
        return out;
    }

    /** {@code SHA-256, SHA-384, SHA-512}: as reports print the policy. */
    public String describe() {
        return String.join(", ", accepted);
    }
}
