/**
 * SLSA provenance attestations in DSSE envelopes: the statement and its signing when a build publishes a DLL
 * ({@link dev.hipdll.attestation.DllAttestor}, {@link dev.hipdll.attestation.SlsaStatement}), signing keys and PEM
 * files, the trusted keys a verifier holds, and the check of an attestation against a DLL
 * ({@link dev.hipdll.attestation.AttestationCheck}) within {@link dev.hipdll.attestation.AttestationLimits}.
 * <p>May use: {@code authenticode}, {@code digest}, {@code findings}, {@code io}, {@code parameter}, {@code provenance}, {@code verify}.
 */
package dev.hipdll.attestation;
