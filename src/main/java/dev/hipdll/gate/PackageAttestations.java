package dev.hipdll.gate;

import dev.hipdll.digest.FileDigests;
import dev.hipdll.attestation.AttestationCheck;
import dev.hipdll.attestation.AttestationRequirement;
import dev.hipdll.attestation.Attestations;
import dev.hipdll.findings.Check;
import dev.hipdll.findings.Verdict;
import dev.hipdll.io.IoProblem;
import dev.hipdll.release.PackageFile;
import dev.hipdll.release.FileRole;
import dev.hipdll.release.PackageFileCheck;
import dev.hipdll.trust.TrustPolicy;
import java.io.IOException;
import java.util.List;

/**
 * with trusted keys, each backend of a release package gets the {@code artifact.attestation} check
 * a single DLL gets, against {@code <name>.intoto.jsonl} beside it in the package (a zip's is unpacked beside it),
 * always required ({@link AttestationRequirement#inPackage}): absent, unreadable, not signed by a trusted key or over
 * another digest, it fails. A library of the package (not a backend, {@code hip.package.backends}) is not this
 * project's build: its row says the keys were not applied to it. Without trusted keys, no row at all (as for a DLL).
 */
final class PackageAttestations implements PackageFileCheck {
    private final TrustPolicy trust;
    private final dev.hipdll.attestation.AttestationLimits limits;

    private final java.nio.file.Path packagePath;

    /**
     * @param trust       the run's policy; only its trusted keys are read here
     * @param limits      what reading an attestation bundle may cost
     * @param packagePath the package (a zip or a directory): a zip's unpacked files are named inside it
     *                    ({@code release.zip!coli_hip.dll.intoto.jsonl}), not in the temporary directory deleted after
     */
    PackageAttestations(TrustPolicy trust, dev.hipdll.attestation.AttestationLimits limits,
                        java.nio.file.Path packagePath) {
        this.limits = limits;
        this.trust = trust;
        this.packagePath = packagePath;
    }

    @Override
    public List<Check> checks(PackageFile file, FileRole role) {
        if (!trust.hasTrustedKeys()) {
            return List.of();
        }
        String title = "signed attestation (in-toto, SLSA provenance v1)";
        if (role != FileRole.BACKEND) {
            return List.of(Check.of(AttestationCheck.CHECK_ID, title, Verdict.SKIP,
                    "an attestation signed by a trusted key, for a backend",
                    "a library of the package (not a backend, hip.package.backends): not this project's build, the"
                            + " trusted keys are not applied to it"));
        }
        String sha256;
        try {
            sha256 = new FileDigests().of(file.file());
        } catch (IOException e) {
            return List.of(Check.of(AttestationCheck.CHECK_ID, title, Verdict.FAIL, "the DLL's SHA-256",
                    "cannot read " + file.name() + ": " + IoProblem.describe(e)));
        }
        AttestationRequirement requirement = AttestationRequirement.inPackage(file.name());
        Check c = AttestationCheck.check(new AttestationCheck.Request(file.file(), sha256,
                Attestations.fileFor(file.file()), trust.trustedKeys(), requirement.required(), requirement.why(),
                limits));
        return List.of(namedInThePackage(c, file));
    }

    /**
     * {@code c} with the temporary directory a zip was unpacked into replaced by the zip's name and {@code !}, so the
     * report names where the file is for its reader; a directory package's files are named as they are.
     */
    private Check namedInThePackage(Check c, PackageFile file) {
        String path = file.file().toString();
        String suffix = file.name().replace('/', java.io.File.separatorChar);
        if (file.file().startsWith(packagePath) || !path.endsWith(suffix)) {
            return c;
        }
        String root = path.substring(0, path.length() - suffix.length());
        java.util.function.UnaryOperator<String> named = s -> s.replace(root, packagePath + "!");
        return new Check(c.id(), c.title(), c.verdict(), named.apply(c.expected()), named.apply(c.found()),
                c.details().stream().map(named).toList(), c.capped(), c.notes().stream().map(named).toList());
    }
}
