package dev.hipdll.pipeline;

import dev.hipdll.attestation.Attestations;
import dev.hipdll.attestation.SigningKey;
import java.util.Objects;
import java.util.Optional;

/**
 * How a build signs what it publishes: a DLL build its attestation ({@code <dll>.intoto.jsonl}, a DSSE envelope over
 * an in-toto Statement v1 with the SLSA provenance v1 predicate, {@link dev.hipdll.attestation.DllAttestor}), a shard
 * build its manifest ({@code shard.dsse.json}, {@link dev.hipdll.shard.ShardWriter}).
 *
 * @param key       the signing key; empty: nothing is signed, and the DLL build says so at INFO with {@code noKeyHint}
 * @param builderId the statement's {@code runDetails.builder.id} (a URI)
 * @param noKeyHint how a key would be configured, for that INFO line (e.g. the settings.xml server and the variables)
 */
public record BuildSigning(Optional<SigningKey> key, String builderId, String noKeyHint) {
    /** Checks that no component is null. */
    public BuildSigning {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(builderId, "builderId");
        Objects.requireNonNull(noKeyHint, "noKeyHint");
    }

    /** No key: nothing is signed; the builder is the plugin's default ({@link Attestations#DEFAULT_BUILDER_ID}). */
    public static BuildSigning unsigned() {
        return new BuildSigning(Optional.empty(), Attestations.DEFAULT_BUILDER_ID, "no signing key configured");
    }
}
