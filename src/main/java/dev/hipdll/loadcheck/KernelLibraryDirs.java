package dev.hipdll.loadcheck;

import dev.hipdll.host.Host;
import dev.hipdll.msvc.MsvcResolutionException;
import dev.hipdll.msvc.WindowsSdk;
import dev.hipdll.msvc.WindowsSdkLocator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Where lld-link finds {@code kernel32.lib} for the loader program: the directories the user gave
 * ({@code hip.loadCheck.libDirs}), then the SDK's own C runtime directory {@value #SDK_RUNTIME_LIBRARIES} when the SDK
 * has one with a {@code kernel32.lib} (the stand-in SDK's stand-ins for MSVC and the Windows SDK; a real HIP SDK has
 * none: the stand-in needed {@code -Dhip.loadCheck.libDirs} every time), and, on a Windows host, the
 * located Windows SDK's {@code Lib/<version>/um/x64} ({@link WindowsSdkLocator}: {@code hip.windowsSdkVersion}-style
 * request, else the newest). lld-link also reads {@code LIB} itself.
 */
public final class KernelLibraryDirs {
    private KernelLibraryDirs() {
    }

    /** The SDK's C runtime directory, relative to its root: the stand-in SDK's ({@code docs/standin-sdk.md}). */
    public static final String SDK_RUNTIME_LIBRARIES = "lib/msvc-standin";

    /**
     * As {@link #of(Host, List, String)}, with the SDK's C runtime directory after the given ones when
     * {@code sdkRoot}{@code /}{@value #SDK_RUNTIME_LIBRARIES} holds a {@code kernel32.lib}.
     *
     * @param sdkRoot the resolved SDK root, or {@code null} when it is not known
     */
    public static List<Path> of(Host host, List<Path> given, String windowsSdkVersion, Path sdkRoot) {
        List<Path> dirs = new ArrayList<>(given);
        if (sdkRoot != null) {
            Path own = sdkRoot.resolve(SDK_RUNTIME_LIBRARIES);
            if (Files.isRegularFile(own.resolve("kernel32.lib")) && !dirs.contains(own)) {
                dirs.add(own);
            }
        }
        return of(host, dirs, windowsSdkVersion);
    }

    /**
     * @param host              the host
     * @param given             the user's directories, first
     * @param windowsSdkVersion the Windows SDK version to use, or {@code null} for the newest
     * @return the directories to pass as {@code /libpath:}, in order
     */
    public static List<Path> of(Host host, List<Path> given, String windowsSdkVersion) {
        List<Path> dirs = new ArrayList<>(given);
        if (host.isWindows()) {
            try {
                WindowsSdk sdk = new WindowsSdkLocator(host).locate(null, windowsSdkVersion);
                Path um = sdk.root().resolve("Lib").resolve(sdk.version()).resolve("um").resolve("x64");
                if (Files.isDirectory(um)) {
                    dirs.add(um);
                }
            } catch (MsvcResolutionException e) {
                // no Windows SDK found: lld-link's LIB (a Developer Command Prompt) may still supply kernel32.lib
            }
        }
        return dirs;
    }
}
