package dev.hipdll.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.attestation.SigningKey;
import dev.hipdll.attestation.SigningKeyFile;
import dev.hipdll.attestation.TrustedKey;
import dev.hipdll.attestation.TrustedKeys;
import dev.hipdll.compile.BuildFailedException;
import dev.hipdll.shard.ShardResult;
import dev.hipdll.shard.ShardSet;
import dev.hipdll.testing.Toolchain;
import dev.hipdll.trust.TrustPolicy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A merge build that signs took an unsigned shard (its manifest rewritten consistently around
 * foreign device code), linked it and signed the DLL. Now {@link dev.hipdll.trust.TrustPolicy#mayTake} decides for
 * {@link dev.hipdll.trust.InputPath#SHARD}: signing key and no trusted key fails before anything runs, naming the
 * shard and the parameter; trusted keys take only signed shards; neither takes unsigned shards as before but the
 * result names them as unvouched (so hipdll:build does not claim the DLL as "linked in this build").
 */
class ShardTrustBuildTest {
    @TempDir
    static Path shared;
    static ShardResult unsigned;
    static ShardResult signed;
    static SigningKey key;
    static List<TrustedKey> trusted;

    @TempDir
    Path dir;

    @BeforeAll
    static void buildTheShards() throws Exception {
        Toolchain.require("clang-19", "lld-link-19", "clang-offload-bundler-19");
        Path keys = Path.of(ShardTrustBuildTest.class.getResource("/dev/hipdll/attestation/keys/ec-p256-pkcs8.pem")
                .toURI()).getParent();
        key = SigningKeyFile.load(keys.resolve("ec-p256-pkcs8.pem"), null, "test");
        trusted = TrustedKeys.load(keys.resolve("ec-p256-public.pem"));
        unsigned = project(shared, "unsigned").shard(Optional.empty());
        signed = project(shared, "signed").shard(Optional.of(key));
    }

    private static CoreBuild project(Path in, String name) throws Exception {
        CoreBuild b = new CoreBuild(in.resolve(name)).withExample();
        b.arch = "gfx1151";
        b.outputTimestamp = "2024-01-01T00:00:00Z";
        return b;
    }

    @Test
    void aSigningMergeWithoutTrustedKeysFailsBeforeAnythingRunsNamingTheShardAndTheParameter() throws Exception {
        CoreBuild merge = project(dir, "merge");
        merge.signingKey = Optional.of(key);
        merge.shards = ShardSet.load(List.of(unsigned.directory()), List.of(), false, "test");
        BuildFailedException e = assertThrows(BuildFailedException.class, merge::build);
        assertTrue(e.getMessage().startsWith("hip.shards: this build signs what it makes"), e.getMessage());
        assertTrue(e.getMessage().contains(unsigned.directory().toString()), "names the shard: " + e.getMessage());
        assertTrue(e.getMessage().contains("Set hip.attestation.trustedKeys") && e.getMessage().contains(
                "or build without the signing key"), e.getMessage());
        assertTrue(merge.ran().isEmpty(), "nothing ran: " + merge.log);
        assertFalse(Files.exists(merge.dll()), "no DLL was linked");
        assertFalse(Files.exists(dev.hipdll.attestation.Attestations.fileFor(merge.dll())), "nothing was signed");
    }

    @Test
    void aSigningMergeWithoutTrustedKeysRefusesASignedShardToo() throws Exception {
        // signed, but by whom? No key is trusted, so the signature says nothing
        CoreBuild merge = project(dir, "merge");
        merge.signingKey = Optional.of(key);
        merge.shards = ShardSet.load(List.of(signed.directory()), List.of(), false, "test");
        BuildFailedException e = assertThrows(BuildFailedException.class, merge::build);
        assertTrue(e.getMessage().contains(signed.directory().toString()), e.getMessage());
        assertFalse(Files.exists(merge.dll()));
    }

    @Test
    void withTrustedKeysASigningMergeTakesTheSignedShardAndVouchesForIt() throws Exception {
        CoreBuild merge = project(dir, "merge");
        merge.signingKey = Optional.of(key);
        merge.trust = TrustPolicy.none().withTrustedKeys(trusted);
        merge.shards = ShardSet.load(List.of(signed.directory()), trusted, true, "test");
        merge.build();
        assertTrue(merge.ran().stream().noneMatch(s -> s.startsWith("device compile")), merge.log.toString());
        assertEquals(List.of(), merge.result.unvouched());
        assertTrue(merge.result.attestation().isPresent(), "signed: " + merge.log);
    }

    @Test
    void withTrustedKeysShardsReadFromTheirUnsignedManifestsAreRefused() throws Exception {
        CoreBuild merge = project(dir, "merge");
        merge.trust = TrustPolicy.none().withTrustedKeys(trusted);
        merge.shards = ShardSet.load(List.of(signed.directory()), List.of(), false, "test");
        BuildFailedException e = assertThrows(BuildFailedException.class, merge::build);
        assertTrue(e.getMessage().contains("hip.attestation.trustedKeys is set, but the shards were read from their"
                + " unsigned manifests"), e.getMessage());
        assertFalse(Files.exists(merge.dll()));
    }

    @Test
    void withoutAnyKeyAnUnsignedMergeLinksButNamesTheShardAsUnvouched() throws Exception {
        CoreBuild merge = project(dir, "merge");
        merge.shards = ShardSet.load(List.of(unsigned.directory()), List.of(), false, "test");
        merge.build();
        assertTrue(merge.ran().stream().noneMatch(s -> s.startsWith("device compile")), merge.log.toString());
        assertEquals(List.of(unsigned.directory().toString()), merge.result.unvouched());
        assertTrue(merge.log.stream().anyMatch(l -> l.startsWith("the DLL holds device code from unsigned shard(s)")
                && l.contains("it is not claimed as linked by this build")), merge.log.toString());
        // the taken code objects are not this machine's: the next build does not take them for its own
        Path chain = merge.sources().resolve("backend_cuda.cu");
        Files.writeString(chain, Files.readString(chain) + "\n// edited\n");
        merge.shards = ShardSet.NONE;
        merge.build();
        assertTrue(merge.ran().contains("device compile cuda_chain.cu [gfx1151]"), merge.log.toString());
        assertTrue(merge.reason("device compile cuda_chain.cu [gfx1151]").startsWith("its record was not written on this"
                + " machine (no binding)"), merge.log.toString());
        assertEquals(List.of(), merge.result.unvouched());
    }
}
