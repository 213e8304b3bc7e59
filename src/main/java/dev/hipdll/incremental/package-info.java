/**
 * Whether a step or the whole DLL can be reused: the build stamp, step records sealed with the machine key,
 * fingerprints of every input, dependency files and the reason given for each decision.
 * <p>May use: {@code attestation}, {@code authenticode}, {@code digest}, {@code io}, {@code sdk}, {@code trust}.
 */
package dev.hipdll.incremental;
