package dev.hipdll.digest;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;

/** SHA-256 (FIPS 180-4) digests as 64 lower-case hex digits. */
public final class Sha256 {
    private Sha256() {
    }

    /**
     * The digest of a file's bytes, read in 64 KiB blocks (constant memory).
     *
     * @throws IOException when the file cannot be read
     */
    public static String of(Path file) throws IOException {
        MessageDigest md = newDigest();
        byte[] buf = new byte[1 << 16];
        try (InputStream in = Files.newInputStream(dev.hipdll.io.SpecialFiles.requireRegular(file))) {
            for (int n; (n = in.read(buf)) > 0; ) {
                md.update(buf, 0, n);
            }
        }
        return HexFormat.of().formatHex(md.digest());
    }

    /**
     * The digest of what {@code channel} yields from its position to its end, read in 64 KiB
     * blocks (constant memory); the channel is not closed.
     *
     * @throws IOException when the channel cannot be read
     */
    public static String of(ReadableByteChannel channel) throws IOException {
        MessageDigest md = newDigest();
        ByteBuffer buf = ByteBuffer.allocate(1 << 16);
        while (channel.read(buf) >= 0) {
            buf.flip();
            md.update(buf);
            buf.clear();
        }
        return HexFormat.of().formatHex(md.digest());
    }

    /** The digest of {@code bytes}. */
    public static String of(byte[] bytes) {
        return HexFormat.of().formatHex(newDigest().digest(bytes));
    }

    /** The digest of {@code text} encoded as UTF-8. */
    public static String ofUtf8(String text) {
        return of(text.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * {@code value} as a normalized digest (trimmed, lower case).
     *
     * @throws IllegalArgumentException when it is not 64 hex digits, naming what was given
     */
    public static String parse(String value) {
        String v = value == null ? "" : value.trim().toLowerCase(Locale.ROOT);
        if (!v.matches("[0-9a-f]{64}")) {
            throw new IllegalArgumentException("expected a SHA-256 digest (64 hex digits), got '" + value + "'");
        }
        return v;
    }

    /** A fresh SHA-256 {@link MessageDigest}. */
    public static MessageDigest newDigest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
