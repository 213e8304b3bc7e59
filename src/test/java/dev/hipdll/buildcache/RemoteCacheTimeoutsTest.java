package dev.hipdll.buildcache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Build Cache Extension's remote and its timeouts as the extension and Maven Resolver decide them
 *: which remote is asked, which properties set its timeouts, and the warning when nothing does.
 */
class RemoteCacheTimeoutsTest {
    @TempDir
    Path root;

    private Path config(String remote) throws Exception {
        Files.createDirectories(root.resolve(".mvn"));
        return Files.writeString(root.resolve(".mvn/maven-build-cache-config.xml"),
                "<cache xmlns=\"http://maven.apache.org/BUILD-CACHE-CONFIG/1.0.0\"><configuration><enabled>true</enabled>"
                        + remote + "</configuration></cache>");
    }

    @Test
    void theRemoteIsTheOneTheExtensionAsks() throws Exception {
        config("<remote enabled=\"true\" id=\"hipdll-build-cache\"/>");
        Map<String, String> props = new HashMap<>();
        assertEquals(Optional.empty(), CacheRemote.of(root, props::get), "no URL: no remote");
        props.put("maven.build.cache.remote.url", "http://127.0.0.1:9/c");
        assertEquals(Optional.of(new CacheRemote("http://127.0.0.1:9/c", "hipdll-build-cache")), CacheRemote.of(root, props::get));
        props.put("maven.build.cache.remote.server.id", "other");
        assertEquals("other", CacheRemote.of(root, props::get).orElseThrow().id());
        props.put("maven.build.cache.remote.enabled", "false");
        assertEquals(Optional.empty(), CacheRemote.of(root, props::get));
        props.remove("maven.build.cache.remote.enabled");
        props.put("maven.build.cache.enabled", "false");
        assertEquals(Optional.empty(), CacheRemote.of(root, props::get));

        config("<remote><url>https://cache.example.org/x</url></remote>");
        assertEquals(Optional.of(new CacheRemote("https://cache.example.org/x", "cache")), CacheRemote.of(root, k -> null));
        config("<remote enabled=\"false\"><url>https://cache.example.org/x</url></remote>");
        assertEquals(Optional.empty(), CacheRemote.of(root, k -> null));
        Files.writeString(root.resolve(".mvn/maven-build-cache-config.xml"), "<!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]><cache/>");
        assertEquals(Optional.empty(), CacheRemote.of(root, k -> null), "a DOCTYPE is not read");
    }

    @Test
    void perRepositoryThenGlobalThenResolversDefault() {
        CacheRemote r = new CacheRemote("http://127.0.0.1:9/c", "hipdll-build-cache");
        RemoteCacheTimeouts none = RemoteCacheTimeouts.of(r, Map.of());
        assertEquals(Duration.ofMinutes(30), none.request().value());
        assertEquals(Duration.ofSeconds(10), none.connect().value());
        assertTrue(none.warning().orElseThrow().contains("has no request timeout: Maven Resolver waits up to 1800 s for"
                + " each answer") && none.warning().get().contains("-Daether.connector.requestTimeout.hipdll-build-cache="
                + "15000 in .mvn/maven.config"), none.warning().get());

        RemoteCacheTimeouts set = RemoteCacheTimeouts.of(r, Map.of("aether.connector.requestTimeout", "60000",
                "aether.connector.requestTimeout.hipdll-build-cache", "15000", "aether.connector.connectTimeout.hipdll-build-cache",
                5000, "aether.connector.connectTimeout", "x"));
        assertEquals(Optional.empty(), set.warning());
        assertEquals("the build cache's remote http://127.0.0.1:9/c (id hipdll-build-cache) gets 5 s"
                + " (aether.connector.connectTimeout.hipdll-build-cache) to connect and 15 s"
                + " (aether.connector.requestTimeout.hipdll-build-cache) for each answer; a remote that does not answer"
                + " in time is skipped ('Error downloading cache item') and the module is built locally", set.line());

        RemoteCacheTimeouts global = RemoteCacheTimeouts.of(r, Map.of("aether.connector.requestTimeout", "20000",
                "aether.connector.requestTimeout.hipdll-build-cache", "soon"));
        assertEquals("20 s (aether.connector.requestTimeout)", global.request().describe());
        assertTrue(global.line().contains("10 s (Maven Resolver's default) to connect"), global.line());
    }
}
