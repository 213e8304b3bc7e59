package dev.hipdll.shard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.attestation.DsseEnvelope;
import dev.hipdll.attestation.SigningKey;
import dev.hipdll.attestation.SigningKeyFile;
import dev.hipdll.attestation.TrustedKey;
import dev.hipdll.attestation.TrustedKeys;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The adversary's plan for shards, at the reading of a shard directory (no compiler; the
 * build-level cases, a merge that links, are {@code ShardMergeBuildTest} and {@code ShardTrustBuildTest}): whoever
 * writes a shard artifact duplicates, enlarges, rewrites or removes its manifests, under no trusted key and under
 * trusted keys. What a signing build without trusted keys does with any shard (fail) is decided after reading, by
 * {@link dev.hipdll.trust.TrustPolicy#mayTake}.
 */
class ShardAdversaryTest {
    @TempDir
    Path dir;
    SigningKey key;
    List<TrustedKey> trusted;

    @BeforeEach
    void keys() throws Exception {
        Path keys = Path.of(getClass().getResource("/dev/hipdll/attestation/keys/ec-p256-pkcs8.pem").toURI()).getParent();
        key = SigningKeyFile.load(keys.resolve("ec-p256-pkcs8.pem"), null, "test");
        trusted = TrustedKeys.load(keys.resolve("ec-p256-public.pem"));
    }

    /** A shard directory offering {@code steps} (one code object each), its manifest written unsigned and signed. */
    private Path shard(String name, String... steps) throws Exception {
        Path d = dir.resolve(name);
        Files.createDirectories(d.resolve("a.cu"));
        byte[] co = {0x7f, 'E', 'L', 'F', 1, 2, 3};
        Files.write(d.resolve("a.cu/gfx1100.co"), co);
        String sha = dev.hipdll.digest.Sha256.of(co);
        StringBuilder entries = new StringBuilder();
        for (String s : steps) {
            entries.append(entries.length() == 0 ? "" : ",").append("{\"step\":\"").append(s).append("\",\"file\":"
                    + "\"a.cu/gfx1100.co\",\"sha256\":\"").append(sha).append("\",\"key\":{\"format\":2,\"step\":\"")
                    .append(s).append("\",\"command\":[],\"environment\":\"e\",\"tools\":{},\"reads\":[],\"output\":"
                    + "{\"path\":\"o\",\"size\":7,\"mtime\":1,\"sha256\":\"").append(sha).append("\"}}}");
        }
        String json = "{\"format\":1,\"pluginVersion\":\"1\",\"targets\":[\"gfx1100\"],\"steps\":[" + entries + "]}";
        Files.writeString(d.resolve(ShardManifest.FILE_NAME), json);
        Files.writeString(d.resolve(ShardManifest.SIGNED_FILE_NAME), key.sign(new DsseEnvelope(
                ShardManifest.PAYLOAD_TYPE, json.getBytes(StandardCharsets.UTF_8), List.of())).toJson());
        return d;
    }

    @Test
    void aDuplicatedShardOrStepIsOfferedInOrderAndTheSetSaysWhetherItWasSigned() throws Exception {
        Path a = shard("a", "device:a.cu:gfx1100", "device:a.cu:gfx1100");
        for (List<TrustedKey> keys : List.of(List.<TrustedKey>of(), trusted)) {
            ShardSet s = ShardSet.load(List.of(a, a), keys, false, "1");
            // four offers of one step, in the order given: the merge takes the first whose key matches, each refusal named
            assertEquals(4, s.offers("device:a.cu:gfx1100").size());
            assertEquals(!keys.isEmpty(), s.signed(), "only a set read from signed manifests is vouched for");
        }
    }

    @Test
    void anEnlargedManifestIsNotReadUnderEitherConfiguration() throws Exception {
        for (String file : List.of(ShardManifest.FILE_NAME, ShardManifest.SIGNED_FILE_NAME)) {
            Path d = shard("big-" + file, "device:a.cu:gfx1100");
            try (FileChannel f = FileChannel.open(d.resolve(file), StandardOpenOption.WRITE)) {
                f.write(ByteBuffer.wrap(new byte[] {' '}), ShardManifest.MAX_BYTES);  // sparse: 64 MiB + 1
            }
            List<TrustedKey> keys = file.equals(ShardManifest.FILE_NAME) ? List.of() : trusted;
            ShardException e = assertThrows(ShardException.class, () -> ShardSet.load(List.of(d), keys, false, "1"));
            assertTrue(e.getMessage().contains(file + ": " + (ShardManifest.MAX_BYTES + 1) + " bytes, more than a"
                    + " shard manifest can be"), e.getMessage());
        }
    }

    @Test
    void aRewrittenOrRemovedManifestCountsOnlyWithoutTrustedKeys() throws Exception {
        Path d = shard("rewritten", "device:a.cu:gfx1100");
        // the unsigned manifest rewritten to offer another step: read as is without keys, ignored with them
        Path json = d.resolve(ShardManifest.FILE_NAME);
        Files.writeString(json, Files.readString(json).replace("device:a.cu:gfx1100", "device:b.cu:gfx1100"));
        assertFalse(ShardSet.load(List.of(d), List.of(), false, "1").offers("device:b.cu:gfx1100").isEmpty());
        assertTrue(ShardSet.load(List.of(d), trusted, false, "1").offers("device:b.cu:gfx1100").isEmpty());
        // the signed manifest's payload rewritten (its signature kept): refused
        Path signed = d.resolve(ShardManifest.SIGNED_FILE_NAME);
        DsseEnvelope e = DsseEnvelope.parse(Files.readString(signed), signed.toString());
        Files.writeString(signed, new DsseEnvelope(e.payloadType(), new String(e.payload(), StandardCharsets.UTF_8)
                .replace("device:a.cu", "device:b.cu").getBytes(StandardCharsets.UTF_8), e.signatures()).toJson());
        ShardException x = assertThrows(ShardException.class, () -> ShardSet.load(List.of(d), trusted, false, "1"));
        assertTrue(x.getMessage().contains("no signature verifies with a trusted key"), x.getMessage());
        // removed: the signed manifest under trusted keys, the unsigned one without
        Files.delete(signed);
        x = assertThrows(ShardException.class, () -> ShardSet.load(List.of(d), trusted, false, "1"));
        assertTrue(x.getMessage().contains(ShardManifest.SIGNED_FILE_NAME + ": missing"), x.getMessage());
        Files.delete(json);
        x = assertThrows(ShardException.class, () -> ShardSet.load(List.of(d), List.of(), false, "1"));
        assertTrue(x.getMessage().contains(ShardManifest.FILE_NAME + ": missing"), x.getMessage());
    }

    /**
     * Item 10 (found by {@code ShardManifestFuzzTest}): a shard zip whose end record points past the file
     * made java.util.zip throw an {@link java.io.EOFException} without a message, out of the build as a bare I/O
     * error; now it is a {@link ShardException} naming the zip.
     */
    @Test
    void aZipWhoseRecordsRunPastItsEndIsNoShardByName() throws Exception {
        Path zip = Path.of(getClass().getResource("/dev/hipdll/fuzz/shardManifest/end-record-past-the-end.zip").toURI());
        ShardException e = assertThrows(ShardException.class, () -> ShardArchive.unzip(zip, dir.resolve("out"), trusted));
        assertEquals(zip + ": not a zip file (it ends before the records it declares)", e.getMessage());
    }
}
