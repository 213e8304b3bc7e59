package dev.hipdll.pipeline;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/**
 * How a build ended when it did not fail.
 *
 * @param dll          the DLL
 * @param checksum     its {@code .sha256} file
 * @param provenance   its {@code provenance.json}
 * @param upToDate     whether nothing ran because the stamp said the DLL is up to date
 * @param stepsRun     steps that ran
 * @param stepsReused  steps whose kept output was reused
 * @param stamp        the stamp written (pending or committed), if one was
 * @param stampPending whether the stamp waits for {@code hipdll:verify}
 * @param elapsed      the whole build's time
 * @param libraryDlls  the DLLs the linked SDK libraries ({@code hip.libraries}) make the DLL import, e.g.
 *                     {@code hipblas.dll}: verify's default import allow-list takes them
 * @param attestation  the DLL's signed attestation ({@code <dll>.intoto.jsonl}) written or kept, empty when the
 *                     build had no signing key
 * @param unvouched    the inputs from outside this run that the DLL holds and no trusted signature vouches for: each
 *                     shard a device compile was taken from unsigned ({@code hip.shards} without
 *                     {@code hip.attestation.trustedKeys}); empty when every step ran here, was reused from a record
 *                     this machine wrote or a trusted key signed, or came from a signed shard. A DLL with such inputs
 *                     is not claimed as "linked in this build"
 */
public record HipDllBuildResult(Path dll, Path checksum, Path provenance, boolean upToDate, int stepsRun,
                                int stepsReused, Optional<Path> stamp, boolean stampPending, Duration elapsed,
                                java.util.List<String> libraryDlls, Optional<Path> attestation,
                                java.util.List<String> unvouched) {
    /** Copies the lists. */
    public HipDllBuildResult {
        libraryDlls = java.util.List.copyOf(libraryDlls);
        unvouched = java.util.List.copyOf(unvouched);
    }

    /** A result with no unvouched input. */
    public HipDllBuildResult(Path dll, Path checksum, Path provenance, boolean upToDate, int stepsRun,
                             int stepsReused, Optional<Path> stamp, boolean stampPending, Duration elapsed,
                             java.util.List<String> libraryDlls, Optional<Path> attestation) {
        this(dll, checksum, provenance, upToDate, stepsRun, stepsReused, stamp, stampPending, elapsed, libraryDlls,
                attestation, java.util.List.of());
    }
}
