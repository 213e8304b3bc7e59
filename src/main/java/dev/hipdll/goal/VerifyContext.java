package dev.hipdll.goal;

import dev.hipdll.host.Host;
import dev.hipdll.parameter.ParameterHints;
import dev.hipdll.sdk.HipToolchain;
import dev.hipdll.sdk.SdkOverrides;
import dev.hipdll.verify.DllChoice;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a front end knows about the run beyond the parameters: the machine, the project (if any) and what
 * {@code hipdll:build} did in this build. The command line has no project and no build: {@link #standalone}.
 *
 * @param host             this machine (its environment gives {@code HIP_SDK_ROOT}, {@code HIP_PATH})
 * @param projectBaseDir   the project's directory, a build path the DLL must not contain; empty without a project
 * @param projectBuildDir  the project's build directory ({@code target}); empty without a project
 * @param currentDirectory the directory the front end runs in (reports go to its {@code target/hipdll} without a
 *                         project)
 * @param dllChoice        which DLL is read and why (for {@code hip.dll}; empty with {@code hip.package})
 * @param linkedHere       whether hipdll:build linked that DLL in this run (no attestation is asked of it)
 * @param buildCache       why the DLL may come from a build cache, or {@code ""}
 * @param libraryDlls      the SDK libraries hipdll:build linked in this run (allowed imports), else empty
 * @param toolchain        the {@code hip} toolchain of toolchains.xml, if the front end reads one
 * @param sdkRootPlaces    where {@code hip.sdkRoot} was spelled when not with {@code -D} (for SDK messages)
 * @param hints            how the front end tells its user to set a parameter ({@code null}: Maven's
 *                         {@code -Dhip.x=...}, which the command line shares)
 */
public record VerifyContext(Host host, Optional<Path> projectBaseDir, Optional<Path> projectBuildDir,
                            Path currentDirectory, Optional<DllChoice> dllChoice, boolean linkedHere,
                            String buildCache, List<String> libraryDlls, Optional<HipToolchain> toolchain,
                            Map<String, SdkOverrides.Place> sdkRootPlaces, ParameterHints hints) {
    /** Copies the lists; {@code null} optionals are empty. */
    public VerifyContext {
        java.util.Objects.requireNonNull(host, "host");
        projectBaseDir = projectBaseDir == null ? Optional.empty() : projectBaseDir;
        projectBuildDir = projectBuildDir == null ? Optional.empty() : projectBuildDir;
        currentDirectory = currentDirectory == null ? Path.of("").toAbsolutePath() : currentDirectory;
        dllChoice = dllChoice == null ? Optional.empty() : dllChoice;
        buildCache = buildCache == null ? "" : buildCache;
        libraryDlls = libraryDlls == null ? List.of() : List.copyOf(libraryDlls);
        toolchain = toolchain == null ? Optional.empty() : toolchain;
        sdkRootPlaces = sdkRootPlaces == null ? Map.of() : Map.copyOf(sdkRootPlaces);
        hints = hints == null ? ParameterHints.MAVEN : hints;
    }

    /**
     * No project, no build in this run: the command line. The DLL (if any) is the one the user named, taken as it is.
     *
     * @param host             this machine
     * @param currentDirectory where reports go by default ({@code target/hipdll} under it)
     * @param dll              the DLL named ({@code hip.dll}), or {@code null} with {@code hip.package}
     */
    public static VerifyContext standalone(Host host, Path currentDirectory, Path dll) {
        Optional<DllChoice> choice = dll == null ? Optional.empty()
                : Optional.of(DllChoice.choose(dll, true, null, Optional.empty()));
        return new VerifyContext(host, Optional.empty(), Optional.empty(), currentDirectory, choice, false, "",
                List.of(), Optional.empty(), Map.of(), ParameterHints.MAVEN);
    }
}
