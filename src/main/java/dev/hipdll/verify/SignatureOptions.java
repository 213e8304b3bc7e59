package dev.hipdll.verify;

import dev.hipdll.authenticode.DigestPolicy;
import dev.hipdll.authenticode.SignerPins;
import dev.hipdll.authenticode.TrustStore;
import java.util.Optional;

/**
 * What the Authenticode checks ({@code authenticode.*}) ask of a DLL.
 *
 * @param required   whether the DLL must be signed ({@code hip.requireSignature}); when not, an unsigned DLL passes
 *                   and a signed one is still checked
 * @param signers    the accepted signers ({@code hip.signers}); none: any signer
 * @param trustStore the certificates a signer's chain must end in ({@code hip.trustStore}); empty: the chain is
 *                   not checked. Revocation is never checked (no network)
 * @param digests    the digest algorithms a signature and its timestamp may use ({@code hip.signature.digests})
 */
public record SignatureOptions(boolean required, SignerPins signers, Optional<TrustStore> trustStore,
                               DigestPolicy digests) {
    /** Creates options; a {@code null} digest policy is {@link DigestPolicy#defaults()}. */
    public SignatureOptions {
        digests = digests == null ? DigestPolicy.defaults() : digests;
    }

    /** Options with the default digest policy (SHA-256, SHA-384, SHA-512). */
    public SignatureOptions(boolean required, SignerPins signers, Optional<TrustStore> trustStore) {
        this(required, signers, trustStore, DigestPolicy.defaults());
    }

    /** Nothing required, any signer, no chain check, the default digest policy. */
    public static SignatureOptions defaults() {
        return new SignatureOptions(false, SignerPins.none(), Optional.empty());
    }

    /** These options with digest policy {@code d}. */
    public SignatureOptions withDigests(DigestPolicy d) {
        return new SignatureOptions(required, signers, trustStore, d);
    }
}
