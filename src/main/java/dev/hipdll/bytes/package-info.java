/**
 * Bounded reading of untrusted bytes: {@link dev.hipdll.bytes.ByteSource} (every read bounds-checked), the read
 * budget and limits, and {@link dev.hipdll.bytes.BinaryFormatException} that names the file, the field and the
 * offset.
 * <p>May use: {@code io}.
 */
package dev.hipdll.bytes;
