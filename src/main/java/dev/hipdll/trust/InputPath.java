package dev.hipdll.trust;

/**
 * Every way bytes from outside a run reach a verdict or a DLL. The trust of each is decided in
 * one place, {@link TrustPolicy}; docs/verify.md's threat model is a table over (trust configuration × input path).
 */
public enum InputPath {
    /** A DLL given to verify ({@code hip.dll}), built elsewhere or by this build. */
    DLL("a DLL given to verify"),
    /** A PE file inside a release package ({@code hip.package}): its backend(s) and redistributed files. */
    PACKAGE_FILE("a file of a release package"),
    /** A shard's code objects taken by a merge build ({@code hip.shards}). */
    SHARD("a shard taken by a merge"),
    /** A step's output and record found in {@code target/} that this machine did not write (a build cache). */
    STEP_RECORD("a step record this machine did not write"),
    /** An attestation bundle ({@code <dll>.intoto.jsonl}, {@code hip.attestation}). */
    ATTESTATION("an attestation bundle");

    private final String description;

    InputPath(String description) {
        this.description = description;
    }

    /** A few words for messages and the docs' matrix, e.g. "a shard taken by a merge". */
    public String description() {
        return description;
    }
}
