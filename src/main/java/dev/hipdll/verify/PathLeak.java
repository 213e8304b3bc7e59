package dev.hipdll.verify;

/**
 * One occurrence of a build-machine path inside a file.
 *
 * @param offset   file offset of the first byte, in bytes
 * @param path     the path that was found, as it was given to the scanner
 * @param encoding {@code ASCII} or {@code UTF-16LE}
 * @param context  the printable text around it, for the report
 */
public record PathLeak(long offset, String path, String encoding, String context) {
    @Override
    public String toString() {
        return String.format("0x%X (%s): %s", offset, encoding, context);
    }
}
