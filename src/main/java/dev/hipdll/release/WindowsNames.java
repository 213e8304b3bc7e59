package dev.hipdll.release;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The names Windows cannot hold, or rewrites when it creates the file, in a release package.
 * The rules are Microsoft's "Naming Files, Paths, and Namespaces" (learn.microsoft.com/windows/win32/fileio/
 * naming-a-file), applied to every component of a {@code /}-separated path in the package:
 * <ul>
 *   <li>a component ending in a period or a space: "Do not end a file or directory name with a space or a
 *       period"; the Win32 layer strips them, so {@code coli_hip.dll.} and {@code coli_hip.dll } are created as
 *       {@code coli_hip.dll} (and collide with it);</li>
 *   <li>a reserved device name, alone or followed by an extension: {@code CON}, {@code PRN}, {@code AUX},
 *       {@code NUL}, {@code COM1}..{@code COM9}, {@code LPT1}..{@code LPT9}, and {@code COM¹ COM² COM³ LPT¹ LPT²
 *       LPT³} ("Windows recognizes the 8-bit ISO/IEC 8859-1 superscript digits ¹, ², and ³ as digits"); "NUL.txt
 *       and NUL.tar.gz are both equivalent to NUL": {@code CON.dll} opens the console, not a file. Case-insensitive;
 *       spaces before the first period are ignored, as the Win32 path parser does;</li>
 *   <li>a reserved character: {@code < > : " | ? *} ({@code :} names an NTFS alternate data stream) and the
 *       characters 1-31;</li>
 *   <li>a name of the shape of an 8.3 short name ({@code COLI_H~1.DLL}: one to six characters, {@code ~}, a digit
 *       1-9 and digits, an extension of at most three characters): NTFS gives {@code coli_hip.dll} that short name
 *       when it creates it, and creating {@code COLI_H~1.DLL} afterwards opens that same file, so the entry would
 *       overwrite the file verified under its long name (the CVE-2019-1353 class that git's
 *       {@code core.protectNTFS} refuses).</li>
 * </ul>
 * Two names of one package that differ only in case are one file on NTFS: {@link #folded(String)} is the key
 * they collide on (each character's simple upper case, as NTFS's upcase table maps it; not Java's full case
 * mapping, which turns {@code ß} into {@code SS}).
 */
public final class WindowsNames {
    /** The reserved device names without a digit, upper case. */
    private static final Set<String> DEVICES = Set.of("CON", "PRN", "AUX", "NUL");
    /** The characters Windows refuses in a name, besides 1-31. */
    private static final String RESERVED_CHARS = "<>:\"|?*";
    /** The digits of {@code COM#} and {@code LPT#}: 1-9 and the superscripts ¹ ² ³. */
    private static final String PORT_DIGITS = "123456789\u00b9\u00b2\u00b3";
    /** An 8.3 short name as NTFS generates them: a stem of 1-6 characters, {@code ~N}, an extension of up to 3. */
    private static final Pattern SHORT_NAME = Pattern.compile("[^.~]{1,6}~[1-9][0-9]{0,5}(\\.[^.]{1,3})?");

    private WindowsNames() {
    }

    /**
     * Why Windows cannot create {@code path} under that name, or {@code null} when it can: the first component
     * breaking a rule, named with the rule, e.g. {@code "'CON.dll' is the reserved device name CON (with an
     * extension it still opens the device, not a file)"}.
     *
     * @param path a {@code /}-separated path inside the package, without empty components
     */
    public static String problem(String path) {
        List<String> parts = List.of(path.split("/"));
        for (int i = 0; i < parts.size(); i++) {
            String p = parts.get(i);
            String what = i == parts.size() - 1 ? "" : " (a directory of the path)";
            String why = component(p);
            if (why != null) {
                return "'" + PackageReader.printable(p) + "'" + what + " " + why;
            }
        }
        return null;
    }

    /** Why one name component breaks a rule, or {@code null}. */
    private static String component(String name) {
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c < 0x20) {
                return "holds the control character \\x" + String.format("%02X", (int) c) + ", which Windows refuses in a name";
            }
            if (RESERVED_CHARS.indexOf(c) >= 0) {
                return "holds '" + c + "', which Windows refuses in a name" + (c == ':'
                        ? " (on NTFS it names an alternate data stream of another file)" : "");
            }
        }
        if (name.endsWith(".") || name.endsWith(" ")) {
            String stripped = stripTrailing(name);
            return "ends in a " + (name.endsWith(".") ? "period" : "space") + ", which Windows strips when it creates the"
                    + " file: it would be extracted as '" + PackageReader.printable(stripped) + "'";
        }
        if (SHORT_NAME.matcher(name).matches()) {
            return "has the shape of an 8.3 short name (stem~N.ext): on NTFS it can name another file of the package"
                    + " (coli_hip.dll's short name is COLI_H~1.DLL), which extracting it would overwrite";
        }
        String device = device(name);
        if (device != null) {
            return "is the reserved device name " + device + (name.length() > device.length()
                    ? " (followed by an extension it still names the device, not a file)" : "");
        }
        return null;
    }

    /** The reserved device name {@code name} stands for, or {@code null}. */
    static String device(String name) {
        int dot = name.indexOf('.');
        String stem = (dot < 0 ? name : name.substring(0, dot)).stripTrailing().toUpperCase(Locale.ROOT);
        if (DEVICES.contains(stem)) {
            return stem;
        }
        if (stem.length() == 4 && (stem.startsWith("COM") || stem.startsWith("LPT"))
                && PORT_DIGITS.indexOf(stem.charAt(3)) >= 0) {
            return stem;
        }
        return null;
    }

    /** {@code name} without its trailing periods and spaces: what Windows creates. */
    static String stripTrailing(String name) {
        int end = name.length();
        while (end > 0 && (name.charAt(end - 1) == '.' || name.charAt(end - 1) == ' ')) {
            end--;
        }
        return name.substring(0, end);
    }

    /**
     * The key two paths of one package collide on in a Windows directory: each component without trailing
     * periods and spaces, each character mapped to its simple upper case.
     */
    public static String folded(String path) {
        StringBuilder b = new StringBuilder(path.length());
        for (String p : path.split("/")) {
            if (b.length() > 0) {
                b.append('/');
            }
            String s = stripTrailing(p);
            for (int i = 0; i < s.length(); i++) {
                b.append(Character.toUpperCase(s.charAt(i)));
            }
        }
        return b.toString();
    }
}
