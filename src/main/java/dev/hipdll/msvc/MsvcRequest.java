package dev.hipdll.msvc;

import dev.hipdll.parameter.ParameterHints;
import java.nio.file.Path;

/**
 * The user's MSVC choices (each {@code null} when not set). A blank version is not set: Maven passes
 * {@code -Dhip.vcToolsVersion=} as an empty string, meaning no pin, as when the property is absent.
 *
 * @param vsInstallDir      {@code hip.vsInstallDir}: the Visual Studio installation (instead of vswhere)
 * @param vcToolsVersion    {@code hip.vcToolsVersion}: an exact toolset ({@code 14.44.35207}) or a
 *                          prefix ({@code 14.44}, highest match wins)
 * @param windowsSdkVersion {@code hip.windowsSdkVersion}: e.g. {@code 10.0.26100.0}; newest when unset
 * @param windowsSdkDir     {@code hip.windowsSdkDir}: the Windows Kits root; default
 *                          {@code %ProgramFiles(x86)%\Windows Kits\10}
 * @param hints             how the front end words a parameter in the errors ({@code -Dhip.vsInstallDir=<dir>}
 *                          from Maven); never {@code null}
 */
public record MsvcRequest(Path vsInstallDir, String vcToolsVersion, String windowsSdkVersion, Path windowsSdkDir,
                          ParameterHints hints) {
    /** Blank versions become {@code null} (not set); others are trimmed. */
    public MsvcRequest {
        vcToolsVersion = unsetIfBlank(vcToolsVersion);
        windowsSdkVersion = unsetIfBlank(windowsSdkVersion);
        java.util.Objects.requireNonNull(hints, "hints");
    }

    /** The choices of a Maven build ({@link ParameterHints#MAVEN}). */
    public MsvcRequest(Path vsInstallDir, String vcToolsVersion, String windowsSdkVersion, Path windowsSdkDir) {
        this(vsInstallDir, vcToolsVersion, windowsSdkVersion, windowsSdkDir, ParameterHints.MAVEN);
    }

    /** {@code null} for {@code null} or blank text, else the text trimmed. */
    public static String unsetIfBlank(String text) {
        return text == null || text.isBlank() ? null : text.strip();
    }

    /** Nothing chosen. */
    public static MsvcRequest none() {
        return new MsvcRequest(null, null, null, null);
    }
}
