package dev.hipdll.build;

import dev.hipdll.host.Host;
import dev.hipdll.target.GfxTargetList;
import java.nio.file.Path;

/**
 * One request to build the HIP DLL ({@link HipDllBuild#run}): everything the build needs, as plain
 * values, so it runs the same from the Maven mojo and from a test.
 *
 * @param host           the machine: OS, environment, file system (never read from the JVM deeper in)
 * @param setup          what the SDK, MSVC pin and environment are decided from
 * @param units          the sources and their flags
 * @param targets        the gfx targets, each compiled by its own device step
 * @param output         the DLL to write ({@code <outputDirectory>/<outputName>})
 * @param options        how to build
 * @param basedir        the project base directory: every step's working directory
 * @param buildDirectory the project build directory ({@code target}), for provenance placeholders
 * @param stamp          the build stamp's parameters
 */
public record HipDllBuildRequest(Host host, SetupInputs setup, TranslationUnits units, GfxTargetList targets,
                                 Path output, BuildOptions options, Path basedir, Path buildDirectory,
                                 StampContext stamp) {
    /** The output directory. */
    public Path outputDirectory() {
        return output.toAbsolutePath().getParent();
    }
}
