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
 * @param tools       the programs the step runs (hipcc, clang, lld-link, clang-offload-bundler), by name
 * @param reads       every file the step read: its declared inputs and, for a compile, every header its
 *                    {@code -MD} dependency file lists
 * @param output      the output it wrote
 */
public record StepRecord(int format, String step, List<String> command, String environment, String headers,
                         Map<String, FileFingerprint> tools, List<FileFingerprint> reads, FileFingerprint output) {
    /** The current record format: 2 since the header files are kept (a record of format 1 has none). */
    public static final int FORMAT = 2;

    /** Copies the collections; a missing {@code headers} (format 1) is empty. */
    public StepRecord {
        headers = headers == null ? "" : headers;
        command = List.copyOf(command);
        tools = Map.copyOf(tools);
        reads = List.copyOf(reads);
    }
}
