package dev.hipdll.incremental;

import java.nio.file.Path;

/**
 * A step record file ({@code <output>.step.json}) that exists but cannot be taken: it does not parse as a
 * {@link StepRecord} (truncated, edited, not JSON, a required field missing), is larger than a record can be,
 * or cannot be read. The step runs again, and the build warns, naming {@link #file()}: a record that does
 * not parse was not written by this plugin as it is (a record is written atomically after its step
 * succeeded), so it may come from a damaged or tampered build cache.
 */
public final class UnreadableStepRecordException extends Exception {
    private static final long serialVersionUID = 1L;
    /** Not serialized: a {@link Path} is not serializable. */
    private final transient Path file;

    /**
     * @param file    the record file
     * @param problem what is wrong with it, e.g. {@code does not parse (Unexpected end-of-input at line 3)}
     */
    public UnreadableStepRecordException(Path file, String problem) {
        super("the step record " + file + " " + problem);
        this.file = file;
    }

    /** The record file. */
    public Path file() {
        return file;
    }
}
