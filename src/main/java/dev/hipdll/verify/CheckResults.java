package dev.hipdll.verify;

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
        return checks().stream().noneMatch(c -> c.verdict() == Verdict.FAIL);
    }

    /** How many checks have {@code verdict}. */
    default long count(Verdict verdict) {
        return checks().stream().filter(c -> c.verdict() == verdict).count();
    }

    /** The check with {@code id}, if it ran. */
    default Optional<Check> check(String id) {
        return checks().stream().filter(c -> c.id().equals(id)).findFirst();
    }
}
