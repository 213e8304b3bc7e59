package dev.hipdll.attestation;

import dev.hipdll.verify.DllChoice;
import dev.hipdll.findings.Verdict;

/**
 * Whether verify, given trusted keys ({@code hip.attestation.trustedKeys}), requires the DLL to carry a signed
 * attestation: always, unless hipdll:build linked this very file in this Maven build. A DLL that the build
 * found up to date, that a build cache restored (the Build Cache Extension skips hipdll:build and puts back the DLL
 * with its {@code .sha256}, {@code provenance.json} and stamp: all of them writable by whoever can write the
 * cache), that {@code -Dhip.dll} names, or that is verified without a project, came from somewhere verify did not
 * see; only a signature by a trusted key says where.
 *
 * @param required whether the attestation is required
 * @param why      the reason, one line for the report
 */
public record AttestationRequirement(boolean required, String why) {
    /**
     * The requirement for a DLL.
     *
     * @param choice         which DLL verify reads and whether it is the one hipdll:build wrote in this build
     * @param linked         whether hipdll:build linked that file in this build (not found up to date)
     * @param projectPresent whether verify runs in a project
     * @param buildCache     a note on the build cache when the Build Cache Extension is configured and active
     *                       ({@code the Build Cache Extension is configured (.mvn/extensions.xml)}), else empty
     */
    public static AttestationRequirement of(DllChoice choice, boolean linked, boolean projectPresent, String buildCache) {
        if (choice.verdict() == Verdict.PASS && linked) {
            return new AttestationRequirement(false, "not required: hipdll:build linked this DLL in this Maven build");
        }
        String cache = buildCache.isEmpty() ? "" : "; " + buildCache;
        if (!projectPresent) {
            return new AttestationRequirement(true, "required: no project, so no build of this DLL was seen");
        }
        if (choice.verdict() == Verdict.PASS) {
            return new AttestationRequirement(true, "required: hipdll:build found this DLL up to date, so it comes from an"
                    + " earlier build or a restored cache entry with its own stamp (" + choice.hints().set("hip.force", "true")
                    + " rebuilds it)" + cache);
        }
        if (choice.verdict() == Verdict.SKIP) {
            return new AttestationRequirement(true, "required: hipdll:build did not run in this Maven build (skipped,"
                    + " or restored from a build cache)" + cache);
        }
        return new AttestationRequirement(true, "required: " + choice.origin() + " names " + choice.dll()
                + ", not the DLL hipdll:build wrote in this build");
    }

    /**
     * The requirement for a backend inside a release package ({@code hip.package}): always, since no build of it was
     * seen; its attestation is {@code <name>.intoto.jsonl} beside it in the package.
     *
     * @param name the file's path in the package, e.g. {@code bin/coli_hip.dll}
     */
    public static AttestationRequirement inPackage(String name) {
        return new AttestationRequirement(true, "required: " + name + " arrives in a release package, so no build of it"
                + " was seen; its attestation is " + name + Attestations.SUFFIX + " beside it in the package");
    }
}
