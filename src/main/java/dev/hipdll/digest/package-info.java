/**
 * SHA-256 of files and streams, checksum files ({@code .sha256}, {@code SHA256SUMS} lists) and how the DLL and its
 * companions are published as artifacts.
 * <p>May use: {@code io}.
 */
package dev.hipdll.digest;
