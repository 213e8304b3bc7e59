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
 * ({@code hip.loadCheck.libDirs}) and, on a Windows host, the located Windows SDK's
 * {@code Lib/<version>/um/x64} ({@link WindowsSdkLocator}: {@code hip.windowsSdkVersion}-style
 * request, else the newest). lld-link also reads {@code LIB} itself.
 */
public final class KernelLibraryDirs {
    private KernelLibraryDirs() {
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
