package dev.hipdll.environment;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Which notices this machine has already shown (e.g. "PATH entry /usr/local/bin holds nvcc"): a
 * notice is logged at info the first time, at debug after that. Kept in one text file, one SHA-256
 * (hex) of a notice's text per line; a file that cannot be read or written makes every notice new
 * (shown at info), never an error. Files larger than {@link #MAX_BYTES} are ignored as unreadable.
 */
public final class SeenNotices {
    /** The largest file read: 64 KiB, about a thousand notices. */
    public static final long MAX_BYTES = 64 * 1024;

    private final Path file;

    /** @param file where the seen notices are kept, e.g. {@code ~/.m2/hipdll/seen-notices} */
    public SeenNotices(Path file) {
        this.file = file;
    }

    /** The file's default place for the user whose home is {@code userHome}: {@code <home>/.m2/hipdll/seen-notices}. */
    public static Path defaultFile(Path userHome) {
        return userHome.resolve(".m2").resolve("hipdll").resolve("seen-notices");
    }

    /**
     * Whether {@code notice} is shown for the first time on this machine; records it as seen.
     *
     * @return true the first time (and whenever the file cannot be used), false after that
     */
    public boolean firstTime(String notice) {
        String key = sha256(notice);
        Set<String> seen = read();
        if (seen.contains(key)) {
            return false;
        }
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, key + "\n", StandardCharsets.US_ASCII, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        } catch (IOException | RuntimeException e) {
            // not recorded: shown again next time, which is the safe side
        }
        return true;
    }

    private Set<String> read() {
        try {
            if (!Files.isRegularFile(file) || Files.size(file) > MAX_BYTES) {
                return Set.of();
            }
            List<String> lines = Files.readAllLines(file, StandardCharsets.US_ASCII);
            return new HashSet<>(lines);
        } catch (IOException | RuntimeException e) {
            return Set.of();
        }
    }

    private static String sha256(String s) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}
