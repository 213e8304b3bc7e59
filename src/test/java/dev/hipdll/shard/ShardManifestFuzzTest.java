package dev.hipdll.shard;

import dev.hipdll.attestation.DsseEnvelope;
import dev.hipdll.attestation.SigningKey;
import dev.hipdll.attestation.SigningKeyFile;
import dev.hipdll.attestation.TrustedKey;
import dev.hipdll.attestation.TrustedKeys;
import dev.hipdll.testing.ReaderFuzz;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shard readers under seeded mutants ({@link ReaderFuzz}): a shard's {@code shard.json} in the
 * bytes {@link ShardManifest#toJson} writes (two steps, the record of each), its signed {@code shard.dsse.json} (EC
 * P-256 test key), and the shard zipped by {@link ShardArchive#zip}, mutated anywhere (JSON tokens in the
 * dictionary). A mutated manifest is loaded as a build loads a shard directory ({@link ShardSet#load}, without
 * trusted keys for {@code shard.json}, with the key trusted for the signed one); a mutated zip is unpacked
 * ({@link ShardArchive#unzip}, key trusted) and loaded. Only {@link ShardException} may come out.
 */
@Tag("fuzz")
class ShardManifestFuzzTest {
    @TempDir
    Path dir;

    @Test
    void mutantsOfShardManifestsAndZipsLoadOrFailByName() throws Exception {
        Path keys = Path.of(getClass().getResource("/dev/hipdll/attestation/keys/ec-p256-pkcs8.pem").toURI()).getParent();
        SigningKey key = SigningKeyFile.load(keys.resolve("ec-p256-pkcs8.pem"), null, "test");
        List<TrustedKey> trusted = TrustedKeys.load(keys.resolve("ec-p256-public.pem"));
        Path shard = Files.createDirectories(dir.resolve("seed/a.cu"));
        byte[] co = {0x7f, 'E', 'L', 'F', 1, 2, 3};
        Files.write(shard.resolve("gfx1100.co"), co);
        String sha = dev.hipdll.digest.Sha256.of(co);
        StringBuilder entries = new StringBuilder();
        for (String s : List.of("device:a.cu:gfx1100", "device:b.cu:gfx1100")) {
            entries.append(entries.length() == 0 ? "" : ",").append("{\"step\":\"").append(s).append("\",\"file\":"
                    + "\"a.cu/gfx1100.co\",\"sha256\":\"").append(sha).append("\",\"key\":{\"format\":2,\"step\":\"")
                    .append(s).append("\",\"command\":[\"clang\",\"-c\"],\"environment\":\"e\",\"tools\":{\"clang\":{\"path\":\"c\",\"size\":1,\"mtime\":1,\"sha256\":\"")
                    .append(sha).append("\"}},\"reads\":[],\"output\":{\"path\":\"o\",\"size\":7,\"mtime\":1,\"sha256\":\"")
                    .append(sha).append("\"}}}");
        }
        byte[] json = ShardManifest.parse(("{\"format\":1,\"pluginVersion\":\"1\",\"targets\":[\"gfx1100\"],\"steps\":["
                + entries + "]}").getBytes(StandardCharsets.UTF_8), "seed").toJson();  // the writer's own bytes
        Path root = shard.getParent();
        Files.write(root.resolve(ShardManifest.FILE_NAME), json);
        String signed = key.sign(new DsseEnvelope(ShardManifest.PAYLOAD_TYPE, json, List.of())).toJson();
        Files.writeString(root.resolve(ShardManifest.SIGNED_FILE_NAME), signed);
        Path zip = dir.resolve("shard.zip");
        ShardArchive.zip(root, zip);
        List<String> tokens = List.of("\"", "\\", "{", "}", "[", "]", ":", ",", "null", "-1", "1e999999", "../", "/",
                "\"file\":\"../../x\"", "\"steps\":[]", "\"format\":2", "PK\u0001\u0002", "PK\u0005\u0006");
        List<ReaderFuzz.Seed> seeds = List.of(ReaderFuzz.Seed.whole(ShardManifest.FILE_NAME, json, tokens),
                ReaderFuzz.Seed.whole(ShardManifest.SIGNED_FILE_NAME, signed.getBytes(StandardCharsets.UTF_8), tokens),
                ReaderFuzz.Seed.whole("shard.zip", Files.readAllBytes(zip), tokens));
        Path work = dir.resolve("work");
        ReaderFuzz.run("shardManifest", 20261214L, seeds, (name, bytes) -> {
            if (name.endsWith(".zip")) {
                Path m = Files.write(dir.resolve("mutant.zip"), bytes);
                ShardArchive.unzip(m, work, trusted);
                return ShardSet.load(List.of(work), trusted, false, "1").signed();
            }
            Path d = dir.resolve("mutant");
            if (!Files.isDirectory(d)) {
                Files.createDirectories(d.resolve("a.cu"));
                Files.write(d.resolve("a.cu/gfx1100.co"), co);
            }
            boolean isSigned = name.endsWith(ShardManifest.SIGNED_FILE_NAME);
            Files.write(d.resolve(ShardManifest.FILE_NAME), isSigned ? json : bytes);
            Files.write(d.resolve(ShardManifest.SIGNED_FILE_NAME), isSigned ? bytes : signed.getBytes(StandardCharsets.UTF_8));
            return ShardSet.load(List.of(d), isSigned ? trusted : List.of(), false, "1").signed();
        }, ShardException.class);
    }
}
