package dev.hipdll.build;

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
 */
public record HipDllBuildResult(Path dll, Path checksum, Path provenance, boolean upToDate, int stepsRun,
                                int stepsReused, Optional<Path> stamp, boolean stampPending, Duration elapsed,
                                java.util.List<String> libraryDlls, Optional<Path> attestation) {
    /** Copies the list. */
    public HipDllBuildResult {
        libraryDlls = java.util.List.copyOf(libraryDlls);
    }
}
