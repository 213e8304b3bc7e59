package dev.hipdll.attestation;

import java.util.Arrays;

/**
 * One signature of a DSSE envelope (DSSE envelope v1.0.2, {@code signatures[]}).
 *
 * @param keyid the signer's key id, an unauthenticated hint (empty when unset); never used to decide
 *              anything (DSSE protocol: "MUST NOT be used for security decisions")
 * @param sig   the signature bytes (the envelope holds them in base64)
 */
public record DsseSignature(String keyid, byte[] sig) {
    /** Copies the bytes; a missing keyid is empty (DSSE: unset is the same as set-but-empty). */
    public DsseSignature {
        keyid = keyid == null ? "" : keyid;
        sig = sig.clone();
    }

    /** A copy of the signature bytes. */
    @Override
    public byte[] sig() {
        return sig.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof DsseSignature s && s.keyid.equals(keyid) && Arrays.equals(s.sig, sig);
    }

    @Override
    public int hashCode() {
        return keyid.hashCode() * 31 + Arrays.hashCode(sig);
    }

    @Override
    public String toString() {
        return "DsseSignature[keyid=" + keyid + ", " + sig.length + " bytes]";
    }
}
