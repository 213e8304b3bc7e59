package dev.hipdll.findings;

import java.util.List;
import java.util.Optional;

/**
 * How many detail lines of one check a report shows (one real DLL gave 22,777
 * "decorated" lines, a 4.85 MB log, an 8.86 MB JUnit XML and a 4.46 MB verify.json): the first
 * {@link #max()}, then one line saying how many more there are. The table, {@code verify.json} (whose
 * {@code detailCount} keeps the full count) and the JUnit XML apply the same bound
 * ({@code hip.report.maxDetails}). A {@link Check#capped() capped} list says "at least".
 *
 * @param max the most detail lines shown per check, at least 1
 */
public record DetailBound(int max) {
    /** The default bound, {@value}: {@code hip.report.maxDetails}'s default. */
    public static final int DEFAULT = 50;

    /**
     * @throws IllegalArgumentException when {@code max} is below 1
     */
    public DetailBound {
        if (max < 1) {
            throw new IllegalArgumentException("max " + max + " is below 1");
        }
    }

    /** The default bound. */
    public static DetailBound standard() {
        return new DetailBound(DEFAULT);
    }

    /** The first {@link #max()} detail lines of {@code c} ({@link Check#allDetails()}: its details, then its notes). */
    public List<String> shown(Check c) {
        List<String> all = c.allDetails();
        return all.size() <= max ? all : all.subList(0, max);
    }

    /**
     * The line after the {@link #shown} ones, when there is more to say: {@code "... 22727 more not shown (22777 in
     * all; hip.report.maxDetails=50)"}; for a capped list {@code "... at least 22727 more ..."}, or when all are
     * shown {@code "... the scan stops at its first findings: there may be more"}.
     */
    public Optional<String> tail(Check c) {
        int n = c.allDetails().size();
        if (n > max) {
            return Optional.of("... " + (c.capped() ? "at least " : "") + (n - max) + " more not shown (" + (c.capped()
                    ? "at least " : "") + n + " in all; hip.report.maxDetails=" + max + ")");
        }
        return c.capped() ? Optional.of("... the scan stops at its first findings: there may be more") : Optional.empty();
    }
}
