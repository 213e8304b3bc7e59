package dev.hipdll.loadcheck;

import java.util.List;
import java.util.OptionalInt;

/**
 * What the loader program reported (its stdout, parsed by {@link LoaderOutputParser}).
 *
 * @param runtimeDirError the {@code GetLastError} of a failed {@code SetDllDirectoryW}, or 0
 * @param preloadError    the {@code GetLastError} of a failed preload, or 0
 * @param loaded          whether {@code LoadLibraryExW} returned a module
 * @param loadError       its {@code GetLastError} when it did not, else 0
 * @param resolved        names {@code GetProcAddress} found, request order
 * @param missing         names it did not find, request order
 * @param modules         every module of the process after the load ({@code GetModuleFileNameW}), load order
 * @param registrations   how many fat binaries were registered, when the bound runtime records it
 * @param functions       how many kernels were registered ({@code __hipRegisterFunction}), likewise
 * @param bundles         the registered bundles
 * @param exitCode        the program's exit code
 */
public record LoaderOutput(long runtimeDirError, long preloadError, boolean loaded, long loadError, List<String> resolved,
                           List<String> missing, List<String> modules, OptionalInt registrations, OptionalInt functions,
                           List<RegisteredBundle> bundles, int exitCode) {
    /** Creates an output; lists are copied. */
    public LoaderOutput {
        resolved = List.copyOf(resolved);
        missing = List.copyOf(missing);
        modules = List.copyOf(modules);
        bundles = List.copyOf(bundles);
    }
}
