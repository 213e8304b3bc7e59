package dev.hipdll.incremental;

import java.util.List;
import java.util.Optional;

/**
 * Whether the DLL must be rebuilt, and why.
 *
 * @param reasons why it is rebuilt, most fundamental first ({@code "header include/ops.h changed"},
 *                {@code "hip.arch changed: gfx1151 → gfx1151,gfx1100"}); empty when it is up to date
 * @param checked how many recorded inputs were compared (for the "up to date" line)
 * @param refreshed see {@link #refreshedStamp()}; {@code null} when there is nothing to refresh
 * @param signedAfterBuild whether the DLL differs from the one the build wrote only by its Authenticode signature
 *                  (another tool signed it after the build: its image without the signature has the stamp's
 *                  {@link BuildStamp#unsignedSha256()}); only when up to date
 */
public record StampDecision(List<String> reasons, int checked, BuildStamp refreshed, boolean signedAfterBuild) {
    /** Creates a decision; the list is copied; {@code refreshed} and {@code signedAfterBuild} are dropped unless up to date. */
    public StampDecision {
        reasons = List.copyOf(reasons);
        refreshed = reasons.isEmpty() ? refreshed : null;
        signedAfterBuild = reasons.isEmpty() && signedAfterBuild;
    }

    /** A decision of a DLL as the build wrote it. */
    public StampDecision(List<String> reasons, int checked, BuildStamp refreshed) {
        this(reasons, checked, refreshed, false);
    }

    /** A decision with nothing to refresh. */
    public StampDecision(List<String> reasons, int checked) {
        this(reasons, checked, null);
    }

    /**
     * When up to date although some recorded files have another size or modification time with the
     * same content (they were hashed to tell): the previous stamp with their current size and time,
     * so that writing it back spares the next check hashing them again.
     */
    public Optional<BuildStamp> refreshedStamp() {
        return Optional.ofNullable(refreshed);
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
