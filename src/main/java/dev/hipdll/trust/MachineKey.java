package dev.hipdll.trust;

import dev.hipdll.host.Host;
import dev.hipdll.io.IoProblem;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Optional;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The per-user secret that binds what this machine wrote to it: a step record's HMAC-SHA256
 * (RFC 2104 with SHA-256, FIPS 198-1) under this key says "written by a build of this user on this machine", which a
 * build cache, a copied {@code target/} or anyone without the file cannot forge. The key is 32 random bytes
 * ({@link SecureRandom}) in a file outside {@code target/} ({@link #defaultFile}), created on first use readable by
 * its owner only (mode 0600 where the file system has POSIX permissions). Thread-safe (every {@link #mac} makes its
 * own {@link Mac}).
 */
public final class MachineKey {
    /** The key file's name in the user's cache directory ({@code <cache>/hipdll/record-key}). */
    public static final String FILE_NAME = "record-key";
    /** The key's length in bytes (the output length of SHA-256, as RFC 2104 recommends). */
    public static final int BYTES = 32;
    private static final String ALGORITHM = "HmacSHA256";

    private final byte[] secret;
    private final Path file;

    private MachineKey(byte[] secret, Path file) {
        this.secret = secret.clone();
        this.file = file;
    }

    /**
     * Where the key lives for the user of {@code host}, from its environment (never the JVM's): on Windows
     * {@code %LOCALAPPDATA%\hipdll\record-key}; elsewhere {@code $XDG_CACHE_HOME/hipdll/record-key} when that is an
     * absolute path (XDG Base Directory Specification), else {@code $HOME/.cache/hipdll/record-key}.
     *
     * @return the file, or empty when the environment names no such directory
     */
    public static Optional<Path> defaultFile(Host host) {
        var env = host.environment();
        if (host.isWindows()) {
            return env.get("LOCALAPPDATA").filter(v -> !v.isBlank())
                    .map(v -> Path.of(v, "hipdll", FILE_NAME));
        }
        Optional<Path> xdg = env.get("XDG_CACHE_HOME").filter(v -> v.startsWith("/")).map(Path::of);
        if (xdg.isPresent()) {
            return Optional.of(xdg.get().resolve("hipdll").resolve(FILE_NAME));
        }
        return env.get("HOME").filter(v -> !v.isBlank()).map(v -> Path.of(v, ".cache", "hipdll", FILE_NAME));
    }

    /**
     * Reads the key at {@code file}, creating it (and its directory) when it does not exist: 32 random bytes, written
     * to a temporary file with mode 0600 and linked into place, so two builds starting at once end with the same key.
     *
     * @param file the key file
     * @return the key
     * @throws IOException when it cannot be created or read, is not a regular file, or is not exactly 32 bytes (the
     *                     message names the file, its size and what to do)
     */
    public static MachineKey loadOrCreate(Path file) throws IOException {
        Path f = file.toAbsolutePath().normalize();
        if (!Files.exists(f, LinkOption.NOFOLLOW_LINKS)) {
            create(f);
        }
        if (!Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS)) {
            throw new IOException("the step record key " + f + " is not a regular file; expected " + BYTES
                    + " random bytes (delete it and the next build makes a new one)");
        }
        long size = Files.size(f);
        if (size != BYTES) {
            throw new IOException("the step record key " + f + " has " + size + " bytes, expected " + BYTES
                    + " (delete it and the next build makes a new one; every step then runs once again)");
        }
        return new MachineKey(Files.readAllBytes(f), f);
    }

    /** A key of the given bytes, for tests. */
    static MachineKey of(byte[] secret, Path file) {
        if (secret.length != BYTES) {
            throw new IllegalArgumentException("a machine key has " + BYTES + " bytes, not " + secret.length);
        }
        return new MachineKey(secret, file);
    }

    private static void create(Path f) throws IOException {
        Files.createDirectories(f.getParent());
        byte[] secret = new byte[BYTES];
        new SecureRandom().nextBytes(secret);
        Path tmp = Files.createTempFile(f.getParent(), FILE_NAME, ".tmp");
        try {
            PosixFileAttributeView posix = Files.getFileAttributeView(tmp, PosixFileAttributeView.class);
            if (posix != null) {
                posix.setPermissions(PosixFilePermissions.fromString("rw-------"));
            }
            Files.write(tmp, secret);
            try {
                Files.createLink(f, tmp);  // atomic and never replaces: another build's key, made at once, wins
            } catch (FileAlreadyExistsException e) {
                // made by another build just now: read below
            } catch (UnsupportedOperationException | IOException e) {
                if (!Files.exists(f, LinkOption.NOFOLLOW_LINKS)) {
                    Files.move(tmp, f);  // a file system without hard links
                }
            }
        } catch (IOException e) {
            throw new IOException("cannot create the step record key " + f + ": " + IoProblem.describe(e), e);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** The key's file. */
    public Path file() {
        return file;
    }

    /** The HMAC-SHA256 of {@code data} under this key, 64 lower-case hex digits. */
    public String mac(byte[] data) {
        try {
            Mac m = Mac.getInstance(ALGORITHM);
            m.init(new SecretKeySpec(secret, ALGORITHM));
            return HexFormat.of().formatHex(m.doFinal(data));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JDK has no " + ALGORITHM, e);  // every Java SE has it
        }
    }

    /** Whether {@code mac} is the HMAC of {@code data} under this key (compared in constant time). */
    public boolean verifies(byte[] data, String mac) {
        byte[] expected = mac(data).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        byte[] given = mac == null ? new byte[0] : mac.strip().getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        return MessageDigest.isEqual(expected, given);
    }

    @Override
    public String toString() {
        return "step record key " + file;
    }
}
