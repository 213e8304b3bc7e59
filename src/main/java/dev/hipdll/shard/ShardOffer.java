package dev.hipdll.shard;

import java.nio.file.Path;

/**
 * A device compile one shard offers a merge build.
 *
 * @param shard         the shard's name in the log (its directory)
 * @param directory     the shard directory, which holds {@link ShardEntry#file()}
 * @param pluginVersion the plugin version that built the shard
 * @param entry         the step's code object, its digest and its input key
 */
public record ShardOffer(String shard, Path directory, String pluginVersion, ShardEntry entry) {
    /** The code object's file. */
    public Path file() {
        return directory.resolve(entry.file());
    }
}
