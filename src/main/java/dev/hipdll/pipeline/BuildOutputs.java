package dev.hipdll.pipeline;

import dev.hipdll.io.OutputLock;
import java.util.List;

/**
 * The names of the files a build writes in its output directory, for {@link dev.hipdll.io.OutputPlacement}:
 * the DLL, its checksum, dependency file and stamps, the provenance and attestation, the log, the diagnosis, the
 * environment report, the response file, the temporary directory, the step outputs ({@code steps/}), the verify reports written beside
 * it and the lock file. A step that writes a new file in the output directory adds its name here.
 */
public final class BuildOutputs {
    private BuildOutputs() {
    }

    /** The names, for a DLL called {@code outputName}. */
    public static List<String> names(String outputName) {
        return List.of(outputName, outputName + ".sha256", outputName + ".d", outputName + ".stamp.json",
                outputName + ".stamp-pending.json", "provenance.json",
                outputName + dev.hipdll.attestation.Attestations.SUFFIX, "build.log", "diagnosis.txt", "environment.txt",
                "hipcc.rsp", ".tmp", "steps", "verify.json", "TEST-hipdll-verify.xml", "load-check.json",
                "TEST-hipdll-load-check.xml", OutputLock.FILE_NAME, dev.hipdll.process.BuildRun.FILE_NAME);
    }
}
