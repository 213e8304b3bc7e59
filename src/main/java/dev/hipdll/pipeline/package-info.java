/**
 * The build pipeline: one {@link dev.hipdll.pipeline.HipDllBuildRequest} becomes a plan, a graph of steps run in
 * parallel, and a DLL published atomically with its digest, provenance, attestation and stamp (or a shard of the
 * device compiles).
 * <p>May use: {@code attestation}, {@code authenticode}, {@code bundle}, {@code bytes}, {@code compile}, {@code diagnosis},
 * {@code digest}, {@code environment}, {@code gfx}, {@code graph}, {@code host}, {@code incremental}, {@code io},
 * {@code msvc}, {@code parameter}, {@code pe}, {@code process}, {@code provenance}, {@code report}, {@code sdk}, {@code shard},
 * {@code signing}, {@code trust}.
 */
package dev.hipdll.pipeline;
