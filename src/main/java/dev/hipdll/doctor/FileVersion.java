package dev.hipdll.doctor;

/**
 * The version numbers of a PE file's {@code VS_FIXEDFILEINFO} (Microsoft "VS_FIXEDFILEINFO
 * structure"): four 16-bit parts each, {@code major.minor.build.revision}.
 *
 * @param fileVersion    {@code dwFileVersionMS}/{@code LS}, e.g. {@code 7.1.25424.0}
 * @param productVersion {@code dwProductVersionMS}/{@code LS}
 */
public record FileVersion(String fileVersion, String productVersion) {
    /**
     * The fixed version numbers of {@code file}'s version resource, read with
     * {@link dev.hipdll.pe.PeFile#versionInfo()}; empty when it has none.
     *
     * @throws java.io.IOException when the file cannot be read or its resource tree is malformed
     *                             ({@link dev.hipdll.bytes.BinaryFormatException} names the offset)
     */
    public static java.util.Optional<FileVersion> read(java.nio.file.Path file) throws java.io.IOException {
        try (dev.hipdll.pe.PeFile pe = dev.hipdll.pe.PeFile.open(file)) {
            return pe.versionInfo().filter(v -> v.fixedFileVersion() != null)
                    .map(v -> new FileVersion(v.fixedFileVersion(), v.fixedProductVersion()));
        }
    }

    /** Formats two DWORDs as {@code a.b.c.d}. */
    static String format(long ms, long ls) {
        return (ms >>> 16 & 0xffff) + "." + (ms & 0xffff) + "." + (ls >>> 16 & 0xffff) + "." + (ls & 0xffff);
    }
}
