package dev.hipdll.shard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Shard names are classifiers; a shard zip cannot write outside its directory; a manifest that is not one is named. */
class ShardNamesTest {
    @TempDir
    Path dir;

    @Test
    void aShardNameIsAClassifierOfLettersDigitsDashesAndUnderscores() {
        assertEquals("gfx1100_gfx1151", ShardWriter.name(List.of("gfx1100", "gfx1151")));
        assertEquals("gfx90a-xnackon-sramecc_off_gfx942-xnackoff",
                ShardWriter.name(List.of("gfx90a:xnack+:sramecc_off", "gfx942:xnack-")));
        assertTrue(ShardWriter.name(List.of("gfx90a:xnack+", "gfx942:sramecc-")).matches("[A-Za-z0-9_-]+"));
    }

    @Test
    void aZipEntryLeavingTheShardDirectoryIsRefused() throws Exception {
        Path zip = dir.resolve("evil.zip");
        try (ZipOutputStream z = new ZipOutputStream(Files.newOutputStream(zip))) {
            z.putNextEntry(new ZipEntry("../escaped.txt"));
            z.write(1);
            z.closeEntry();
        }
        ShardException e = assertThrows(ShardException.class, () -> ShardArchive.unzip(zip, dir.resolve("out")));
        assertTrue(e.getMessage().contains("entry '../escaped.txt' leaves the shard directory"), e.getMessage());
        assertTrue(Files.notExists(dir.resolve("escaped.txt")));
    }

    @Test
    void aZipEntryThatIsNoPathHereIsRefusedByName() throws Exception {
        Path zip = dir.resolve("nul.zip");
        try (ZipOutputStream z = new ZipOutputStream(Files.newOutputStream(zip))) {
            z.putNextEntry(new ZipEntry("a.cu/gfx1100.co\u0000x"));
            z.write(1);
            z.closeEntry();
        }
        // was an InvalidPathException out of hipdll:build, which names neither the zip nor the entry
        ShardException e = assertThrows(ShardException.class, () -> ShardArchive.unzip(zip, dir.resolve("out")));
        assertTrue(e.getMessage().startsWith(zip + ": entry 'a.cu/gfx1100.co\\x00x' is no path here"), e.getMessage());
    }

    @Test
    void withTrustedKeysAZipIsUnpackedOnlyAfterItsSignatureVerifiesAndOnlyWhatItsSignedManifestNames() throws Exception {
        Path keys = Path.of(getClass().getResource("/dev/hipdll/attestation/keys/ec-p256-pkcs8.pem").toURI()).getParent();
        var trusted = dev.hipdll.attestation.TrustedKeys.load(keys.resolve("ec-p256-public.pem"));
        var key = dev.hipdll.attestation.SigningKeyFile.load(keys.resolve("ec-p256-pkcs8.pem"), null, "test");
        byte[] co = {0x7f, 'E', 'L', 'F', 1, 2, 3};
        String json = manifest(co);
        String signed = key.sign(new dev.hipdll.attestation.DsseEnvelope(ShardManifest.PAYLOAD_TYPE, json.getBytes(),
                List.of())).toJson();
        byte[] zeros = new byte[8 << 20];  // stands for a zip bomb: what the signer did not name is never written

        Path forged = dir.resolve("forged.zip");
        zip(forged, ShardManifest.SIGNED_FILE_NAME, signed.replace("\"sig\":\"", "\"sig\":\"AAAA").getBytes(),
                "a.cu/gfx1100.co", co, "padding.bin", zeros);
        ShardException e = assertThrows(ShardException.class, () -> ShardArchive.unzip(forged, dir.resolve("f"), trusted));
        assertTrue(e.getMessage().contains("no signature verifies with a trusted key"), e.getMessage());
        assertTrue(Files.notExists(dir.resolve("f/padding.bin")) && Files.notExists(dir.resolve("f/a.cu")),
                "nothing is unpacked before the signature verifies");

        Path padded = dir.resolve("padded.zip");
        zip(padded, ShardManifest.SIGNED_FILE_NAME, signed.getBytes(), "a.cu/gfx1100.co", co, "padding.bin", zeros);
        ShardArchive.unzip(padded, dir.resolve("p"), trusted);
        assertTrue(java.util.Arrays.equals(co, Files.readAllBytes(dir.resolve("p/a.cu/gfx1100.co"))));
        assertTrue(Files.notExists(dir.resolve("p/padding.bin")), "what the signed manifest does not name is not unpacked");

        Path big = dir.resolve("big.zip");
        zip(big, ShardManifest.SIGNED_FILE_NAME, signed.getBytes(), "a.cu/gfx1100.co", zeros);
        ShardException b = assertThrows(ShardException.class, () -> ShardArchive.unzip(big, dir.resolve("b"), trusted));
        assertTrue(b.getMessage().contains("entry 'a.cu/gfx1100.co' unpacks to more than the 7 bytes its manifest"
                + " names"), b.getMessage());
    }

    /** A shard manifest naming one code object, {@code a.cu/gfx1100.co}, with {@code co}'s size and digest. */
    private static String manifest(byte[] co) {
        return "{\"format\":1,\"pluginVersion\":\"1\",\"targets\":[\"gfx1100\"],\"steps\":[{\"step\":\"s\","
                + "\"file\":\"a.cu/gfx1100.co\",\"sha256\":\"" + dev.hipdll.digest.Sha256.of(co) + "\",\"key\":"
                + "{\"format\":2,\"step\":\"s\",\"command\":[],\"environment\":\"e\",\"tools\":{},\"reads\":[],"
                + "\"output\":{\"path\":\"o\",\"size\":" + co.length + ",\"mtime\":1,\"sha256\":\""
                + dev.hipdll.digest.Sha256.of(co) + "\"}}}]}";
    }

    /**
     * Without trusted keys a zip is unpacked as its {@code shard.json} names it: each code object at most the size its
     * key names, nothing it does not name (an unsigned zip bomb wrote up to 16 GiB), and a zip without a manifest is
     * no shard.
     */
    @Test
    void withoutTrustedKeysAZipUnpacksOnlyWhatItsManifestNamesAtTheSizesItNames() throws Exception {
        byte[] co = {0x7f, 'E', 'L', 'F', 1, 2, 3};
        byte[] zeros = new byte[8 << 20];
        Path padded = dir.resolve("padded.zip");
        zip(padded, ShardManifest.FILE_NAME, manifest(co).getBytes(), "a.cu/gfx1100.co", co, "padding.bin", zeros);
        ShardArchive.unzip(padded, dir.resolve("p"));
        assertTrue(java.util.Arrays.equals(co, Files.readAllBytes(dir.resolve("p/a.cu/gfx1100.co"))));
        assertTrue(Files.notExists(dir.resolve("p/padding.bin")), "what the manifest does not name is not unpacked");

        Path big = dir.resolve("big.zip");
        zip(big, ShardManifest.FILE_NAME, manifest(co).getBytes(), "a.cu/gfx1100.co", zeros);
        ShardException b = assertThrows(ShardException.class, () -> ShardArchive.unzip(big, dir.resolve("b")));
        assertTrue(b.getMessage().contains("entry 'a.cu/gfx1100.co' unpacks to more than the 7 bytes its manifest"
                + " names"), b.getMessage());

        Path none = dir.resolve("none.zip");
        zip(none, "a.cu/gfx1100.co", co);
        ShardException n = assertThrows(ShardException.class, () -> ShardArchive.unzip(none, dir.resolve("n")));
        assertTrue(n.getMessage().startsWith(none + "!shard.json: missing"), n.getMessage());
    }

    private static void zip(Path zip, Object... nameAndBytes) throws Exception {
        try (ZipOutputStream z = new ZipOutputStream(Files.newOutputStream(zip))) {
            for (int i = 0; i < nameAndBytes.length; i += 2) {
                z.putNextEntry(new ZipEntry((String) nameAndBytes[i]));
                z.write((byte[]) nameAndBytes[i + 1]);
                z.closeEntry();
            }
        }
    }

    @Test
    void aZippedShardUnpacksToTheSameFiles() throws Exception {
        Path shard = dir.resolve("s");
        Files.createDirectories(shard.resolve("a.cu"));
        Files.writeString(shard.resolve("shard.json"), manifest(new byte[] {1, 2, 3}));
        Files.write(shard.resolve("a.cu/gfx1100.co"), new byte[] {1, 2, 3});
        ShardArchive.zip(shard, dir.resolve("s.zip"));
        byte[] first = Files.readAllBytes(dir.resolve("s.zip"));
        ShardArchive.zip(shard, dir.resolve("s.zip"));
        assertTrue(java.util.Arrays.equals(first, Files.readAllBytes(dir.resolve("s.zip"))), "the same shard zips to the same bytes");
        ShardArchive.unzip(dir.resolve("s.zip"), dir.resolve("u"));
        assertEquals(manifest(new byte[] {1, 2, 3}), Files.readString(dir.resolve("u/shard.json")));
        assertTrue(java.util.Arrays.equals(new byte[] {1, 2, 3}, Files.readAllBytes(dir.resolve("u/a.cu/gfx1100.co"))));
    }

    @Test
    void aManifestThatIsNotOneIsNamed() {
        ShardException e = assertThrows(ShardException.class,
                () -> ShardManifest.parse(("{\"format\":1,\"pluginVersion\":\"1\",\"targets\":[],\"steps\":[{\"step\":\"s\","
                        + "\"file\":\"../x\",\"sha256\":\"" + "0".repeat(64) + "\"}]}").getBytes(), "d/shard.json"));
        assertTrue(e.getMessage().startsWith("d/shard.json: not a shard manifest"), e.getMessage());
        ShardException f = assertThrows(ShardException.class,
                () -> ShardManifest.parse("{\"format\":9,\"pluginVersion\":\"1\",\"targets\":[],\"steps\":[]}".getBytes(), "d/shard.json"));
        assertTrue(f.getMessage().contains("format 9"), f.getMessage());
    }

    @Test
    void aCodeObjectNameThatIsNoPathHereIsRefusedWhenTheManifestIsRead() {
        String key = "{\"format\":2,\"step\":\"s\",\"command\":[],\"environment\":\"e\",\"tools\":{},\"reads\":[],"
                + "\"output\":{\"path\":\"o\",\"size\":1,\"mtime\":1,\"sha256\":\"" + "0".repeat(64) + "\"}}";
        // a NUL (or on Windows <>|?*") made Path.resolve throw in the merge's step: the build failed as if the step had
        ShardException e = assertThrows(ShardException.class, () -> ShardManifest.parse(("{\"format\":1,\"pluginVersion\""
                + ":\"1\",\"targets\":[],\"steps\":[{\"step\":\"s\",\"file\":\"a/x.co\\u0000y\",\"sha256\":\""
                + "0".repeat(64) + "\",\"key\":" + key + "}]}").getBytes(), "d/shard.json"));
        assertTrue(e.getMessage().startsWith("d/shard.json: not a shard manifest") && e.getMessage().contains(
                "file 'a/x.co\\x00y' is not a relative path inside the shard"), e.getMessage());
    }

    @Test
    void aManifestsStringsReachTheLogWithTheirControlCharactersEscaped() throws Exception {
        Path shard = Files.createDirectories(dir.resolve("s"));
        Files.writeString(shard.resolve("shard.json"), "{\"format\":1,\"pluginVersion\":\"1\",\"targets\":"
                + "[\"gfx1100\\n::error::forged\"],\"steps\":[]}");
        String named = String.join("; ", ShardSet.load(List.of(shard), List.of(), false, "1").shards());
        assertTrue(named.contains("gfx1100\\n::error::forged") && !named.contains("\n"), named);

        Path keys = Path.of(getClass().getResource("/dev/hipdll/attestation/keys/ec-p256-public.pem").toURI());
        Files.writeString(shard.resolve(ShardManifest.SIGNED_FILE_NAME), "{\"payload\":\"e30=\",\"payloadType\":"
                + "\"x\\n::error::forged\",\"signatures\":[]}");
        ShardException e = assertThrows(ShardException.class, () -> ShardSet.load(List.of(shard),
                dev.hipdll.attestation.TrustedKeys.load(keys), false, "1"));
        assertTrue(e.getMessage().contains("payload type x\\n::error::forged") && !e.getMessage().contains("\n"),
                e.getMessage());
    }
}
