package dev.hipdll.sdk;

import java.util.List;

/**
 * A resolved HIP SDK: every component the build needs, each with its origin.
 *
 * @param root         the SDK root ({@code HIP_SDK_ROOT})
 * @param hipcc        the hipcc executable
 * @param clangDir     the directory of the SDK's clang and lld-link
 * @param includeDir   the include directory (holds {@code hip/hip_runtime.h})
 * @param libDir       the library directory (holds {@code amdhip64.lib})
 * @param deviceLibDir the device library directory (the {@code .bc} bitcode libraries)
 * @param runtimeDll   the runtime DLL, {@code amdhip64_<major>.dll}
 * @param version      the SDK version as the SDK states it (e.g. {@code 7.1.25424}), or "unknown"
 */
public record HipSdk(SdkComponent root, SdkComponent hipcc, SdkComponent clangDir, SdkComponent includeDir,
                     SdkComponent libDir, SdkComponent deviceLibDir, SdkComponent runtimeDll, String version) {

    /** The components in table order. */
    public List<SdkComponent> components() {
        return List.of(root, hipcc, clangDir, includeDir, libDir, deviceLibDir, runtimeDll);
    }

    /**
     * Whether hipcc is a {@code .bat}/{@code .cmd} wrapper, which cmd.exe re-parses: the build refuses to
     * run it (see {@code dev.hipdll.compile.BatchWrapper}).
     */
    public boolean hipccIsBatchWrapper() {
        return dev.hipdll.host.Host.isBatchFile(hipcc.path());
    }

    /** The runtime DLL's file name, e.g. {@code amdhip64_7.dll}: the import verify expects. */
    public String runtimeDllName() {
        return runtimeDll.path().getFileName().toString();
    }
}
