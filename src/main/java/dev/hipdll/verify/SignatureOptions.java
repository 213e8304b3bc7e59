package dev.hipdll.verify;

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
 */
public record SignatureOptions(boolean required, SignerPins signers, Optional<TrustStore> trustStore) {
    /** Nothing required, any signer, no chain check. */
    public static SignatureOptions defaults() {
        return new SignatureOptions(false, SignerPins.none(), Optional.empty());
    }
}
