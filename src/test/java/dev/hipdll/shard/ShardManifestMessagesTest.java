package dev.hipdll.shard;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * A manifest of the wrong shape names the field, not the plugin's class (a newcomer's {@code {}} shard.json read
 * "Cannot construct instance of `dev.hipdll.shard.ShardManifest`, problem: pluginVersion").
 */
class ShardManifestMessagesTest {
    @Test
    void anEmptyObjectNamesTheMissingFieldNotTheClass() {
        ShardException e = assertThrows(ShardException.class,
                () -> ShardManifest.parse("{}".getBytes(StandardCharsets.UTF_8), "shard/shard.json"));
        assertTrue(e.getMessage().startsWith("shard/shard.json: not a shard manifest (missing or wrong field: "),
                e.getMessage());
        assertFalse(e.getMessage().contains("dev.hipdll"), e.getMessage());
    }
}
