package dev.hipdll.trust;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.host.Host;
import dev.hipdll.host.OsFamily;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The per-user key that binds step records to this machine: where it lives (from the host's
 * environment, never the JVM's), made once with mode 0600, the same key on every later read, a damaged file refused
 * by name, and HMAC-SHA256 as OpenSSL computes it.
 */
class MachineKeyTest {
    @TempDir
    Path dir;

    @Test
    void theKeyLivesInTheUsersCacheDirectoryOfTheHostsEnvironment() {
        assertEquals(Optional.of(Path.of("/home/u/.cache/hipdll/record-key")),
                MachineKey.defaultFile(Host.of(OsFamily.UNIX, Map.of("HOME", "/home/u"))));
        assertEquals(Optional.of(Path.of("/xdg/hipdll/record-key")), MachineKey.defaultFile(Host.of(OsFamily.UNIX,
                Map.of("HOME", "/home/u", "XDG_CACHE_HOME", "/xdg"))));
        // a relative XDG_CACHE_HOME is invalid (XDG Base Directory Specification): ignored
        assertEquals(Optional.of(Path.of("/home/u/.cache/hipdll/record-key")), MachineKey.defaultFile(Host.of(
                OsFamily.UNIX, Map.of("HOME", "/home/u", "XDG_CACHE_HOME", "rel"))));
        assertEquals(Optional.of(Path.of("C:\\Users\\u\\AppData\\Local", "hipdll", "record-key")),
                MachineKey.defaultFile(Host.of(OsFamily.WINDOWS, Map.of("LocalAppData", "C:\\Users\\u\\AppData\\Local",
                        "HOME", "/ignored"))));
        assertEquals(Optional.empty(), MachineKey.defaultFile(Host.of(OsFamily.UNIX, Map.of("PATH", "/bin"))));
    }

    @Test
    void theKeyIsMadeOnceReadableByItsOwnerOnlyAndReadBackTheSame() throws Exception {
        Path f = dir.resolve("cache/hipdll/record-key");
        MachineKey k = MachineKey.loadOrCreate(f);
        assertEquals(MachineKey.BYTES, Files.size(f));
        if (Files.getFileStore(f).supportsFileAttributeView("posix")) {
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(f)));
        }
        byte[] data = "a record".getBytes(StandardCharsets.UTF_8);
        assertEquals(k.mac(data), MachineKey.loadOrCreate(f).mac(data), "the same key on the next read");
        assertNotEquals(k.mac(data), MachineKey.loadOrCreate(dir.resolve("other/record-key")).mac(data),
                "another user's key");
        assertTrue(k.verifies(data, k.mac(data) + "\n"));
        assertFalse(k.verifies(data, k.mac("another record".getBytes(StandardCharsets.UTF_8))));
        assertFalse(k.verifies(data, ""));
        assertFalse(k.verifies(data, null));
        try (var s = Files.list(f.getParent())) {
            assertEquals(1, s.count(), "no temporary file left");
        }
    }

    @Test
    void aKeyFileOfAnotherSizeOrNoFileIsRefusedByName() throws Exception {
        Path f = dir.resolve("record-key");
        Files.write(f, new byte[MachineKey.BYTES + 1]);
        IOException e = assertThrows(IOException.class, () -> MachineKey.loadOrCreate(f));
        assertEquals("the step record key " + f + " has 33 bytes, expected 32 (delete it and the next build makes a"
                + " new one; every step then runs once again)", e.getMessage());
        Path d = dir.resolve("a-directory");
        Files.createDirectories(d);
        e = assertThrows(IOException.class, () -> MachineKey.loadOrCreate(d));
        assertTrue(e.getMessage().startsWith("the step record key " + d + " is not a regular file"), e.getMessage());
    }

    @Test
    void theMacIsHmacSha256() {
        // HMAC-SHA256 of no bytes under 32 zero bytes, as OpenSSL computes it:
        // printf '' | openssl dgst -sha256 -mac HMAC -macopt hexkey:<64 zeros>
        MachineKey k = MachineKey.of(new byte[32], dir.resolve("k"));
        assertEquals("b613679a0814d9ec772f95d778c35fc5ff1697c493715653c6c712144292c5ad", k.mac(new byte[0]));
    }
}
