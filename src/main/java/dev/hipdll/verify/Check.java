package dev.hipdll.verify;

import java.util.List;

/**
 * The result of one verification check: the console table, the JSON report and the JUnit XML
 * report are views of a list of these.
 *
 * @param id       a stable identifier, e.g. {@code imports.allowed}
 * @param title    a short human description, e.g. "imports only allowed DLLs"
 * @param verdict  the outcome
 * @param expected what the check expected, one line
 * @param found    what it found, one line
 * @param details  further lines (every offending name, ...), possibly empty
 * @param capped   whether {@code details} lists only the first findings of a scan that stops at a cap
 *                 ({@code paths.build} stops at {@link PathLeakScanner#MAX_FINDINGS}): there are at least
 *                 that many, maybe more. The reports then say "at least N", never "+N more"
 */
public record Check(String id, String title, Verdict verdict, String expected, String found, List<String> details,
                    boolean capped) {
    /** Creates a check; {@code details} is copied. */
    public Check {
        details = List.copyOf(details);
    }

    /** A check whose details are every finding (not {@link #capped()}). */
    public Check(String id, String title, Verdict verdict, String expected, String found, List<String> details) {
        this(id, title, verdict, expected, found, details, false);
    }

    /** A check without details. */
    public static Check of(String id, String title, Verdict verdict, String expected, String found) {
        return new Check(id, title, verdict, expected, found, List.of());
    }
}
