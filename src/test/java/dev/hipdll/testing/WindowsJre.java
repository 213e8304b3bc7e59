package dev.hipdll.testing;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;

/**
 * The Temurin 17 JRE for Windows x64 that the Windows tier runs (npm {@code @node-plantuml-2/jre-win32-x64@1.1.8},
 * 29 MB, SHA-256 pinned as in {@code scripts/windows-tier}): 40-odd real Windows DLLs built by others. Taken from
 * the Windows tier's cache when it is there ({@code HIPDLL_WINDOWS_TIER_CACHE}, default
 * {@code ~/.cache/hipdll-windows-tier}), else fetched from the npm registry once into the tests' cache
 * ({@code hipdll.testCache}, default {@code ~/.cache/hipdll-test-dlls}) and unpacked with tar. Without network the
 * test is skipped, or under {@code CI=true} fails ({@link Toolchain#missing}).
 */
public final class WindowsJre {
    static final String URL = "https://registry.npmjs.org/@node-plantuml-2/jre-win32-x64/-/jre-win32-x64-1.1.8.tgz";
    static final String SHA256 = "6ab29e67f68543aba53fa1ca7c80c75c0a8b4117cd1bad11bfa25d8913bc6489";

    private WindowsJre() {
    }

    /** The JRE's root directory (holding {@code bin/java.exe}). */
    public static Path get() {
        String home = System.getProperty("user.home");
        Path tier = Path.of(System.getenv().getOrDefault("HIPDLL_WINDOWS_TIER_CACHE", home + "/.cache/hipdll-windows-tier"),
                "jre-win32-x64-1.1.8");
        if (Files.isRegularFile(tier.resolve(".complete"))) {
            return tier;
        }
        Path cache = Path.of(System.getProperty("hipdll.testCache", home + "/.cache/hipdll-test-dlls"));
        Path dir = cache.resolve("jre-win32-x64-1.1.8");
        if (Files.isRegularFile(dir.resolve(".complete"))) {
            return dir;
        }
        try {
            Files.createDirectories(dir);
            Path tgz = cache.resolve("jre-win32-x64-1.1.8.tgz");
            HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(20))
                    .followRedirects(HttpClient.Redirect.NORMAL).build();
            HttpResponse<InputStream> r = http.send(HttpRequest.newBuilder(URI.create(URL)).timeout(Duration.ofMinutes(5))
                    .build(), HttpResponse.BodyHandlers.ofInputStream());
            if (r.statusCode() != 200) {
                Toolchain.missing(URL + " answered HTTP " + r.statusCode());
            }
            try (InputStream in = r.body()) {
                Files.copy(in, tgz, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
            String got = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(tgz)));
            if (!got.equals(SHA256)) {
                throw new AssertionError(URL + " has SHA-256 " + got + ", expected " + SHA256);
            }
            Exec.ok(cache, List.of("tar", "-xzf", tgz.toString(), "-C", dir.toString(), "--strip-components=2", "package/jre"));
            Files.writeString(dir.resolve(".complete"), "");
            return dir;
        } catch (IOException e) {
            Toolchain.missing("the Windows JRE could not be fetched from " + URL + ": " + e);
            throw new AssertionError(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }
}
