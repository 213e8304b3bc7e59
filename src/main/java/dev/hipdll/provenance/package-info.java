/**
 * What a build was made from: SDK components, the toolchain, placeholders for machine paths,
 * {@code provenance.json}, and the digests a published DLL is expected to have.
 * <p>May use: {@code compile}, {@code digest}, {@code findings}, {@code gfx}, {@code io}, {@code sdk}.
 */
package dev.hipdll.provenance;
