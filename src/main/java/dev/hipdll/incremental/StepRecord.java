package dev.hipdll.incremental;

import java.util.List;
import java.util.Map;

/**
 * What one build step was made of when it last succeeded, kept beside its output as
 * {@code <output>.step.json} ({@link StepRecordStore}). A step is reused when all of it still holds
 * ({@link StepReuse}).
 *
 * @param format      the record format, {@link #FORMAT}
 * @param step        the step's id
 * @param command     the executable and arguments, with machine paths replaced by placeholders
 *                    ({@code ${HIP_SDK_ROOT}}, {@code ${project.basedir}})
 * @param environment the SHA-256 of the variables that decide the output ({@link CompilerEnvironment})
 *                    and of the step's own variables
 * @param headers     for a compile, the header files of the project's include places
 *                    ({@link HeaderFiles#summary()} with the whole digest); empty for other steps and in
 *                    records of format 1
 * @param tools       the programs the step runs (hipcc, clang, lld-link, clang-offload-bundler), by name; for a
 *                    device compile also the SDK's device libraries it links ({@code deviceLib ocml.bc}, ...)
 * @param reads       every file the step read: its declared inputs and, for a compile, every header its
 *                    {@code -MD} dependency file lists
 * @param output      the output it wrote: the step's own output file (placeholders in the path) and the
 *                    SHA-256 of what the step wrote there. A record is bound to it: it is reused only
 *                    for the step whose output has this path and this content ({@link StepReuse})
 */
public record StepRecord(int format, String step, List<String> command, String environment, String headers,
                         Map<String, FileFingerprint> tools, List<FileFingerprint> reads, FileFingerprint output) {
    /** The current record format: 2 since the header files are kept (a record of format 1 has none). */
    public static final int FORMAT = 2;

    /**
     * Copies the collections; a missing {@code headers} (format 1) is empty.
     *
     * @throws NullPointerException     when {@code step}, {@code command}, {@code environment}, {@code tools},
     *                                  {@code reads} or {@code output} is missing (a record that does not parse)
     * @throws IllegalArgumentException when a file has no path or one that is no path here (a NUL in it), or the
     *                                  output's SHA-256 is not 64 hex digits
     */
    public StepRecord {
        java.util.Objects.requireNonNull(step, "step");
        java.util.Objects.requireNonNull(environment, "environment");
        java.util.Objects.requireNonNull(output, "output");
        if (output.sha256() == null || !output.sha256().matches("[0-9a-f]{64}")) {
            throw new IllegalArgumentException("the output needs a SHA-256 of 64 hex digits");
        }
        checkPath(output, "the output");
        for (FileFingerprint f : reads) {
            checkPath(f, "a file read");
        }
        for (FileFingerprint f : tools.values()) {
            checkPath(f, "a tool");
        }
        headers = headers == null ? "" : headers;
        command = List.copyOf(command);
        tools = Map.copyOf(tools);
        reads = List.copyOf(reads);
    }

    /** A fingerprint whose path is a path on this machine ({@link java.nio.file.InvalidPathException} is one). */
    private static void checkPath(FileFingerprint f, String what) {
        if (f == null || f.path() == null) {
            throw new IllegalArgumentException(what + " without a path");
        }
        java.nio.file.Path.of(f.path());
    }
}
