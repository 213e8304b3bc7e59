package dev.hipdll.diagnosis;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One diagnostic line of clang or lld-link, parsed. The shapes recognised (clang's
 * {@code TextDiagnostic}, {@code -fdiagnostics-format=clang|msvc}, and the LLVM tools' {@code WithColor}
 * prefixes):
 * <ul>
 *   <li>{@code <file>:<line>:<column>: <severity>: <message>} (also without the column), the file as the
 *       compiler was given it: relative to the step's working directory, or absolute ({@code /home/...},
 *       {@code C:\...});</li>
 *   <li>{@code <file>(<line>,<column>): <severity>: <message>} (the MSVC format, also {@code (<line>)});</li>
 *   <li>{@code <tool>: <severity>: <message>} with no location, e.g. {@code clang: error: ...},
 *       {@code lld-link: error: undefined symbol: ...}, {@code clang++.exe: warning: ...};</li>
 *   <li>{@code <severity>: <message>} with no location (a backend's {@code error:} or {@code fatal error:}).</li>
 * </ul>
 * Severity is one of {@link DiagnosticSeverity}; ANSI colour codes are removed first. Any other line
 * (source excerpts, carets, "1 error generated", "In file included from ...") is not a diagnostic.
 *
 * @param severity the level
 * @param file     the file as printed, when the line has a location
 * @param line     1-based line, 0 without a location
 * @param column   1-based column, 0 when not printed
 * @param tool     the program that printed a location-less diagnostic ({@code clang}, {@code lld-link}), when named
 * @param message  the message after {@code <severity>: }, e.g. {@code unknown type name 'flaot'}
 */
public record CompilerDiagnostic(DiagnosticSeverity severity, Optional<String> file, int line, int column,
                                 Optional<String> tool, String message) {
    private static final String SEVERITY = "(fatal error|error|warning|note|remark)";
    private static final Pattern ANSI = Pattern.compile("\u001B\\[[0-9;]*[A-Za-z]");
    private static final Pattern COLON_FORM = Pattern.compile(
            "^(?<file>.+?):(?<line>\\d+):(?:(?<col>\\d+):)? " + SEVERITY + ": (?<msg>.*)$");
    private static final Pattern MSVC_FORM = Pattern.compile(
            "^(?<file>.+?)\\((?<line>\\d+)(?:,(?<col>\\d+))?\\) ?: " + SEVERITY + ": (?<msg>.*)$");
    private static final Pattern TOOL_FORM = Pattern.compile(
            "^(?<tool>[A-Za-z0-9_.+-]+): " + SEVERITY + ": (?<msg>.*)$");
    private static final Pattern BARE_FORM = Pattern.compile("^" + SEVERITY + ": (?<msg>.*)$");

    /** Checks the location fields: a file comes with a line of at least 1; no file, no line or column. */
    public CompilerDiagnostic {
        if (file.isPresent() ? line < 1 || column < 0 : line != 0 || column != 0) {
            throw new IllegalArgumentException("a diagnostic has a file with a line >= 1, or neither: "
                    + file + ":" + line + ":" + column);
        }
    }

    /**
     * Parses one line of compiler output.
     *
     * @param text the line, without its terminator
     * @return the diagnostic, or empty when the line is not one (a line number too large for an
     *         {@code int} reads as no diagnostic)
     */
    public static Optional<CompilerDiagnostic> parse(String text) {
        String s = ANSI.matcher(text).replaceAll("").stripTrailing();
        Matcher m = COLON_FORM.matcher(s);
        if (!m.matches()) {
            m = MSVC_FORM.matcher(s);
        }
        if (m.matches()) {
            try {
                int line = Integer.parseInt(m.group("line"));
                int col = m.group("col") == null ? 0 : Integer.parseInt(m.group("col"));
                if (line < 1) {
                    return Optional.empty();
                }
                return Optional.of(new CompilerDiagnostic(DiagnosticSeverity.ofLabel(m.group(SEVERITY_GROUP)),
                        Optional.of(m.group("file").strip()), line, col, Optional.empty(), m.group("msg")));
            } catch (NumberFormatException e) {
                return Optional.empty();
            }
        }
        m = TOOL_FORM.matcher(s);
        if (m.matches()) {
            return Optional.of(new CompilerDiagnostic(DiagnosticSeverity.ofLabel(m.group(2)), Optional.empty(), 0, 0,
                    Optional.of(m.group("tool")), m.group("msg")));
        }
        m = BARE_FORM.matcher(s);
        if (m.matches()) {
            return Optional.of(new CompilerDiagnostic(DiagnosticSeverity.ofLabel(m.group(1)), Optional.empty(), 0, 0,
                    Optional.empty(), m.group("msg")));
        }
        return Optional.empty();
    }

    /** The severity's group number in the located patterns (after file and line, column optional). */
    private static final int SEVERITY_GROUP = 4;

    /**
     * The location as a log names it: {@code src/main/hip/k.cu:74:2}, {@code k.cu:3} without a column,
     * the tool's name without a location, else empty.
     */
    public String where() {
        if (file.isPresent()) {
            return file.get() + ":" + line + (column > 0 ? ":" + column : "");
        }
        return tool.orElse("");
    }

    /** The diagnostic in clang's own shape: {@code file:line:col: error: message} (or {@code tool: error: ...}). */
    public String text() {
        String w = where();
        return (w.isEmpty() ? "" : w + ": ") + severity.label() + ": " + message;
    }
}
