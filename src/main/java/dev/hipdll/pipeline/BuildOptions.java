package dev.hipdll.pipeline;

import dev.hipdll.compile.Driver;
import dev.hipdll.compile.HardeningFlags;
import java.time.Duration;
import java.util.Optional;

/**
 * How the DLL is built.
 *
 * @param staticRuntime    link the static MSVC runtime ({@code -fms-runtime-lib=static})
 * @param driver           what runs the compile and link steps ({@code hip.driver})
 * @param jobs             steps run at once ({@code hip.jobs}), at least 1
 * @param bundleVersion    with {@code hip.offloadCompress}: the compressed bundle version (2 or 3); empty: plain bundles
 * @param stepTimeout      how long one step may run before its process tree is killed ({@code hip.timeout})
 * @param heartbeat        the longest silence before a heartbeat line ({@code hip.heartbeatSeconds})
 * @param commandLineLimit the longest command line passed directly; longer ones go through a response file
 * @param force            rebuild, and run every step, even when nothing changed ({@code hip.force})
 * @param progress         log the step lines at info ({@code hip.progress}); false puts them in the debug log
 * @param outputTimestamp  {@code project.build.outputTimestamp} (reproducible mode when set), or {@code null}
 * @param compilerLauncher {@code hip.compilerLauncher}: a program put in front of every device and host
 *                         compile ({@code ccache}, {@code sccache} or a path), or {@code null} for none
 *                         ({@link dev.hipdll.compile.CompilerLauncher})
 * @param sdkFingerprint   the {@link dev.hipdll.provenance.ToolchainKey} a build cache keyed this build by
 *                         ({@code sdkFingerprint}, written by the plugin's build extension), or {@code null};
 *                         when set, the build stops unless it is the key of the SDK and toolset it resolved
 * @param schedule         which ready step starts first ({@code hip.schedule}); {@code null}: {@link Schedule#CRITICAL_PATH}
 * @param hardening        the mitigations asked of the host compiles and the link ({@code hip.guardCf},
 *                         {@code hip.dynamicBase}, ...); empty: no such arguments
 */
public record BuildOptions(boolean staticRuntime, Driver driver, int jobs, Optional<Integer> bundleVersion,
                           Duration stepTimeout, Duration heartbeat, int commandLineLimit, boolean force,
                           boolean progress, String outputTimestamp, String compilerLauncher, String sdkFingerprint,
                           Schedule schedule, Optional<HardeningFlags> hardening) {
    /** Options without hardening arguments (the linker's own defaults). */
    public BuildOptions(boolean staticRuntime, Driver driver, int jobs, Optional<Integer> bundleVersion,
                        Duration stepTimeout, Duration heartbeat, int commandLineLimit, boolean force,
                        boolean progress, String outputTimestamp, String compilerLauncher, String sdkFingerprint,
                        Schedule schedule) {
        this(staticRuntime, driver, jobs, bundleVersion, stepTimeout, heartbeat, commandLineLimit, force, progress,
                outputTimestamp, compilerLauncher, sdkFingerprint, schedule, Optional.empty());
    }

    /** Options with the default schedule (critical path first). */
    public BuildOptions(boolean staticRuntime, Driver driver, int jobs, Optional<Integer> bundleVersion,
                        Duration stepTimeout, Duration heartbeat, int commandLineLimit, boolean force,
                        boolean progress, String outputTimestamp, String compilerLauncher, String sdkFingerprint) {
        this(staticRuntime, driver, jobs, bundleVersion, stepTimeout, heartbeat, commandLineLimit, force, progress,
                outputTimestamp, compilerLauncher, sdkFingerprint, Schedule.CRITICAL_PATH);
    }

    /** Options without a compiler launcher. */
    public BuildOptions(boolean staticRuntime, Driver driver, int jobs, Optional<Integer> bundleVersion,
                        Duration stepTimeout, Duration heartbeat, int commandLineLimit, boolean force,
                        boolean progress, String outputTimestamp) {
        this(staticRuntime, driver, jobs, bundleVersion, stepTimeout, heartbeat, commandLineLimit, force, progress,
                outputTimestamp, null, null);
    }

    /** Options with a compiler launcher and no build cache key. */
    public BuildOptions(boolean staticRuntime, Driver driver, int jobs, Optional<Integer> bundleVersion,
                        Duration stepTimeout, Duration heartbeat, int commandLineLimit, boolean force,
                        boolean progress, String outputTimestamp, String compilerLauncher) {
        this(staticRuntime, driver, jobs, bundleVersion, stepTimeout, heartbeat, commandLineLimit, force, progress,
                outputTimestamp, compilerLauncher, null);
    }

    /**
     * Checks the values, naming the property of a wrong one.
     *
     * @throws IllegalArgumentException for jobs below 1, a non-positive timeout or heartbeat, a negative
     *                                  command-line limit, or a bundle version other than 2 or 3
     */
    public BuildOptions {
        if (jobs < 1) {
            throw new IllegalArgumentException("hip.jobs must be at least 1, was " + jobs);
        }
        if (stepTimeout.isNegative() || stepTimeout.isZero()) {
            throw new IllegalArgumentException("hip.timeout must be positive, was " + stepTimeout.toSeconds() + " s");
        }
        if (heartbeat.isNegative() || heartbeat.isZero()) {
            throw new IllegalArgumentException("hip.heartbeatSeconds must be at least 1, was " + heartbeat.toSeconds());
        }
        if (commandLineLimit < 0) {
            throw new IllegalArgumentException("hip.commandLineLimit must not be negative, was " + commandLineLimit);
        }
        schedule = schedule == null ? Schedule.CRITICAL_PATH : schedule;
        hardening = hardening == null ? Optional.empty() : hardening;
        sdkFingerprint = sdkFingerprint == null || sdkFingerprint.isBlank() ? null : sdkFingerprint.strip();
        compilerLauncher = compilerLauncher == null || compilerLauncher.isBlank() ? null : compilerLauncher.strip();
        bundleVersion.ifPresent(v -> {
            if (v != 2 && v != 3) {
                throw new IllegalArgumentException("hip.bundleVersion must be 2 or 3, was " + v);
            }
        });
    }
}
