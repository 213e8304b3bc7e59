package dev.hipdll.host;

import java.util.Locale;

/**
 * The operating system family of the machine the build runs on. It decides executable names
 * ({@code hipcc.exe} or {@code hipcc}), whether environment variable names compare
 * case-insensitively, and the separator of path lists such as {@code PATH}.
 */
public enum OsFamily {
    /** Windows: names such as {@code Path} and {@code PATH} are one variable; path lists use {@code ;}. */
    WINDOWS(';'),
    /** Linux, macOS and other Unix-like systems: names are case-sensitive; path lists use {@code :}. */
    UNIX(':');

    private final char pathListSeparator;

    OsFamily(char pathListSeparator) {
        this.pathListSeparator = pathListSeparator;
    }

    /** The separator of entries in {@code PATH}, {@code INCLUDE}, {@code LIB}: {@code ;} or {@code :}. */
    public char pathListSeparator() {
        return pathListSeparator;
    }

    /** The family for a Java {@code os.name} value, e.g. {@code Windows 11} or {@code Linux}. */
    public static OsFamily fromOsName(String osName) {
        return osName != null && osName.toLowerCase(Locale.ROOT).startsWith("windows") ? WINDOWS : UNIX;
    }
}
