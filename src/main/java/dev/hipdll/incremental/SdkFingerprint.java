package dev.hipdll.incremental;

/**
 * One HIP SDK item in a stamp: a resolved component ({@code hipcc}, {@code libDir}, ...) or a file
 * inside one ({@code clang}, {@code lld-link}, {@code amdhip64.lib}, each device library).
 *
 * @param name   the component's or file's name, e.g. {@code hipcc}, {@code clang}, {@code deviceLib ocml.bc}
 * @param origin where the component's path came from (e.g. {@code -Dhip.sdkRoot}, {@code HIP_SDK_ROOT})
 * @param path   the absolute path
 * @param file   the file's fingerprint, or {@code null} for a directory (only its path counts)
 * @param hashed whether the content hash decides (hipcc, clang, amdhip64.lib); otherwise size
 *               and modification time do
 */
public record SdkFingerprint(String name, String origin, String path, FileFingerprint file, boolean hashed) {
}
