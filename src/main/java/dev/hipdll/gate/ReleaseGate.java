package dev.hipdll.gate;

import dev.hipdll.digest.FileDigests;
import dev.hipdll.attestation.AttestationCheck;
import dev.hipdll.attestation.AttestationRequirement;
import dev.hipdll.attestation.Attestations;
import dev.hipdll.findings.Check;
import dev.hipdll.findings.CheckIds;
import dev.hipdll.findings.Verdict;
import dev.hipdll.incremental.StampStore;
import dev.hipdll.io.FileOpener;
import dev.hipdll.io.IoProblem;
import dev.hipdll.provenance.ExpectedDigest;
import dev.hipdll.release.PackageOptions;
import dev.hipdll.release.PackageReport;
import dev.hipdll.release.PackageVerifier;
import dev.hipdll.trust.TrustPolicy;
import dev.hipdll.verify.DllChoice;
import dev.hipdll.verify.DllVerifier;
import dev.hipdll.verify.SignatureOptions;
import dev.hipdll.verify.VerifyOptions;
import dev.hipdll.verify.VerifyReport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The release gate: runs one {@link VerificationRequest} and returns one
 * {@link VerificationOutcome} with every check, whatever the front end.
 *
 * <p>A DLL ({@link DllSubject}) goes through the single-DLL pipeline ({@link DllVerifier}), then the checks that need
 * to know how it arrived: {@code artifact.built} ({@link DllChoice#check()}), {@code artifact.sha256} with an
 * expected digest ({@link ExpectedDigest}), and with trusted keys {@code artifact.attestation}
 * ({@link AttestationCheck}, required unless hipdll:build linked this very file in this build,
 * {@link AttestationRequirement}). The DLL is read once: the pipeline's streaming pass records its SHA-256 when one
 * of these or a pending build stamp needs it. Then the verdict decides the build stamp: a pass promotes the pending
 * stamp of exactly these bytes, a failure deletes it ({@link StampOutcome}).
 *
 * <p>A package ({@link PackageSubject}) goes through {@link PackageVerifier} with the same options: each PE file gets
 * the single-DLL checks under the same {@link TrustPolicy} (its Authenticode requirements), and with trusted keys
 * each backend the {@code artifact.attestation} check a single DLL gets, against {@code <name>.intoto.jsonl} beside
 * it in the package ({@link PackageAttestations}).
 *
 * <p>The trust policy is applied here and only here: {@link #signatureOptions(TrustPolicy)} is the one mapping of
 * the policy to the Authenticode checks' options.
 */
public final class ReleaseGate {
    private final FileOpener opener;

    /** A gate that opens files with {@link FileOpener#standard()}. */
    public ReleaseGate() {
        this(FileOpener.standard());
    }

    /** @param opener how a DLL is opened (tests count the opens and reads) */
    public ReleaseGate(FileOpener opener) {
        this.opener = opener;
    }

    /**
     * What the Authenticode checks ask under {@code policy}: a signature when {@link TrustPolicy#requireSignature()},
     * its signer among {@link TrustPolicy#signers()}, its chain ending in {@link TrustPolicy#trustStore()}. The one
     * place the policy becomes {@link SignatureOptions}.
     */
    public static SignatureOptions signatureOptions(TrustPolicy policy) {
        return new SignatureOptions(policy.requireSignature(), policy.signers(), policy.trustStore(), policy.digests());
    }

    /**
     * Runs the verification.
     *
     * @throws IOException when a package cannot be read at all (no such file, no temporary directory); a DLL never
     *                     throws: an unreadable one fails {@code pe.format}
     */
    public VerificationOutcome verify(VerificationRequest request) throws IOException {
        VerifyOptions options = request.options().toBuilder().signature(signatureOptions(request.trust())).build();
        if (request.subject() instanceof PackageSubject p) {
            return verifyPackage(p, options, request);
        }
        return verifyDll((DllSubject) request.subject(), options, request);
    }

    private VerificationOutcome verifyDll(DllSubject s, VerifyOptions options, VerificationRequest request) {
        Path dll = s.dll();
        TrustPolicy trust = request.trust();
        StampStore stamps = new StampStore(dll);
        FileDigests digests = new FileDigests(opener);
        boolean digestNeeded = s.expectedDigest().isPresent() || trust.hasTrustedKeys()
                || Files.isRegularFile(stamps.pendingFile());
        VerifyReport report = new DllVerifier(opener, digestNeeded ? digests : null).verify(dll, options,
                s.choice().missingHint());
        List<Check> checks = new ArrayList<>(report.checks());
        checks.add(options.skips(CheckIds.ARTIFACT_BUILT)
                ? Check.of(CheckIds.ARTIFACT_BUILT, CheckIds.ARTIFACT_BUILT, Verdict.SKIP, "switched off",
                "skipped by hip.checks.skip")
                : s.choice().check());
        if (s.expectedDigest().isPresent()) {
            ExpectedDigest digest = s.expectedDigest().get();
            // a failed verify that did not read the whole file (pe.overlay, hip.verifyTimeLimit) does not read it now
            checks.add(!report.passed() && unread(dll, digests) ? digest.notRead(dll) : digest.check(dll, digests));
        }
        if (trust.hasTrustedKeys()) {
            checks.add(attestation(s, trust, digests, request.attestationLimits()));
        }
        report = report.withChecks(checks);
        List<GateEvent> events = new ArrayList<>();
        StampOutcome stamp = stamp(stamps, report.passed(), digests, dll, events);
        return new VerificationOutcome(report, dll.toString(), stamp, events, request.bound());
    }

    /** The build stamp of a DLL built earlier in this build waits for this verdict. */
    private static StampOutcome stamp(StampStore stamps, boolean passed, FileDigests digests, Path dll,
                                      List<GateEvent> events) {
        try {
            if (!passed) {
                stamps.discardPending();
                return StampOutcome.DISCARDED;
            }
            if (stamps.promotePending(digests)) {
                events.add(GateEvent.info("build stamp written: " + stamps.committedFile()));
                return StampOutcome.PROMOTED;
            }
            return StampOutcome.NOT_PROMOTED;
        } catch (IOException e) {
            events.add(GateEvent.warn("cannot update the build stamp beside " + dll + ": " + e.getMessage()));
            return StampOutcome.ERROR;
        }
    }

    /** The {@code artifact.attestation} check of the DLL read. */
    private static Check attestation(DllSubject s, TrustPolicy trust, FileDigests digests,
                                     dev.hipdll.attestation.AttestationLimits limits) {
        Path read = s.dll();
        String sha256;
        try {
            sha256 = digests.of(read);
        } catch (IOException e) {
            return Check.of(CheckIds.ARTIFACT_ATTESTATION, "signed attestation", Verdict.FAIL, "the DLL's SHA-256",
                    "cannot read " + read + ": " + IoProblem.describe(e));
        }
        AttestationRequirement requirement = AttestationRequirement.of(s.choice(), s.linkedHere(), s.projectPresent(),
                s.buildCache());
        Path file = s.attestation().orElse(Attestations.fileFor(read));
        return AttestationCheck.check(new AttestationCheck.Request(read, sha256, file, trust.trustedKeys(),
                requirement.required(), requirement.why(), limits));
    }

    /** Whether {@code dll}, a regular file, was left without a digest (verify did not read it all within its budget). */
    private static boolean unread(Path dll, FileDigests digests) {
        try {
            return Files.isRegularFile(dll) && digests.known(dll).isEmpty();
        } catch (IOException e) {
            return false;  // the check that follows reports the unreadable file
        }
    }

    private static VerificationOutcome verifyPackage(PackageSubject p, VerifyOptions options, VerificationRequest request)
            throws IOException {
        PackageOptions po = PackageOptions.builder(options).backends(p.backends()).limits(p.limits())
                .budgetBytes(p.budgetBytes()).failOverBudget(p.failOverBudget())
                .temporaryParent(request.temporaryParent())
                .timeLimit(p.timeLimit()).detailedFiles(p.detailedFiles()).build();
        PackageReport report = new PackageVerifier().verify(p.path(), po,
                new PackageAttestations(request.trust(), request.attestationLimits(), p.path()));
        return new VerificationOutcome(report, "the package " + p.path(), StampOutcome.NONE, List.of(), request.bound());
    }
}
