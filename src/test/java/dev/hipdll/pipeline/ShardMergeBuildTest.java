package dev.hipdll.pipeline;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.attestation.SigningKey;
import dev.hipdll.attestation.SigningKeyFile;
import dev.hipdll.attestation.TrustedKeys;
import dev.hipdll.compile.BuildFailedException;
import dev.hipdll.shard.ShardException;
import dev.hipdll.shard.ShardManifest;
import dev.hipdll.shard.ShardResult;
import dev.hipdll.shard.ShardSet;
import dev.hipdll.testing.Toolchain;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A shard build runs only the device compiles of its targets and publishes their code objects with
 * each step's input key; a merge build in another directory takes each device compile from a shard whose key
 * equals its own and links the same bytes as one machine; a shard of other sources is refused by step and input;
 * a missing shard's targets compile here, or fail the build when all device code must come from shards; with
 * trusted keys only signed shards are read.
 */
class ShardMergeBuildTest {
    private static final String ALL = "gfx1100,gfx1151";

    @TempDir
    Path dir;

    private CoreBuild project(String name, String arch) throws Exception {
        CoreBuild b = new CoreBuild(dir.resolve(name)).withExample();
        b.arch = arch;
        b.outputTimestamp = "2024-01-01T00:00:00Z";
        return b;
    }

    @Test
    void aMergeOfShardsFromOtherDirectoriesAndSdkPlacesLinksTheBytesOfOneMachine() throws Exception {
        Toolchain.require("clang-19", "lld-link-19", "clang-offload-bundler-19");
        CoreBuild one = project("one", ALL);
        one.build();
        byte[] expected = Files.readAllBytes(one.dll());

        ShardResult a = project("machine-a", "gfx1100").shard(Optional.empty());
        CoreBuild mb = project("machine-b", "gfx1151");
        // machine b has the SDK elsewhere: its paths (in PATH, HIP_PATH, the commands) are placeholders in the key
        mb.sdk = dir.resolve("machine-b-sdk/ROCm 7.1");
        dev.hipdll.testing.Trees.copy(Toolchain.standinSdk(), mb.sdk);
        ShardResult b = mb.shard(Optional.empty());
        assertTrue(mb.ran().stream().allMatch(s -> s.startsWith("device compile ")), mb.log.toString());
        assertFalse(mb.ran().isEmpty(), mb.log.toString());
        assertFalse(Files.exists(mb.dll()), "a shard build links no DLL");
        assertTrue(Files.isRegularFile(b.zip()) && b.zip().getFileName().toString().equals("shard-gfx1151.zip"),
                b.zip().toString());
        assertEquals(List.of("gfx1151"), b.manifest().targets());
        for (var e : b.manifest().steps()) {
            assertTrue(e.step().startsWith("device:") && e.step().endsWith(":gfx1151"), e.step());
            assertTrue(Files.isRegularFile(b.directory().resolve(e.file())), e.file());
            assertFalse(e.key().reads().isEmpty(), "the key lists the files the step read");
        }
        String manifest = Files.readString(b.directory().resolve(ShardManifest.FILE_NAME));
        assertFalse(manifest.contains(dir.toString()), "machine paths are placeholders: " + manifest);

        CoreBuild merge = project("merge", ALL);
        merge.shards = ShardSet.load(List.of(a.directory(), b.directory()), List.of(), true, "test");
        merge.build();
        assertTrue(merge.ran().stream().noneMatch(s -> s.startsWith("device compile ")), merge.log.toString());
        assertTrue(merge.log.stream().anyMatch(l -> l.contains("device compile cuda_chain.cu [gfx1151] reused (from shard "
                + b.directory())), merge.log.toString());
        assertArrayEquals(expected, Files.readAllBytes(merge.dll()), "the merged DLL differs from one machine's");
        assertTrue(merge.log.stream().anyMatch(l -> l.startsWith("built ") && l.endsWith(": 5 of 9 steps ran, 4 reused"
                + " (4 from shards)")), merge.log.toString());
        assertTrue(mb.log.stream().anyMatch(l -> l.contains("2 device compiles, 0 bundles, 0 host compiles, 0 link) on")
                && l.endsWith(" -> a shard (no link)")), mb.log.toString());

        merge.shards = ShardSet.NONE;  // the taken steps are recorded as if they had run here
        merge.build();
        assertTrue(merge.log.stream().anyMatch(l -> l.contains("is up to date")), merge.log.toString());
    }

    @Test
    void aShardAndAMergeWithoutAnOutputTimestampWarnThatTheMergeIsNotByteIdentical() throws Exception {
        Toolchain.require("clang-19", "lld-link-19", "clang-offload-bundler-19");
        CoreBuild shard = project("no-timestamp-shard", "gfx1151");
        shard.outputTimestamp = null;
        ShardResult s = shard.shard(Optional.empty());
        String warning = "WARN " + HipDllBuild.UNREPRODUCIBLE_SHARDING;
        assertTrue(shard.log.contains(warning), shard.log.toString());
        CoreBuild merge = project("no-timestamp-merge", "gfx1151");
        merge.outputTimestamp = null;
        merge.shards = ShardSet.load(List.of(s.directory()), List.of(), true, "test");
        merge.build();
        assertTrue(merge.log.contains(warning), merge.log.toString());
        CoreBuild plain = project("no-timestamp-plain", "gfx1151");
        plain.outputTimestamp = null;
        plain.build();
        assertFalse(plain.log.contains(warning), "a one-job build needs no warning: " + plain.log);
        CoreBuild reproducible = project("timestamp-shard", "gfx1151");
        reproducible.shard(Optional.empty());
        assertFalse(reproducible.log.contains(warning), reproducible.log.toString());
    }

    @Test
    void aShardOfOtherSourcesIsRefusedByStepAndInputAndAMissingShardCompilesHereOrFails() throws Exception {
        Toolchain.require("clang-19", "lld-link-19", "clang-offload-bundler-19");
        CoreBuild changed = project("changed", "gfx1100");
        Path chain = changed.sources().resolve("cuda_chain.cu");
        Files.writeString(chain, Files.readString(chain) + "\n// changed on the shard machine\n");
        ShardResult stale = changed.shard(Optional.empty());

        CoreBuild merge = project("merge", ALL);
        merge.shards = ShardSet.load(List.of(stale.directory()), List.of(), false, "test");
        merge.build();
        assertTrue(merge.log.stream().anyMatch(l -> l.startsWith("WARN device compile cuda_chain.cu [gfx1100]: shard "
                + stale.directory() + " refused: its input key differs: source cuda_chain.cu changed")), merge.log.toString());
        assertTrue(merge.ran().contains("device compile cuda_chain.cu [gfx1100]"), "compiled here: " + merge.log);
        assertTrue(merge.ran().contains("device compile cuda_chain.cu [gfx1151]"), "no shard has it: " + merge.log);

        CoreBuild strict = project("strict", ALL);
        strict.shards = ShardSet.load(List.of(stale.directory()), List.of(), true, "test");
        BuildFailedException e = assertThrows(BuildFailedException.class, strict::build);
        assertTrue(e.getMessage().contains("no shard supplies it") && e.getMessage().contains("hip.shards.require"),
                e.getMessage());

        // a shard for a target this build does not name: said, not dropped in silence
        CoreBuild narrow = project("narrow", "gfx1151");
        narrow.shards = ShardSet.load(List.of(stale.directory()), List.of(), false, "test");
        narrow.build();
        assertTrue(narrow.log.contains("WARN shard " + stale.directory() + " supplies no step of this build: none of"
                + " its 2 step(s) (device:backend_cuda.cu:gfx1100, device:cuda_chain.cu:gfx1100) is planned here; are its"
                + " targets in hip.arch (gfx1151)? Its code objects do not reach the DLL"), narrow.log.toString());
        assertTrue(merge.log.stream().noneMatch(l -> l.contains("supplies no step") || l.contains("not planned here")),
                merge.log.toString());
        // the step ids in that warning are the manifest's strings: a line break in one starts no workflow command
        Path copy = dir.resolve("injected-shard/gfx1100");
        dev.hipdll.testing.Trees.copy(stale.directory(), copy);
        Path json = copy.resolve(ShardManifest.FILE_NAME);
        Files.writeString(json, Files.readString(json).replace("\"device:cuda_chain.cu:gfx1100\"",
                "\"device:cuda_chain.cu:gfx1100\\n::error::forged\""));
        CoreBuild injected = project("injected", "gfx1151");
        injected.shards = ShardSet.load(List.of(copy), List.of(), false, "test");
        injected.build();
        assertTrue(injected.log.stream().anyMatch(l -> l.startsWith("WARN shard ") && l.contains(
                "device:cuda_chain.cu:gfx1100\\n::error::forged")), injected.log.toString());
        assertTrue(injected.log.stream().noneMatch(l -> l.contains("\n")), injected.log.toString());

        CoreBuild other = project("other-version", ALL);
        other.shards = ShardSet.load(List.of(stale.directory()), List.of(), false, "2.0");
        other.build();
        assertTrue(other.log.stream().anyMatch(l -> l.contains("refused: built by plugin version test, this build is 2.0")),
                other.log.toString());
    }

    @Test
    void aShardSourceOfTheSameSizeAndTimeButOtherContentIsRefused() throws Exception {
        Toolchain.require("clang-19", "lld-link-19", "clang-offload-bundler-19");
        CoreBuild other = project("other", "gfx1151");
        Path chain = other.sources().resolve("cuda_chain.cu");
        String text = Files.readString(chain);
        int comment = text.indexOf("/* ") + 3;  // one letter of a comment: the same size, other content
        assertTrue(comment >= 3, "cuda_chain.cu has a comment");
        char c = text.charAt(comment);
        Files.writeString(chain, text.substring(0, comment) + (c == 'X' ? 'Y' : 'X') + text.substring(comment + 1));
        ShardResult s = other.shard(Optional.empty());
        CoreBuild merge = project("merge", "gfx1151");
        Path mine = merge.sources().resolve("cuda_chain.cu");
        assertEquals(Files.size(chain), Files.size(mine), "the same size, other content");
        Files.setLastModifiedTime(mine, Files.getLastModifiedTime(chain));
        merge.shards = ShardSet.load(List.of(s.directory()), List.of(), false, "test");
        merge.build();
        assertTrue(merge.log.stream().anyMatch(l -> l.startsWith("WARN device compile cuda_chain.cu [gfx1151]: shard ")
                && l.endsWith("refused: its input key differs: source cuda_chain.cu changed")), merge.log.toString());
        assertTrue(merge.ran().contains("device compile cuda_chain.cu [gfx1151]"), merge.log.toString());
    }

    @Test
    void aShardBuiltWithOtherDeviceLibrariesIsRefused() throws Exception {
        Toolchain.require("clang-19", "lld-link-19", "clang-offload-bundler-19");
        ShardResult s = project("machine", "gfx1151").shard(Optional.empty());
        CoreBuild merge = project("merge", "gfx1151");
        // the same hipcc and clang, but another ocml.bc: clang links it into every code object (-MD does not list it)
        merge.sdk = dir.resolve("merge-sdk");
        dev.hipdll.testing.Trees.copy(Toolchain.standinSdk(), merge.sdk);
        Path ocml = merge.sdk.resolve("lib/llvm/amdgcn/bitcode/ocml.bc");
        byte[] bc = Files.readAllBytes(ocml);
        bc[bc.length - 1] ^= 1;
        Files.write(ocml, bc);
        merge.shards = ShardSet.load(List.of(s.directory()), List.of(), false, "test");
        merge.build();
        assertTrue(merge.log.stream().anyMatch(l -> l.startsWith("WARN device compile cuda_chain.cu [gfx1151]: shard ")
                && l.endsWith("refused: its input key differs: tool deviceLib ocml.bc changed")), merge.log.toString());
        assertTrue(merge.ran().contains("device compile cuda_chain.cu [gfx1151]"), merge.log.toString());
    }

    @Test
    void aRefusalQuotesTheManifestWithItsControlCharactersEscaped() throws Exception {
        Toolchain.require("clang-19", "lld-link-19", "clang-offload-bundler-19");
        ShardResult s = project("machine", "gfx1151").shard(Optional.empty());
        Path json = s.directory().resolve(ShardManifest.FILE_NAME);
        Files.writeString(json, Files.readString(json).replace("\"pluginVersion\" : \"test\"",
                "\"pluginVersion\" : \"0.1\\n::error::forged\""));
        CoreBuild merge = project("merge", "gfx1151");
        merge.shards = ShardSet.load(List.of(s.directory()), List.of(), false, "test");
        merge.build();
        assertTrue(merge.log.stream().anyMatch(l -> l.endsWith("refused: built by plugin version 0.1\\n::error::forged,"
                + " this build is test")), merge.log.toString());
        assertTrue(merge.log.stream().noneMatch(l -> l.contains("\n")), "a manifest's line feed starts no log line");
    }

    @Test
    void aCodeObjectReplacedInTheShardIsRefusedByItsDigest() throws Exception {
        Toolchain.require("clang-19", "lld-link-19", "clang-offload-bundler-19");
        ShardResult s = project("machine", "gfx1151").shard(Optional.empty());
        Path co = s.directory().resolve(s.manifest().steps().get(0).file());
        byte[] bytes = Files.readAllBytes(co);
        bytes[bytes.length / 2] ^= 1;
        Files.write(co, bytes);
        CoreBuild merge = project("merge", "gfx1151");
        merge.shards = ShardSet.load(List.of(s.directory()), List.of(), false, "test");
        merge.build();
        String step = s.manifest().steps().get(0).step();
        assertTrue(merge.log.stream().anyMatch(l -> l.startsWith("WARN device compile") && l.contains("refused: its code"
                + " object " + co + " has SHA-256")), merge.log.toString());
        assertEquals(1, merge.ran().stream().filter(x -> x.startsWith("device")).count(),
                "only the replaced " + step + " compiles here: " + merge.log);
    }

    /**
     * A forger who rewrites the manifest consistently (the file's digest in the entry and in the key) can make a
     * key match while the code object is for another processor, or no code object at all: its ELF header is read
     * before it is taken (the merge's verify would catch the first in the bundle, not the build).
     */
    @Test
    void aCodeObjectForAnotherProcessorOrNoneIsRefusedAlthoughItsDigestsWereRewritten() throws Exception {
        Toolchain.require("clang-19", "lld-link-19", "clang-offload-bundler-19");
        ShardResult other = project("machine-a", "gfx1100").shard(Optional.empty());
        ShardResult s = project("machine-b", "gfx1151").shard(Optional.empty());
        Path json = s.directory().resolve(ShardManifest.FILE_NAME);
        String manifest = Files.readString(json);
        var entries = s.manifest().steps();
        Path co0 = s.directory().resolve(entries.get(0).file());
        Path co1 = s.directory().resolve(entries.get(1).file());
        Files.copy(other.directory().resolve(other.manifest().steps().get(0).file()), co0,
                java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        Files.writeString(co1, "not an ELF, but the manifest says it is the code object\n");
        for (int i = 0; i < 2; i++) {
            manifest = manifest.replace(entries.get(i).sha256(), dev.hipdll.digest.Sha256.of(i == 0 ? co0 : co1));
        }
        Files.writeString(json, manifest);
        CoreBuild merge = project("merge", "gfx1151");
        merge.shards = ShardSet.load(List.of(s.directory()), List.of(), false, "test");
        merge.build();
        assertTrue(merge.log.stream().anyMatch(l -> l.startsWith("WARN device compile") && l.endsWith("refused: its code"
                + " object " + co0 + " is for another processor (EF_AMDGPU_MACH 0x041, gfx1151 is 0x04A)")),
                merge.log.toString());
        assertTrue(merge.log.stream().anyMatch(l -> l.startsWith("WARN device compile") && l.endsWith("refused: its code"
                + " object " + co1 + " is not an AMDGPU code object (no ELF64 header)")), merge.log.toString());
        assertEquals(2, merge.ran().stream().filter(x -> x.startsWith("device")).count(), merge.log.toString());
    }

    @Test
    void withTrustedKeysOnlyASignedShardIsRead() throws Exception {
        Toolchain.require("clang-19", "lld-link-19", "clang-offload-bundler-19");
        Path keys = Path.of(getClass().getResource("/dev/hipdll/attestation/keys/ec-p256-pkcs8.pem").toURI()).getParent();
        SigningKey key = SigningKeyFile.load(keys.resolve("ec-p256-pkcs8.pem"), null, "test");
        var trusted = TrustedKeys.load(keys.resolve("ec-p256-public.pem"));
        var other = TrustedKeys.load(keys.resolve("other-ec-p256-public.pem"));
        ShardResult signed = project("signed", "gfx1151").shard(Optional.of(key));
        ShardResult unsigned = project("unsigned", "gfx1100").shard(Optional.empty());
        assertTrue(Files.isRegularFile(signed.directory().resolve(ShardManifest.SIGNED_FILE_NAME)));

        ShardSet ok = ShardSet.load(List.of(signed.directory()), trusted, true, "test");
        assertFalse(ok.offers(signed.manifest().steps().get(0).step()).isEmpty());
        ShardException none = assertThrows(ShardException.class,
                () -> ShardSet.load(List.of(unsigned.directory()), trusted, true, "test"));
        assertTrue(none.getMessage().contains(ShardManifest.SIGNED_FILE_NAME + ": missing"), none.getMessage());
        ShardException foreign = assertThrows(ShardException.class,
                () -> ShardSet.load(List.of(signed.directory()), other, true, "test"));
        assertTrue(foreign.getMessage().contains("no signature verifies with a trusted key"), foreign.getMessage());

        // the unsigned shard.json edited to point at other bytes does not matter: the signed payload is read
        Path json = signed.directory().resolve(ShardManifest.FILE_NAME);
        Files.writeString(json, Files.readString(json, StandardCharsets.UTF_8).replace("\"pluginVersion\" : \"test\"",
                "\"pluginVersion\" : \"forged\""));
        assertEquals(signed.manifest().steps().size(), ShardSet.load(List.of(signed.directory()), trusted, true, "test")
                .byStep().size());
        CoreBuild merge = project("merge", "gfx1151");
        merge.shards = ShardSet.load(List.of(signed.directory()), trusted, true, "test");
        merge.build();
        assertTrue(merge.ran().stream().noneMatch(x -> x.startsWith("device")), merge.log.toString());
    }
}
