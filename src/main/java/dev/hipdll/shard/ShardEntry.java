package dev.hipdll.shard;

import dev.hipdll.incremental.StepRecord;
import java.util.Objects;

/**
 * One device compile a shard hands over: the step's id, its code object as a file of the shard
 * directory, that file's SHA-256, and the step's full input key as reuse keeps it ({@link StepRecord}
 * with machine paths as placeholders: command, environment digest, project header list, tool
 * digests, every file read with its digest).
 *
 * @param step   the step's id ({@code BuildStep#id()}, e.g. {@code device:cuda_chain.cu:gfx1151})
 * @param file   the code object, relative to the shard directory, {@code /}-separated, never {@code ..}, a path
 *               on this machine
 * @param sha256 the SHA-256 of that file, 64 lower-case hex digits; checked before the file is used
 * @param key    the step's record as the shard machine wrote it (placeholders in paths)
 */
public record ShardEntry(String step, String file, String sha256, StepRecord key) {
    /**
     * @throws IllegalArgumentException when a field is missing, the file leaves the shard directory or the
     *                                  SHA-256 is not 64 hex digits (a manifest that does not parse)
     */
    public ShardEntry {
        Objects.requireNonNull(step, "step");
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(key, "key");
        if (sha256 == null || !sha256.matches("[0-9a-f]{64}")) {
            throw new IllegalArgumentException("step " + step + ": sha256 must be 64 lower-case hex digits");
        }
        if (file.isEmpty() || file.startsWith("/") || file.contains("\\") || file.contains(":")
                || java.util.Arrays.asList(file.split("/")).contains("..") || !isPath(file)) {
            throw new IllegalArgumentException("step " + step + ": file '" + file + "' is not a relative path inside"
                    + " the shard");
        }
    }

    /** Whether {@code file} is a path on this machine (a NUL, or on Windows {@code <>|?*"}, is none). */
    private static boolean isPath(String file) {
        try {
            java.nio.file.Path.of(file);
            return true;
        } catch (java.nio.file.InvalidPathException e) {
            return false;
        }
    }
}
