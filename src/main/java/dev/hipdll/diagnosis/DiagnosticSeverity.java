package dev.hipdll.diagnosis;

/**
 * The level clang (and lld-link) prints before a diagnostic's message: {@code fatal error},
 * {@code error}, {@code warning}, {@code note}, {@code remark} (clang's "Diagnostic flags" and
 * {@code DiagnosticIDs::Level}: Fatal, Error, Warning, Note, Remark).
 */
public enum DiagnosticSeverity {
    /** {@code fatal error:}: the compiler stopped at once. */
    FATAL("fatal error"),
    /** {@code error:}. */
    ERROR("error"),
    /** {@code warning:}. */
    WARNING("warning"),
    /** {@code note:}: context for the diagnostic before it. */
    NOTE("note"),
    /** {@code remark:}: an optimization remark ({@code -R...}). */
    REMARK("remark");

    private final String label;

    DiagnosticSeverity(String label) {
        this.label = label;
    }

    /** The word as clang prints it, e.g. {@code fatal error}. */
    public String label() {
        return label;
    }

    /** Whether the build failed because of it (fatal error or error). */
    public boolean isError() {
        return this == FATAL || this == ERROR;
    }

    /** The severity clang prints as {@code label} (exactly, lower case), or {@code null}. */
    static DiagnosticSeverity ofLabel(String label) {
        for (DiagnosticSeverity s : values()) {
            if (s.label.equals(label)) {
                return s;
            }
        }
        return null;
    }
}
