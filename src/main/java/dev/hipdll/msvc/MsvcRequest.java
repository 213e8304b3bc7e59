package dev.hipdll.msvc;

import java.nio.file.Path;

/**
 * The user's MSVC choices (each {@code null} when not set).
 *
 * @param vsInstallDir      {@code hip.vsInstallDir}: the Visual Studio installation (instead of vswhere)
 * @param vcToolsVersion    {@code hip.vcToolsVersion}: an exact toolset ({@code 14.44.35207}) or a
 *                          prefix ({@code 14.44}, highest match wins)
 * @param windowsSdkVersion {@code hip.windowsSdkVersion}: e.g. {@code 10.0.26100.0}; newest when unset
 * @param windowsSdkDir     {@code hip.windowsSdkDir}: the Windows Kits root; default
 *                          {@code %ProgramFiles(x86)%\Windows Kits\10}
 */
public record MsvcRequest(Path vsInstallDir, String vcToolsVersion, String windowsSdkVersion, Path windowsSdkDir) {
    /** Nothing chosen. */
    public static MsvcRequest none() {
        return new MsvcRequest(null, null, null, null);
    }
}
