package dev.hipdll.findings;

import java.util.ArrayList;
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
 * @param details  further lines (every offending name, ...), possibly empty; under a failed check
 *                 these are the failure's lines (logged at error level)
 * @param capped   whether {@code details} lists only the first findings of a scan that stops at a cap
 *                 ({@code paths.build} stops at {@code dev.hipdll.verify.PathLeakScanner.MAX_FINDINGS}): there are at least
 *                 that many, maybe more. The reports then say "at least N", never "+N more"
 * @param notes    lines that report no problem, e.g. what each GPU that has a code object loads when
 *                 another GPU has none: listed after {@code details} and never logged as errors, also
 *                 under a failed check; possibly empty
 */
public record Check(String id, String title, Verdict verdict, String expected, String found, List<String> details,
                    boolean capped, List<String> notes) {
    /** Creates a check; {@code details} and {@code notes} are copied. */
    public Check {
        details = List.copyOf(details);
        notes = List.copyOf(notes);
    }

    /** A check without notes. */
    public Check(String id, String title, Verdict verdict, String expected, String found, List<String> details,
                 boolean capped) {
        this(id, title, verdict, expected, found, details, capped, List.of());
    }

    /** A check whose details are every finding (not {@link #capped()}), with notes. */
    public Check(String id, String title, Verdict verdict, String expected, String found, List<String> details,
                 List<String> notes) {
        this(id, title, verdict, expected, found, details, false, notes);
    }

    /** A check whose details are every finding (not {@link #capped()}), without notes. */
    public Check(String id, String title, Verdict verdict, String expected, String found, List<String> details) {
        this(id, title, verdict, expected, found, details, false, List.of());
    }

    /** A check without details. */
    public static Check of(String id, String title, Verdict verdict, String expected, String found) {
        return new Check(id, title, verdict, expected, found, List.of());
    }

    /**
     * {@link #details} followed by {@link #notes}: the lines the reports list under a check (the JSON's
     * {@code details}, the JUnit XML's text), bounded by {@link DetailBound}.
     */
    public List<String> allDetails() {
        if (notes.isEmpty()) {
            return details;
        }
        List<String> all = new ArrayList<>(details);
        all.addAll(notes);
        return List.copyOf(all);
    }
}
