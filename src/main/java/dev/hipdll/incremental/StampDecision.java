package dev.hipdll.incremental;

import java.util.List;

/**
 * Whether the DLL must be rebuilt, and why.
 *
 * @param reasons why it is rebuilt, most fundamental first ({@code "header include/ops.h changed"},
 *                {@code "hip.arch changed: gfx1151 → gfx1151,gfx1100"}); empty when it is up to date
 * @param checked how many recorded inputs were compared (for the "up to date" line)
 */
public record StampDecision(List<String> reasons, int checked) {
    /** Creates a decision; the list is copied. */
    public StampDecision {
        reasons = List.copyOf(reasons);
    }

    /** Whether nothing changed. */
    public boolean upToDate() {
        return reasons.isEmpty();
    }

    /**
     * The reasons joined with {@code "; "} for one log line: at most {@code limit} of them, then
     * {@code "; and <n> more"} for the rest; empty when up to date.
     *
     * @throws IllegalArgumentException when {@code limit} is less than 1
     */
    public String summary(int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be at least 1, was " + limit);
        }
        return String.join("; ", reasons.subList(0, Math.min(limit, reasons.size())))
                + (reasons.size() > limit ? "; and " + (reasons.size() - limit) + " more" : "");
    }
}
