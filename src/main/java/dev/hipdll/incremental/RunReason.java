package dev.hipdll.incremental;

import java.util.Objects;
import java.util.Optional;

/**
 * Why a build step runs instead of being reused ({@link StepReuse}).
 *
 * @param reason  the reason for the step's progress line, in the user's terms, e.g. {@code source
 *                cuda_chain.cu changed} or {@code its record does not match its output}
 * @param warning for a record that cannot be trusted (it names another step or another output, or its
 *                output is not the file it was made for): the sentence to warn with, naming the record
 *                file and the output; empty for an ordinary change
 */
public record RunReason(String reason, Optional<String> warning) {
    /** Checks that both are given. */
    public RunReason {
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(warning, "warning");
    }

    /** An ordinary reason, without a warning. */
    public static RunReason of(String reason) {
        return new RunReason(reason, Optional.empty());
    }

    /** A record that cannot be trusted: the step runs, and the build warns with {@code warning}. */
    public static RunReason untrusted(String reason, String warning) {
        return new RunReason(reason, Optional.of(warning));
    }
}
