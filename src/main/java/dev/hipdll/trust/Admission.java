package dev.hipdll.trust;

/**
 * What a build or verify takes of an input that came from outside its own run ({@link InputPath}), as
 * {@link TrustPolicy#mayTake} decides it: the one answer every front end and seam asks for, so a path never trusts
 * more than the policy says (the matrix is docs/trust.md).
 */
public enum Admission {
    /**
     * Taken signed or not: no key is trusted, so no signature could be told from a forgery, and the run signs nothing
     * it would vouch for. What the input brings is not vouched for (a merged DLL's attestation is not claimed).
     */
    ANY,
    /** Taken only when a signature by a trusted key ({@code hip.attestation.trustedKeys}) covers it. */
    SIGNED_ONLY,
    /**
     * Not taken at all: the run cannot verify a signature (no trusted key) and either signs what it makes or the input
     * has no signature-free way in. A shard then fails the build before anything is linked; a step record its step
     * runs again.
     */
    NONE
}
