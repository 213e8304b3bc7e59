package dev.hipdll.artifact;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * SHA-256 digests of files, each file read at most once while it is unchanged: one instance serves
 * one build, so the checksum file, the provenance and the build stamp, which all digest the DLL,
 * hipcc, clang, {@code amdhip64.lib} and the sources, share the reads (clang.exe of a real SDK is
 * over 100 MB). A file counts as unchanged while its absolute path, size and modification time are;
 * a changed file is read again. Not thread-safe; not meant to outlive a build.
 */
public final class FileDigests {
    private record Key(Path path, long size, long mtimeMillis) {
    }

    private final Map<Key, String> digests = new HashMap<>();

    /**
     * The digest of {@code file}'s bytes as 64 lower-case hex digits ({@link Sha256#of(Path)}).
     *
     * @throws IOException when the file cannot be read
     */
    public String of(Path file) throws IOException {
        Path p = file.toAbsolutePath().normalize();
        Key key = new Key(p, Files.size(p), Files.getLastModifiedTime(p).toMillis());
        String known = digests.get(key);
        if (known == null) {
            known = Sha256.of(p);
            digests.put(key, known);
        }
        return known;
    }
}
