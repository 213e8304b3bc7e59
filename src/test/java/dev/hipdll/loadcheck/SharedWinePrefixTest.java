package dev.hipdll.loadcheck;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.process.ProcessRunner;
import dev.hipdll.testing.Await;
import dev.hipdll.testing.Toolchain;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One Wine prefix per user and Wine version, shared by every project and standalone load
 * check, used by one load check at a time (its {@code wineserver -k} must not stop another's program).
 */
class SharedWinePrefixTest {
    @TempDir
    Path dir;

    @Test
    void thePrefixIsUnderTheUsersCacheNamedByTheWineVersion() {
        Path home = Path.of("/home/ana");
        assertEquals(Path.of("/home/ana/.cache/hipdll/wine-prefixes/wine-8.0-debian-8.0-repack-4"),
                SharedWinePrefix.location(Map.of(), home, "wine-8.0 (Debian 8.0~repack-4)"));
        assertEquals(Path.of("/xdg/hipdll/wine-prefixes/wine-9.0"),
                SharedWinePrefix.location(Map.of("XDG_CACHE_HOME", "/xdg"), home, "wine-9.0"));
        assertEquals(Path.of("/home/ana/.cache/hipdll/wine-prefixes/wine-9.0"),
                SharedWinePrefix.location(Map.of("XDG_CACHE_HOME", "relative/cache"), home, "wine-9.0"),
                "a relative XDG_CACHE_HOME is ignored, as the XDG specification says");
        assertEquals("wine-unknown", SharedWinePrefix.directoryName(" ../// "));
        assertEquals("wine-10.0-staging", SharedWinePrefix.directoryName("wine-10.0 (Staging)"));
    }

    @Test
    void theWineVersionIsWineSOwnFirstLine() throws Exception {
        Toolchain.require("wine");
        String version = SharedWinePrefix.wineVersion("wine", System.getenv(), new ProcessRunner(Duration.ofSeconds(60)));
        assertTrue(version.startsWith("wine-"), version);
    }

    @Test
    void aWineThatCannotStartIsNamedWithTheWayOut() {
        LoadCheckException e = assertThrows(LoadCheckException.class, () -> SharedWinePrefix.wineVersion(
                dir.resolve("no-wine").toString(), System.getenv(), new ProcessRunner(Duration.ofSeconds(10))));
        assertTrue(e.getMessage().startsWith("cannot ask " + dir.resolve("no-wine") + " its version ("), e.getMessage());
        assertTrue(e.getMessage().contains("-Dhip.loadCheck.winePrefix"), e.getMessage());
    }

    @Test
    void aSecondUseWaitsUntilTheFirstHasStoppedItsServer() throws Exception {
        Path prefix = Files.createDirectories(dir.resolve("prefix"));
        Files.writeString(prefix.resolve(WinePrefix.STAMP), "made by the test\n");
        Path stops = dir.resolve("stops.txt");
        Path wineserver = Files.writeString(dir.resolve("wineserver"),
                "#!/bin/sh\necho stop >> '" + stops + "'\n", StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(wineserver, PosixFilePermissions.fromString("rwxr-xr-x"));
        WinePrefix shared = new WinePrefix(new Launcher.Wine("wine", wineserver.toString(), prefix),
                new ProcessRunner(Duration.ofSeconds(30)));

        List<String> secondLog = new CopyOnWriteArrayList<>();
        CountDownLatch secondHolds = new CountDownLatch(1);
        AtomicReference<List<String>> stopsSeenBySecond = new AtomicReference<>();
        Thread second;
        try (WinePrefix.Use first = shared.use(Map.of(), "pid 1 (first)", line -> { })) {
            assertFalse(first.created(), "a complete prefix is reused");
            second = new Thread(() -> {
                try (WinePrefix.Use use = shared.use(Map.of(), "pid 2 (second)", secondLog::add)) {
                    stopsSeenBySecond.set(Files.exists(stops) ? Files.readAllLines(stops) : List.of());
                    secondHolds.countDown();
                } catch (Exception e) {
                    secondLog.add("failed: " + e);
                }
            });
            second.start();
            Await.until(() -> !secondLog.isEmpty(), "the second use to say it waits", secondLog::toString);
            assertEquals(1, secondHolds.getCount(), "the second use got the prefix while the first held it");
        }
        assertTrue(secondHolds.await(2, TimeUnit.MINUTES), "the second use never got the prefix: " + secondLog);
        second.join(120_000);
        assertEquals(List.of("waiting for another load check to finish with the Wine prefix " + prefix
                + " (it holds " + dir.resolve("prefix.lock") + ": pid 1 (first))"), secondLog);
        assertEquals(List.of("stop"), stopsSeenBySecond.get(), "the first use's wineserver -k ran before the second began");
        assertEquals(List.of("stop", "stop"), Files.readAllLines(stops));
    }
}
