package dev.hipdll.compile;

import dev.hipdll.host.OsFamily;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * What {@link StepPlanner} makes the steps of.
 *
 * @param compile          the sources, targets, SDK, flags and the DLL to write
 * @param sourceDirectory  the directory translation units are named relative to (their CUID and step names)
 * @param workingDir       the working directory of every step (the project base directory); project
 *                         paths are passed relative to it
 * @param stepDirectory    where step outputs are kept between builds ({@code target/hipdll/steps})
 * @param linkOutput       where the link writes the DLL (a temporary file with the DLL's own name)
 * @param driver           what runs the compile and link steps
 * @param os               the host's OS (executable names)
 * @param reproducible     reproducible-build mode ({@code project.build.outputTimestamp})
 * @param bundleVersion    with {@code hip.offloadCompress}: the compressed offload bundle format
 *                         version to ask for (2 or 3); empty: plain bundles
 * @param hardening        the mitigations asked of the host compiles and the link ({@link HardeningFlags}); empty:
 *                         no such arguments (the linker's own defaults)
 */
public record StepPlanRequest(CompileRequest compile, Path sourceDirectory, Path workingDir, Path stepDirectory,
                              Path linkOutput, Driver driver, OsFamily os, ReproducibleBuild reproducible,
                              Optional<Integer> bundleVersion, Optional<HardeningFlags> hardening) {
    /** A request without hardening arguments. */
    public StepPlanRequest(CompileRequest compile, Path sourceDirectory, Path workingDir, Path stepDirectory,
                           Path linkOutput, Driver driver, OsFamily os, ReproducibleBuild reproducible,
                           Optional<Integer> bundleVersion) {
        this(compile, sourceDirectory, workingDir, stepDirectory, linkOutput, driver, os, reproducible, bundleVersion,
                Optional.empty());
    }

    /** Checks the bundle version. @throws IllegalArgumentException unless it is 2 or 3 */
    public StepPlanRequest {
        bundleVersion.ifPresent(v -> {
            if (v != 2 && v != 3) {
                throw new IllegalArgumentException("hip.bundleVersion must be 2 or 3, was " + v);
            }
        });
    }

    /** The sources, in order. */
    public List<Path> sources() {
        return compile.sources();
    }
}
