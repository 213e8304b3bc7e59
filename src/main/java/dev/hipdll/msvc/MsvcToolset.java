package dev.hipdll.msvc;

import java.nio.file.Path;

/**
 * One installed MSVC toolset, {@code <VS>\VC\Tools\MSVC\<version>\}.
 *
 * @param version      the toolset version, e.g. {@code 14.44.35207}
 * @param dir          the toolset directory (what {@code VCToolsInstallDir} names)
 * @param vsInstallDir the Visual Studio installation it belongs to
 */
public record MsvcToolset(String version, Path dir, Path vsInstallDir) {
    @Override
    public String toString() {
        return version + " (" + dir + ")";
    }
}
