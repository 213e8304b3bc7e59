package dev.hipdll.compile;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Reproducible-build mode, switched on the Maven way: by setting
 * {@code project.build.outputTimestamp} (see Maven's "Configuring for Reproducible Builds"); a
 * value of one character (e.g. {@code a}) or none leaves it off, as in maven-archiver.
 *
 * <p>When on, the steps also get:
 * <ul>
 *   <li>the link: {@code -Wl,/Brepro}: clang forwards {@code -Wl,} values to the MSVC-style linker
 *       (lld-link or link.exe), where {@code /Brepro} replaces the COFF {@code TimeDateStamp}
 *       (and the debug directory's stamps) with a hash of the image;</li>
 *   <li>every compile: {@code -ffile-prefix-map=<HIP SDK root>=hip-sdk}: {@code __FILE__} of SDK headers and
 *       debug info name the SDK by a fixed word, not by where it is installed;</li>
 *   <li>every compile: {@code -fdebug-compilation-dir=.}: debug info records no absolute working directory.</li>
 * </ul>
 * Together with project paths given relative to the working directory
 * ({@link WorkingDirectoryPaths}), two clean builds of the same sources with the same SDK give
 * byte-identical DLLs.
 */
public final class ReproducibleBuild {
    /** The prefix-map replacement for the SDK root. */
    public static final String SDK_PREFIX = "hip-sdk";

    private final String outputTimestamp;

    /** @param outputTimestamp the value of {@code project.build.outputTimestamp}, or {@code null} */
    public ReproducibleBuild(String outputTimestamp) {
        this.outputTimestamp = outputTimestamp == null ? "" : outputTimestamp.trim();
    }

    /** Whether reproducible mode is on (a timestamp of two characters or more). */
    public boolean enabled() {
        return outputTimestamp.length() > 1;
    }

    /** The configured timestamp, when on. */
    public Optional<String> outputTimestamp() {
        return enabled() ? Optional.of(outputTimestamp) : Optional.empty();
    }

    /**
     * The extra arguments of every compile step (empty when off): the prefix map and the debug
     * compilation directory.
     *
     * @param sdkRoot the HIP SDK root, as passed in {@code --hip-path}
     */
    public List<String> compileArguments(Path sdkRoot) {
        if (!enabled()) {
            return List.of();
        }
        return List.of("-ffile-prefix-map=" + sdkRoot + "=" + SDK_PREFIX, "-fdebug-compilation-dir=.");
    }

    /** The extra arguments of the link step (empty when off): {@code -Wl,/Brepro}. */
    public List<String> linkArguments() {
        return enabled() ? List.of("-Wl,/Brepro") : List.of();
    }
}
