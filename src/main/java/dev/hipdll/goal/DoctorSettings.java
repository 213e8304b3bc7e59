package dev.hipdll.goal;

import dev.hipdll.doctor.Doctor;
import dev.hipdll.doctor.DoctorHost;
import dev.hipdll.doctor.DoctorReport;
import dev.hipdll.doctor.DoctorRequest;
import dev.hipdll.doctor.LocalFileProbe;
import dev.hipdll.process.ProcessRunner;
import dev.hipdll.sdk.HipToolchain;
import dev.hipdll.sdk.SdkOverrides;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * The values of hipdll:doctor's parameters as a front end received them: one setter per parameter, named as in the
 * plugin descriptor, each starting at the goal's default. {@link #examine} runs the doctor on them. A fresh object
 * per run; not shared between threads.
 */
public final class DoctorSettings {
    private Path sdkRoot;
    private Path runtimeDir;
    private Path appDir;
    private String vcToolsVersion;
    private Path output;
    private boolean failOnError;

    /** {@code hip.sdkRoot}; {@code null}: {@code HIP_SDK_ROOT}, the toolchain, {@code HIP_PATH}. */
    public DoctorSettings sdkRoot(Path v) { sdkRoot = v; return this; }

    /** {@code hip.runtimeDir}; {@code null}: the SDK's {@code bin}. */
    public DoctorSettings runtimeDir(Path v) { runtimeDir = v; return this; }

    /** {@code hip.appDir}: the host application's folder; {@code null}: not considered. */
    public DoctorSettings appDir(Path v) { appDir = v; return this; }

    /** {@code hip.vcToolsVersion}; {@code null}: {@code VCToolsVersion} from the environment. */
    public DoctorSettings vcToolsVersion(String v) { vcToolsVersion = v; return this; }

    /** {@code hip.doctor.output}: where {@code doctor.json} goes; {@code null} without a project: not written. */
    public DoctorSettings output(Path v) { output = v; return this; }

    /** {@code hip.doctor.failOnError} (default false). */
    public DoctorSettings failOnError(boolean v) { failOnError = v; return this; }

    /** Where {@code doctor.json} goes, or {@code null}. */
    public Path output() {
        return output;
    }

    /** Whether a failed item fails the goal. */
    public boolean failOnError() {
        return failOnError;
    }

    /**
     * Examines this machine.
     *
     * @param host          the OS and environment
     * @param toolchain     the {@code hip} toolchain of toolchains.xml, if the front end reads one
     * @param sdkRootPlaces where {@code hip.sdkRoot} was spelled when not with {@code -D}
     * @return every item, in table order
     */
    public DoctorReport examine(DoctorHost host, Optional<HipToolchain> toolchain,
                                Map<String, SdkOverrides.Place> sdkRootPlaces) {
        DoctorRequest request = new DoctorRequest(host, sdkRoot,
                runtimeDir == null ? null : runtimeDir.toAbsolutePath().toString(),
                appDir == null ? null : appDir.toAbsolutePath().toString(), vcToolsVersion, toolchain, sdkRootPlaces);
        return new Doctor(new LocalFileProbe(), new ProcessRunner(Duration.ofSeconds(30))).examine(request);
    }
}
