package dev.hipdll.cli;

/** The command line's exit status, as a CI step reads it. */
public enum ExitCode {
    /** Every check passed (doctor: the setup has no failed item, or {@code hip.doctor.failOnError} is unset). */
    VERIFIED(0),
    /** A check failed: the reports say which. */
    REJECTED(1),
    /** The command line or a parameter's value cannot be used (the message names it); nothing was judged. */
    USAGE(2);

    private final int status;

    ExitCode(int status) {
        this.status = status;
    }

    /** The process exit status: 0, 1 or 2. */
    public int status() {
        return status;
    }
}
