package dev.hipdll.pe;

import java.util.Map;
import java.util.Optional;

/**
 * The version resource of an image ({@code VS_VERSIONINFO}, Win32 "Version Information"
 * reference): the fixed file info and the first string table.
 *
 * @param fixedFileVersion    {@code VS_FIXEDFILEINFO.dwFileVersionMS/LS} as {@code a.b.c.d}, or
 *                            {@code null} when the block has no fixed info
 * @param fixedProductVersion {@code dwProductVersionMS/LS} as {@code a.b.c.d}, or {@code null}
 * @param strings             the first {@code StringFileInfo} string table (e.g.
 *                            {@code FileVersion}, {@code ProductVersion}, {@code CompanyName})
 */
public record VersionInfo(String fixedFileVersion, String fixedProductVersion, Map<String, String> strings) {
    /** Creates version info; {@code strings} is copied. */
    public VersionInfo {
        strings = Map.copyOf(strings);
    }

    /** The {@code FileVersion} string, else the fixed file version. */
    public Optional<String> fileVersion() {
        return Optional.ofNullable(strings.getOrDefault("FileVersion", fixedFileVersion));
    }

    /** The {@code ProductVersion} string, else the fixed product version. */
    public Optional<String> productVersion() {
        return Optional.ofNullable(strings.getOrDefault("ProductVersion", fixedProductVersion));
    }
}
