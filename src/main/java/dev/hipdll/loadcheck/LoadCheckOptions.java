package dev.hipdll.loadcheck;

import dev.hipdll.parameter.ParameterHints;
import dev.hipdll.contract.AbiContract;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Everything one load check needs.
 *
 * @param dll             the DLL to load
 * @param runtimeDir      the runtime directory ({@code hip.runtimeDir}): where the bound
 *                        {@code amdhip64_<major>.dll} must come from
 * @param contract        the names to resolve: a named contract's names, or for a count contract the
 *                        DLL's own exports with the prefix
 * @param requiredTargets gfx target IDs whose device code must be registered (may be empty)
 * @param clang           the SDK's clang (compiles the loader program)
 * @param lldLink         the SDK's lld-link (links it)
 * @param libDirs         {@code /libpath:} directories for {@code kernel32.lib}
 * @param launcher        how the program runs (natively or under Wine)
 * @param workDir         where the program, its request and its output go
 * @param timeout         how long one run of the program may take before its process tree is killed
 * @param hints           how the front end words a parameter in the findings and errors
 *                        ({@code -Dhip.runtimeDir} from Maven); never {@code null}
 */
public record LoadCheckOptions(Path dll, Path runtimeDir, AbiContract contract, List<String> requiredTargets, Path clang,
                               Path lldLink, List<Path> libDirs, Launcher launcher, Path workDir, Duration timeout,
                               ParameterHints hints) {
    /** Creates options; lists are copied. */
    public LoadCheckOptions {
        requiredTargets = List.copyOf(requiredTargets);
        libDirs = List.copyOf(libDirs);
        java.util.Objects.requireNonNull(hints, "hints");
    }

    /** Options of a Maven build ({@link ParameterHints#MAVEN}). */
    public LoadCheckOptions(Path dll, Path runtimeDir, AbiContract contract, List<String> requiredTargets, Path clang,
                            Path lldLink, List<Path> libDirs, Launcher launcher, Path workDir, Duration timeout) {
        this(dll, runtimeDir, contract, requiredTargets, clang, lldLink, libDirs, launcher, workDir, timeout,
                ParameterHints.MAVEN);
    }
}
