/**
 * The verification of one DLL: every check (PE32+ x64, imports, exports against the contract, absolute paths,
 * device code and GPU coverage, hardening, the Authenticode signature, the overlay) in one pass over the file, and
 * its options.
 * <p>May use: {@code authenticode}, {@code bundle}, {@code bytes}, {@code contract}, {@code digest},
 * {@code findings}, {@code gfx}, {@code io}, {@code parameter}, {@code pe}.
 */
package dev.hipdll.verify;
