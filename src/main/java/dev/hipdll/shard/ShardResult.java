package dev.hipdll.shard;

import java.nio.file.Path;
import java.time.Duration;

/**
 * How a shard build ended.
 *
 * @param directory   the shard directory ({@code target/hipdll/shard/<targets>})
 * @param zip         the same files zipped beside it ({@code shard-<targets>.zip}, {@link ShardArchive}), the artifact
 *                    a Maven repository holds
 * @param manifest    the manifest written there
 * @param stepsRun    the device compiles that ran
 * @param stepsReused the device compiles reused from their records
 * @param elapsed     the build's wall time
 */
public record ShardResult(Path directory, Path zip, ShardManifest manifest, int stepsRun, int stepsReused, Duration elapsed) {
}
