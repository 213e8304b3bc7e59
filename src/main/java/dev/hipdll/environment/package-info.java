/**
 * The scrubbed environment the compiler runs in: the scrub policy, the variable classes it removes (ROCm, HIP,
 * CUDA, compiler-steering, code-running), the classification of {@code PATH} entries and the report of what was
 * changed.
 * <p>May use: {@code host}, {@code io}.
 */
package dev.hipdll.environment;
