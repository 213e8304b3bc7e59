/**
 * Authenticode signing of the built DLL inside {@code hipdll:build} ({@link dev.hipdll.signing.AuthenticodeSigning}),
 * with jsign-core: the one package that uses jsign ({@code LayeringTest}), so its library stays out of the rest.
 * <p>May use: {@code digest}.
 */
package dev.hipdll.signing;
