/**
 * Sharded builds: a shard archive (a manifest and the step outputs of some device compiles) written by one CI
 * machine, and the admission of shards into a merge.
 * <p>May use: {@code attestation}, {@code compile}, {@code digest}, {@code incremental}, {@code io}.
 */
package dev.hipdll.shard;
