package dev.hipdll.io;

import java.util.Locale;
import java.util.Set;

/**
 * The file name of the built DLL ({@code hip.outputName}): a plain file name, never a path, ending in
 * {@code .dll}. Refused: an empty name, a name with {@code /} or {@code \} (a path: {@code ../../src/main/hip/backend_cuda.cu}
 * overwrote the source with the DLL and put the build's other files beside it),
 * {@code .} and {@code ..}, a name that does not end in {@code .dll} (case-insensitive), a name that is only
 * {@code .dll}, and names Windows cannot hold (characters {@code < > : " | ? *} and control characters,
 * the reserved device names {@code CON}, {@code PRN}, {@code AUX}, {@code NUL}, {@code COM1}-{@code COM9},
 * {@code LPT1}-{@code LPT9} with any extension: Microsoft, "Naming Files, Paths, and Namespaces").
 */
public final class OutputName {
    private static final Set<String> RESERVED = Set.of("CON", "PRN", "AUX", "NUL",
            "COM1", "COM2", "COM3", "COM4", "COM5", "COM6", "COM7", "COM8", "COM9",
            "LPT1", "LPT2", "LPT3", "LPT4", "LPT5", "LPT6", "LPT7", "LPT8", "LPT9");

    private OutputName() {
    }

    /**
     * Checks {@code name}.
     *
     * @param name     the value of the parameter
     * @param property the parameter, e.g. {@code hip.outputName}
     * @return {@code name}, unchanged
     * @throws IllegalArgumentException naming the property, the value and what is expected, e.g.
     *         {@code hip.outputName: '../x.dll' is a path; expected a plain file name ending in .dll, such as coli_hip.dll}
     */
    public static String check(String name, String property) {
        String expected = "; expected a plain file name ending in .dll, such as coli_hip.dll (the DLL is written to the"
                + " output directory, hip.outputDirectory)";
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException(property + ": empty" + expected);
        }
        String shown = "'" + name + "'";
        if (name.indexOf('/') >= 0 || name.indexOf('\\') >= 0) {
            throw new IllegalArgumentException(property + ": " + shown + " is a path" + expected);
        }
        if (name.equals(".") || name.equals("..")) {
            throw new IllegalArgumentException(property + ": " + shown + " names a directory" + expected);
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c < 0x20 || c == 0x7f || "<>:\"|?*".indexOf(c) >= 0) {
                throw new IllegalArgumentException(property + ": " + shown + " holds the character "
                        + (c < 0x20 || c == 0x7f ? String.format("U+%04X", (int) c) : "'" + c + "'")
                        + ", which a Windows file name cannot hold" + expected);
            }
        }
        if (!name.toLowerCase(Locale.ROOT).endsWith(".dll") || name.length() == 4) {
            throw new IllegalArgumentException(property + ": " + shown + " does not end in .dll" + expected);
        }
        if (!name.equals(name.strip())) {
            throw new IllegalArgumentException(property + ": " + shown + " starts with whitespace" + expected);
        }
        String stem = name.substring(0, name.indexOf('.') < 0 ? name.length() : name.indexOf('.'));
        if (RESERVED.contains(stem.toUpperCase(Locale.ROOT))) {
            throw new IllegalArgumentException(property + ": " + shown + " is a reserved device name on Windows"
                    + expected);
        }
        return name;
    }
}
