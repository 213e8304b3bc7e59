/**
 * The goals' parameters mapped to the core's requests, once for every front end: the Maven mojos
 * ({@code dev.hipdll.maven}) and the command line ({@code dev.hipdll.cli}) fill the same settings
 * ({@link dev.hipdll.goal.VerifySettings}, named as the goal's parameters) and get the same request, the same
 * checks of each value and the same messages ({@code hip.maxBundleMiB: 0 is outside 1..2047}).
 * <p>May use: {@code attestation}, {@code authenticode}, {@code bytes}, {@code contract}, {@code doctor},
 * {@code environment}, {@code findings}, {@code gate}, {@code gfx}, {@code host}, {@code io}, {@code parameter},
 * {@code process}, {@code provenance}, {@code release}, {@code sdk}, {@code trust}, {@code verify}.
 */
package dev.hipdll.goal;
