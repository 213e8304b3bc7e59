package dev.hipdll.contract;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads a contract file (a loader source or an export list) as text, bounded and checked before
 * anything parses it: at most {@link #MAX_BYTES} bytes (the size is checked before reading, and
 * a file that grows while being read is refused); decoded as UTF-8, with a leading byte
 * order mark dropped (Windows editors write one) and a byte sequence that is not UTF-8 (a comment
 * saved as Windows-1252) read as U+FFFD, which matters only where a name is expected; and refused
 * as "not text" when it holds a NUL or another C0 control character than tab, line feed, vertical
 * tab, form feed and carriage return (a binary file, a UTF-16 file), naming the line and column;
 * a file starting with a UTF-16 byte order mark is refused as such. A directory, named pipe,
 * socket or device is refused before it is opened (opening a pipe would wait for a writer).
 */
final class ContractFile {
    /** The largest contract file read: 8 MiB (the example loader is 12 KiB). */
    static final int MAX_BYTES = 8 << 20;

    private ContractFile() {
    }

    /**
     * The text of {@code file}.
     *
     * @param what what the file should be, for messages (e.g. "a C source such as backend_loader.c")
     * @throws ContractException when the file is larger than {@link #MAX_BYTES}, or not text
     * @throws IOException       when it cannot be read
     */
    static String read(Path file, String what) throws IOException, ContractException {
        if (Files.exists(file) && !Files.isRegularFile(file)) {
            // a directory fails later without its name ("Is a directory"); opening a named pipe blocks forever
            throw new ContractException(file + ": " + (Files.isDirectory(file) ? "is a directory"
                    : "is not a regular file (a named pipe, socket or device)") + "; expected " + what);
        }
        long size = Files.size(file);
        if (size > MAX_BYTES) {
            throw new ContractException(file + ": " + size + " bytes; expected " + what + " of at most "
                    + (MAX_BYTES >> 20) + " MiB");
        }
        byte[] bytes = new byte[(int) size + 1]; // one more than the size: a file that grew shows it
        int n;
        try (InputStream in = Files.newInputStream(file)) {
            n = in.readNBytes(bytes, 0, bytes.length);
        }
        if (n > size) {
            throw new ContractException(file + ": changed while being read (" + size + " bytes, then more); expected "
                    + what + " that stays put");
        }
        if (n >= 2 && (bytes[0] == (byte) 0xFF && bytes[1] == (byte) 0xFE
                || bytes[0] == (byte) 0xFE && bytes[1] == (byte) 0xFF)) {
            throw new ContractException(file + ": starts with the UTF-16 byte order mark "
                    + String.format("%02X %02X", bytes[0] & 0xFF, bytes[1] & 0xFF) + "; expected " + what
                    + " as UTF-8 text (save it as UTF-8)");
        }
        // the String constructor replaces every malformed sequence with U+FFFD (and no char[] copy is made)
        return text(file.toString(), new String(bytes, 0, n, StandardCharsets.UTF_8), what);
    }

    /**
     * Checks that {@code text} is text (see the class description) and drops a leading byte order mark.
     *
     * @param source names the text in messages
     * @throws ContractException naming the line and column of the first control character
     */
    static String text(String source, String text, String what) throws ContractException {
        String t = text.startsWith("\uFEFF") ? text.substring(1) : text;
        for (int i = 0; i < t.length(); i++) {
            char c = t.charAt(i);
            if (c < 0x20 && c != '\t' && c != '\n' && c != 0x0B && c != '\f' && c != '\r') {
                throw new ContractException(SourcePosition.of(t, i).in(source) + ": control character 0x"
                        + String.format("%02X", (int) c) + "; expected " + what
                        + " (UTF-8 text; is this a binary or UTF-16 file?)");
            }
        }
        return t;
    }
}
