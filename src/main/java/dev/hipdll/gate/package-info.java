/**
 * The release gate: one {@link dev.hipdll.gate.VerificationRequest} (a DLL or a release package,
 * the options, the {@link dev.hipdll.trust.TrustPolicy}) gives one {@link dev.hipdll.gate.VerificationOutcome} with
 * every check: the single-DLL pipeline ({@code dev.hipdll.verify}), a package's checks ({@code dev.hipdll.release}),
 * and the checks that need to know how the DLL arrived ({@code artifact.built}, {@code artifact.sha256},
 * {@code artifact.attestation}), then the build stamp's promotion. Every front end (the {@code hipdll:verify} goal,
 * a command line) maps its parameters to a request and renders the outcome; none adds a check of its own.
 * Nothing but a front end depends on it.
 * <p>May use: {@code attestation}, {@code digest}, {@code findings}, {@code incremental}, {@code io},
 * {@code provenance}, {@code release}, {@code report}, {@code trust}, {@code verify}.
 */
package dev.hipdll.gate;
