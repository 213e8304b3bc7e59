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
 */
public record Check(String id, String title, Verdict verdict, String expected, String found, List<String> details) {
    /** Creates a check; {@code details} is copied. */
    public Check {
        details = List.copyOf(details);
    }

    /** A check without details. */
    public static Check of(String id, String title, Verdict verdict, String expected, String found) {
        return new Check(id, title, verdict, expected, found, List.of());
    }
}
