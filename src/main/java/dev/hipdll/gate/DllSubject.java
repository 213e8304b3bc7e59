package dev.hipdll.gate;

import dev.hipdll.provenance.ExpectedDigest;
import dev.hipdll.verify.DllChoice;
import java.nio.file.Path;
import java.util.Optional;

/**
 * One DLL to verify, with what the front end knows of how it arrived (these decide {@code artifact.built} and
 * whether {@code artifact.attestation} is required, {@link dev.hipdll.attestation.AttestationRequirement}).
 *
 * @param choice         which file is read and whether it is the one hipdll:build wrote in this build
 * @param linkedHere     whether hipdll:build linked that very file in this build (not found up to date)
 * @param projectPresent whether the front end runs in a project (without one, no build of the DLL was seen)
 * @param buildCache     a note when a build cache that can restore the DLL is configured, e.g. {@code the Build
 *                       Cache Extension is configured (.mvn/extensions.xml)}; empty when none
 * @param attestation    the attestation bundle when not {@code <dll>.intoto.jsonl} beside the DLL
 *                       ({@code hip.attestation}); read only with trusted keys
 * @param expectedDigest the SHA-256 the DLL must have ({@code artifact.sha256}), if any
 */
public record DllSubject(DllChoice choice, boolean linkedHere, boolean projectPresent, String buildCache,
                         Optional<Path> attestation, Optional<ExpectedDigest> expectedDigest)
        implements VerificationSubject {
    /** Checks for nulls. */
    public DllSubject {
        java.util.Objects.requireNonNull(choice, "choice");
        buildCache = buildCache == null ? "" : buildCache;
        attestation = attestation == null ? Optional.empty() : attestation;
        expectedDigest = expectedDigest == null ? Optional.empty() : expectedDigest;
    }

    /** The file read. */
    public Path dll() {
        return choice.dll();
    }
}
