package dev.hipdll.attestation;

import dev.hipdll.io.IoProblem;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What reading key and certificate files shares: the bounded read of a file and telling PEM from DER. JDK only:
 * verify's trusted keys are read without loading a class of BouncyCastle, whose signed jar takes over half a
 * second to open in a fresh JVM (its signature is checked); {@link BcKeys} is the signing side's.
 */
final class KeyFiles {
    /** The largest key, certificate or key store file read: 1 MiB (a key is a few hundred bytes). */
    static final int MAX_BYTES = 1 << 20;

    private KeyFiles() {
    }

    /**
     * The bytes of a key file, read through a bounded stream, without a leading UTF-8 byte order mark.
     *
     * @param file the file
     * @param role what it is for, for messages ({@code signing key}, {@code trusted key})
     * @throws AttestationException when it is missing, not a regular file, larger than {@link #MAX_BYTES} or unreadable
     */
    static byte[] read(Path file, String role) throws AttestationException {
        if (!Files.exists(file)) {
            throw new AttestationException(role + " " + file + ": no such file");
        }
        if (!Files.isRegularFile(file)) { // a named pipe would block
            throw new AttestationException(role + " " + file + ": " + (Files.isDirectory(file) ? "is a directory"
                    : "is not a regular file") + "; expected a PEM or PKCS#12 file");
        }
        byte[] bytes;
        try (InputStream in = Files.newInputStream(file)) {
            bytes = in.readNBytes(MAX_BYTES + 1);
        } catch (IOException e) {
            throw new AttestationException("cannot read the " + role + " " + file + ": " + IoProblem.describe(e));
        }
        if (bytes.length > MAX_BYTES) {
            throw new AttestationException(role + " " + file + ": more than " + MAX_BYTES + " bytes; a key file has"
                    + " at most " + MAX_BYTES + " bytes");
        }
        // a UTF-8 byte order mark (Windows PowerShell's Out-File -Encoding utf8 writes one before the PEM text);
        // DER starts with 0x30, never with it
        if (bytes.length >= 3 && (bytes[0] & 0xff) == 0xEF && (bytes[1] & 0xff) == 0xBB && (bytes[2] & 0xff) == 0xBF) {
            return java.util.Arrays.copyOfRange(bytes, 3, bytes.length);
        }
        return bytes;
    }

    /** Whether {@code bytes} look like PEM text ({@code -----BEGIN} in the first 64 KiB), not DER. */
    static boolean isPem(byte[] bytes) {
        String head = new String(bytes, 0, Math.min(bytes.length, 64 << 10), StandardCharsets.ISO_8859_1);
        return head.contains("-----BEGIN ");
    }

}
