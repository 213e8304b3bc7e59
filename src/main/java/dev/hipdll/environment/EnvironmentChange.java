package dev.hipdll.environment;

/**
 * One change the scrub made to the inherited environment (or a notice about it), for the log and
 * for {@code target/hipdll/environment.txt}.
 *
 * @param kind   what happened
 * @param name   the variable, as stored (its inherited case)
 * @param before the value before, or {@code null}; for a PATH entry, the entry
 * @param after  the value after, or {@code null}
 * @param reason why, e.g. "stray HIP variable (pattern HIP_PATH_*)" or "from environmentVariables"
 */
public record EnvironmentChange(Kind kind, String name, String before, String after, String reason) {

    /** The kinds of change. */
    public enum Kind {
        /** A variable was removed. */
        REMOVED,
        /** A variable the scrub would remove was kept because of {@code keepVariables}. */
        KEPT,
        /** An entry of a path list (PATH) was dropped. */
        PATH_ENTRY_REMOVED,
        /** An entry was put at the front of a path list. */
        PATH_ENTRY_ADDED,
        /** A variable was set (or replaced). */
        SET,
        /** Nothing changed, but the user should know (e.g. a PATH entry holding nvcc that was kept). */
        NOTICE
    }

    /** The line for the info log: names and entries, never a variable's value. */
    public String infoLine() {
        return switch (kind) {
            case REMOVED -> "removed " + name + " (" + reason + ")";
            case KEPT -> "kept " + name + " (" + reason + ")";
            case PATH_ENTRY_REMOVED -> "removed from " + name + ": " + before + " (" + reason + ")";
            case PATH_ENTRY_ADDED -> "added to " + name + ": " + after + " (" + reason + ")";
            case SET -> "set " + name + " (" + reason + ")";
            case NOTICE -> "note: " + name + ": " + reason;
        };
    }

    /** The line for the debug log and the saved report: with values. */
    public String detailLine() {
        return switch (kind) {
            case REMOVED, KEPT -> infoLine() + " value was: " + before;
            case SET -> infoLine() + " = " + after + (before == null ? "" : " (was: " + before + ")");
            default -> infoLine();
        };
    }
}
