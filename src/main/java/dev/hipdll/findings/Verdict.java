package dev.hipdll.findings;

/** The outcome of one check. Only {@link #FAIL} fails a verification. */
public enum Verdict {
    PASS, WARN, FAIL, SKIP
}
