package dev.hipdll.attestation;

import dev.hipdll.io.IoProblem;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The lines of an attestation bundle ({@code <dll>.intoto.jsonl}, in-toto/attestation {@code spec/v1/bundle.md}):
 * one DSSE envelope per line; blank lines are skipped. Read whole, at most {@link #MAX_BYTES}.
 */
public final class AttestationBundle {
    /** The largest bundle read: 16 MiB (hipdll's one envelope is a few KiB per source and SDK component). */
    public static final int MAX_BYTES = 16 << 20;

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

    /**
     * The non-blank lines of {@code file}.
     *
     * @throws AttestationException when it is not a regular file, is larger than {@link #MAX_BYTES} or cannot be read
     */
    public static List<Line> read(Path file) throws AttestationException {
        if (!Files.isRegularFile(file)) { // a named pipe would block
            throw new AttestationException(file + ": " + (Files.isDirectory(file) ? "is a directory"
                    : Files.exists(file) ? "is not a regular file" : "no such file") + "; expected an .intoto.jsonl file");
        }
        byte[] bytes;
        try {
            long size = Files.size(file);
            if (size > MAX_BYTES) {
                throw new AttestationException(file + ": " + size + " bytes; an attestation bundle has at most "
                        + MAX_BYTES + " bytes");
            }
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new AttestationException("cannot read " + file + ": " + IoProblem.describe(e));
        }
        List<Line> lines = new ArrayList<>();
        String[] split = new String(bytes, StandardCharsets.UTF_8).split("\n", -1);
        for (int i = 0; i < split.length; i++) {
            String text = split[i].endsWith("\r") ? split[i].substring(0, split[i].length() - 1) : split[i];
            if (!text.isBlank()) {
                lines.add(new Line(i + 1, text));
            }
        }
        return lines;
    }
}
