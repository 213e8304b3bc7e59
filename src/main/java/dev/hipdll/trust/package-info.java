/**
 * The one trust policy: {@link dev.hipdll.trust.TrustPolicy}, the input paths bytes arrive by
 * ({@link dev.hipdll.trust.InputPath}), each admission decision, and the machine key that seals what this machine
 * wrote.
 * <p>May use: {@code attestation}, {@code authenticode}, {@code host}, {@code io}.
 */
package dev.hipdll.trust;
