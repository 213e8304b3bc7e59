package dev.hipdll.attestation;

import dev.hipdll.io.IoProblem;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The lines of an attestation bundle ({@code <dll>.intoto.jsonl}, in-toto/attestation {@code spec/v1/bundle.md}):
 * one DSSE envelope per line; blank lines are skipped; a UTF-8 byte order mark at the start is skipped (Windows
 * PowerShell's {@code Out-File -Encoding utf8} writes one), line ends may be LF or CRLF. Read through a bounded
 * stream, never more than {@link AttestationLimits#maxBytes()} plus one byte, and held whole while it is checked.
 */
public final class AttestationBundle {
    private AttestationBundle() {
    }

    /**
     * One non-blank line.
     *
     * @param number its line number, from 1
     * @param text   the line, without its line end
     */
    public record Line(int number, String text) {
    }

    /** The non-blank lines of {@code file} within the {@link AttestationLimits#DEFAULT default limits}. */
    public static List<Line> read(Path file) throws AttestationException {
        return read(file, AttestationLimits.DEFAULT);
    }

    /**
     * The non-blank lines of {@code file}.
     *
     * @param limits its {@link AttestationLimits#maxBytes() size} and {@link AttestationLimits#maxEnvelopes()
     *               envelope} bounds
     * @throws AttestationException when it is not a regular file, holds more bytes or non-blank lines than
     *                              {@code limits} allow (naming the limit and its parameter), is UTF-16 text, or
     *                              cannot be read
     */
    public static List<Line> read(Path file, AttestationLimits limits) throws AttestationException {
        if (!Files.isRegularFile(file)) { // a named pipe would block
            throw new AttestationException(file + ": " + (Files.isDirectory(file) ? "is a directory"
                    : Files.exists(file) ? "is not a regular file" : "no such file") + "; expected an .intoto.jsonl file");
        }
        byte[] bytes;
        try (InputStream in = Files.newInputStream(file)) {
            bytes = in.readNBytes((int) limits.maxBytes() + 1);
        } catch (IOException e) {
            throw new AttestationException("cannot read " + file + ": " + IoProblem.describe(e));
        }
        if (bytes.length > limits.maxBytes()) {
            String size;
            try {
                size = Files.size(file) + " bytes";
            } catch (IOException e) {
                size = "more than " + limits.maxBytes() + " bytes";
            }
            throw new AttestationException(file + ": " + size + "; an attestation bundle is read up to "
                    + limits.maxBytes() + " bytes (" + limits.describeMaxBytes() + "; hipdll:build writes a few KiB)");
        }
        int start = 0;
        if (bytes.length >= 3 && (bytes[0] & 0xff) == 0xEF && (bytes[1] & 0xff) == 0xBB && (bytes[2] & 0xff) == 0xBF) {
            start = 3; // UTF-8 byte order mark
        } else if (bytes.length >= 2 && ((bytes[0] & 0xff) == 0xFF && (bytes[1] & 0xff) == 0xFE
                || (bytes[0] & 0xff) == 0xFE && (bytes[1] & 0xff) == 0xFF)) {
            throw new AttestationException(file + ": UTF-16 text (byte order mark " + String.format("%02X %02X",
                    bytes[0] & 0xff, bytes[1] & 0xff) + "); expected UTF-8 JSON lines (PowerShell: Out-File -Encoding"
                    + " utf8)");
        }
        List<int[]> ranges = new ArrayList<>(); // {line number, from, to}, without the line end
        int number = 0;
        int from = start;
        for (int i = start; i <= bytes.length; i++) {
            if (i == bytes.length || bytes[i] == '\n') {
                number++;
                int to = i > from && bytes[i - 1] == '\r' ? i - 1 : i;
                if (!blank(bytes, from, to)) {
                    if (ranges.size() == limits.maxEnvelopes()) {
                        throw new AttestationException(file + ": more than " + limits.maxEnvelopes() + " envelopes"
                                + " (non-blank lines, the next at line " + number + "); an attestation bundle is checked"
                                + " with at most " + limits.maxEnvelopes() + " (" + AttestationLimits.MAX_ENVELOPES
                                + "); none was checked");
                    }
                    ranges.add(new int[] {number, from, to});
                }
                from = i + 1;
            }
        }
        List<Line> lines = new ArrayList<>(ranges.size());
        for (int[] r : ranges) {
            lines.add(new Line(r[0], new String(bytes, r[1], r[2] - r[1], StandardCharsets.UTF_8)));
        }
        return lines;
    }

    /** Whether {@code bytes[from, to)} is only ASCII white space (what {@link String#isBlank} sees in ASCII). */
    private static boolean blank(byte[] bytes, int from, int to) {
        for (int i = from; i < to; i++) {
            int b = bytes[i] & 0xff;
            if (!(b == ' ' || b >= 0x09 && b <= 0x0d || b >= 0x1c && b <= 0x1f)) {
                return false;
            }
        }
        return true;
    }
}
