package dev.hipdll.findings;

import java.util.List;
import java.util.Optional;

/**
 * A goal's outcome as a list of {@link Check}s (verify, load-check, doctor): whether it passed, how many
 * checks have a verdict, and one check by id.
 */
public interface CheckResults {
    /** The checks, in the order they ran. */
    List<Check> checks();

    /** Whether no check failed ({@link Verdict#FAIL}); warnings and skips pass. */
    default boolean passed() {
        for (Check c : checks()) {
            if (c.verdict() == Verdict.FAIL) {
                return false;
            }
        }
        return true;
    }

    /** How many checks have {@code verdict}. */
    default long count(Verdict verdict) {
        long n = 0;
        for (Check c : checks()) {
            if (c.verdict() == verdict) {
                n++;
            }
        }
        return n;
    }

    /**
     * One line naming every failed check with its first finding, in report order, for the last line of
     * a failed build (what a CI summary shows): {@code "exports.required: missing required
     * coli_cuda_pipe_sync; paths.build: build path /home/u at 0x1f00 (+2 more)"}. The finding is the
     * check's first detail line, else what it found; each is cut at 200 characters. A {@link Check#capped()
     * capped} list says {@code "(at least N more: the scan stops at its first findings)"}, not a count it
     * does not know. Empty when none failed.
     */
    default String failureSummary() {
        StringBuilder sb = new StringBuilder();
        for (Check c : checks()) {
            if (c.verdict() != Verdict.FAIL) {
                continue;
            }
            String first = c.details().isEmpty() ? c.found() : c.details().get(0);
            if (first.length() > 200) {
                first = first.substring(0, 197) + "...";
            }
            sb.append(sb.length() == 0 ? "" : "; ").append(c.id()).append(": ").append(first);
            if (c.capped()) {
                sb.append(" (at least ").append(c.details().size() - 1).append(" more: the scan stops at its first findings)");
            } else if (c.details().size() > 1) {
                sb.append(" (+").append(c.details().size() - 1).append(" more)");
            }
        }
        return sb.toString();
    }

    /** The check with {@code id}, if it ran. */
    default Optional<Check> check(String id) {
        for (Check c : checks()) {
            if (c.id().equals(id)) {
                return Optional.of(c);
            }
        }
        return Optional.empty();
    }
}
