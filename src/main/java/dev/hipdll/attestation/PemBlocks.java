package dev.hipdll.attestation;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The blocks of a PEM file (RFC 7468 "Textual Encodings of PKIX, PKCS, and CMS Structures"): each
 * {@code -----BEGIN <label>-----} ... {@code -----END <label>-----} with its base64 content decoded; text
 * between blocks is ignored (RFC 7468 section 5.2: explanatory text), as are header lines ({@code Name: value},
 * RFC 1421's, which only legacy encrypted private keys carry). JDK only, so that verify's trusted keys load
 * without BouncyCastle (whose signed jar takes over half a second to open in a fresh JVM).
 */
final class PemBlocks {
    private static final Pattern BEGIN = Pattern.compile("^-----BEGIN ([A-Z0-9 ]+)-----\\s*$");

    private PemBlocks() {
    }

    /**
     * One block.
     *
     * @param label the label, e.g. {@code PUBLIC KEY}, {@code CERTIFICATE}
     * @param der   the decoded content
     * @param line  the line of its BEGIN, from 1
     */
    record Block(String label, byte[] der, int line) {
    }

    /**
     * The blocks of {@code bytes}.
     *
     * @param file where they were read, for messages
     * @param role what the file is for, for messages
     * @throws AttestationException when a block has no matching END line or its content is not base64
     */
    static List<Block> read(byte[] bytes, Path file, String role) throws AttestationException {
        String[] lines = new String(bytes, StandardCharsets.ISO_8859_1).split("\r\n|\r|\n", -1);
        List<Block> blocks = new ArrayList<>();
        for (int i = 0; i < lines.length; i++) {
            Matcher begin = BEGIN.matcher(lines[i]);
            if (!begin.matches()) {
                continue;
            }
            String label = begin.group(1);
            String end = "-----END " + label + "-----";
            StringBuilder base64 = new StringBuilder();
            int start = i + 1;
            int j = i + 1;
            while (j < lines.length && !lines[j].strip().equals(end)) {
                if (!lines[j].contains(":")) {
                    base64.append(lines[j].strip());
                }
                j++;
            }
            if (j == lines.length) {
                throw new AttestationException(role + " " + file + ": line " + start + ": -----BEGIN " + label
                        + "----- without " + end);
            }
            try {
                blocks.add(new Block(label, Base64.getDecoder().decode(base64.toString()), start));
            } catch (IllegalArgumentException e) {
                throw new AttestationException(role + " " + file + ": line " + start + ": the " + label
                        + " block is not base64");
            }
            i = j;
        }
        return blocks;
    }
}
