package dev.hipdll.gate;

import dev.hipdll.findings.DetailBound;
import dev.hipdll.trust.TrustPolicy;
import dev.hipdll.verify.VerifyOptions;
import java.nio.file.Path;

/**
 * One verification: what arrives, what it is held to, whom it trusts.
 *
 * @param subject         a DLL or a release package
 * @param options         the single-DLL checks' options (contract, imports, targets, budgets, skipped checks);
 *                        their {@link VerifyOptions#signature()} is replaced by the one {@link ReleaseGate} derives
 *                        from {@code trust}
 * @param trust           the run's trust policy: trusted attestation keys, required Authenticode signatures,
 *                        accepted signers, trust store; applied to the DLL and to every PE file of a package
 * @param bound           how many detail lines per check the table and reports show ({@code hip.report.maxDetails})
 * @param temporaryParent where a zip is unpacked (a fresh directory inside, deleted after), or {@code null} for
 *                        {@code java.io.tmpdir}
 * @param attestationLimits what reading an attestation bundle may cost ({@code hip.attestation.maxKiB}, ...)
 */
public record VerificationRequest(VerificationSubject subject, VerifyOptions options, TrustPolicy trust,
                                  DetailBound bound, Path temporaryParent,
                                  dev.hipdll.attestation.AttestationLimits attestationLimits) {
    /** Checks for nulls; a missing trust policy, bound or attestation limits is the default. */
    public VerificationRequest {
        java.util.Objects.requireNonNull(subject, "subject");
        java.util.Objects.requireNonNull(options, "options");
        trust = trust == null ? TrustPolicy.none() : trust;
        bound = bound == null ? DetailBound.standard() : bound;
        attestationLimits = attestationLimits == null ? dev.hipdll.attestation.AttestationLimits.DEFAULT
                : attestationLimits;
    }

    /** A request within the default attestation limits. */
    public VerificationRequest(VerificationSubject subject, VerifyOptions options, TrustPolicy trust, DetailBound bound,
                               Path temporaryParent) {
        this(subject, options, trust, bound, temporaryParent, null);
    }
}
