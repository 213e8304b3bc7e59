package dev.hipdll.sdk;

import java.nio.file.Path;

/**
 * One library of the HIP SDK a build links by name ({@code hip.libraries}), such as
 * {@code hipblas}: its import library in the SDK's {@code lib} directory and the DLL that library makes the
 * backend import.
 *
 * @param name    the name as given, e.g. {@code hipblas} (linked as {@code -lhipblas})
 * @param lib     the import library, {@code <libDir>/<name>.lib}
 * @param dll     the DLL it imports, read from the import library (e.g. {@code hipblas.dll})
 * @param origin  where the SDK's {@code lib} directory came from (e.g. {@code -Dhip.sdkRoot})
 */
public record SdkLibrary(String name, Path lib, String dll, Origin origin) {
}
