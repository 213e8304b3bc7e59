package dev.hipdll.doctor;

/**
 * The version numbers of a PE file's {@code VS_FIXEDFILEINFO} (Microsoft "VS_FIXEDFILEINFO
 * structure"): four 16-bit parts each, {@code major.minor.build.revision}.
 *
 * @param fileVersion    {@code dwFileVersionMS}/{@code LS}, e.g. {@code 7.1.25424.0}
 * @param productVersion {@code dwProductVersionMS}/{@code LS}
 */
public record FileVersion(String fileVersion, String productVersion) {
    /** Formats two DWORDs as {@code a.b.c.d}. */
    static String format(long ms, long ls) {
        return (ms >>> 16 & 0xffff) + "." + (ms & 0xffff) + "." + (ls >>> 16 & 0xffff) + "." + (ls & 0xffff);
    }
}
