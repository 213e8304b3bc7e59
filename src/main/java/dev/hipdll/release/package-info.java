/**
 * A release package (a directory or a zip): read within bounds, each file's role, Windows' file name rules, and
 * every DLL's imports present in the package or in Windows.
 * <p>May use: {@code attestation}, {@code bytes}, {@code dllsearch}, {@code findings}, {@code verify}, {@code zip}.
 */
package dev.hipdll.release;
