package dev.hipdll.pipeline;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hipdll.attestation.SigningKey;
import dev.hipdll.attestation.SigningKeyFile;
import dev.hipdll.attestation.TrustedKey;
import dev.hipdll.attestation.TrustedKeys;
import dev.hipdll.testing.Toolchain;
import dev.hipdll.trust.TrustPolicy;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Whoever writes a build-cache entry can replace a step's output and rewrite its record's digest
 * with it; the next local build reused it ({@code reused (inputs unchanged)}) and linked it. Records are now bound to
 * the machine that wrote them (an HMAC under the user's key, {@link dev.hipdll.trust.MachineKey}); one bound neither
 * here nor by a trusted key's signature reruns its step with a note. Each case restores one project's
 * {@code target/} into another (another user's key: another {@code HOME}), edits a unit, builds, and checks which of
 * the other unit's steps ran, under each trust configuration.
 */
class RestoredStepRecordTest {
    private static final String TIMESTAMP = "2026-01-01T00:00:00Z";
    private static final String MARKER = "FOREIGN-BYTES-OF-ISSUE-30-HOLE-4";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String CHAIN_HOST = "host compile cuda_chain.cu";
    private static final String CHAIN_DEVICE = "device compile cuda_chain.cu [gfx1151]";

    @TempDir
    static Path shared;
    /** CI's project: built once, signing its records with {@link #key}. */
    static CoreBuild ci;
    /** An unsigned build's project. */
    static CoreBuild plain;
    /** The foreign host object (cuda_chain.cu with a marker). */
    static Path foreignObj;
    /** The DLL a clean build of the edited sources links (reproducible mode). */
    static byte[] cleanDll;
    static SigningKey key;
    static List<TrustedKey> trusted;
    static List<TrustedKey> other;

    @TempDir
    Path dir;

    @BeforeAll
    static void buildCiAndTheForeignObject() throws Exception {
        Toolchain.require("clang-19", "lld-link-19", "clang-offload-bundler-19");
        Path keys = Path.of(RestoredStepRecordTest.class.getResource("/dev/hipdll/attestation/keys/ec-p256-pkcs8.pem")
                .toURI()).getParent();
        key = SigningKeyFile.load(keys.resolve("ec-p256-pkcs8.pem"), null, "test");
        trusted = TrustedKeys.load(keys.resolve("ec-p256-public.pem"));
        other = TrustedKeys.load(keys.resolve("other-ec-p256-public.pem"));
        ci = project(shared.resolve("ci"));
        ci.signingKey = Optional.of(key);
        ci.build();
        plain = project(shared.resolve("plain"));
        plain.build();
        CoreBuild foreign = project(shared.resolve("foreign"));
        Path chain = foreign.sources().resolve("cuda_chain.cu");
        Files.writeString(chain, Files.readString(chain) + "\nextern \"C\" __declspec(dllexport) const char"
                + " coli_foreign_marker[] = \"" + MARKER + "\";\n");
        foreign.build();
        foreignObj = foreign.project.resolve("target/hipdll/steps/cuda_chain.cu/host.obj");
        CoreBuild clean = project(shared.resolve("clean"));
        edit(clean);
        clean.build();
        cleanDll = Files.readAllBytes(clean.dll());
    }

    private static CoreBuild project(Path p) throws Exception {
        CoreBuild b = new CoreBuild(p).withExample();
        b.outputTimestamp = TIMESTAMP;
        return b;
    }

    /** The same edit everywhere (so the clean DLL is one): a comment in backend_cuda.cu. */
    private static void edit(CoreBuild b) throws Exception {
        Path backend = b.sources().resolve("backend_cuda.cu");
        Files.writeString(backend, Files.readString(backend) + "\n// edited elsewhere\n");
    }

    /** {@code from}'s project with its target/ restored into a new project of another user (another HOME). */
    private CoreBuild restored(CoreBuild from, String name) throws Exception {
        CoreBuild b = project(dir.resolve(name));
        dev.hipdll.testing.Trees.copy(from.project.resolve("target"), b.project.resolve("target"));
        b.extraEnv.put("HOME", dir.resolve(name + "-home").toString());
        edit(b);
        return b;
    }

    private static void assertCleanDll(CoreBuild b) throws Exception {
        byte[] dll = Files.readAllBytes(b.dll());
        assertFalse(new String(dll, StandardCharsets.ISO_8859_1).contains(MARKER), "the foreign object reached the DLL");
        assertArrayEquals(cleanDll, dll, "the DLL is not the clean build's");
    }

    private static Path record(Path output) {
        return output.resolveSibling(output.getFileName() + ".step.json");
    }

    /** The consistent rewrite of hole 4: the foreign object in place, its digest, size and time in the record. */
    private static void poison(CoreBuild b) throws Exception {
        Path obj = b.project.resolve("target/hipdll/steps/cuda_chain.cu/host.obj");
        Files.copy(foreignObj, obj, StandardCopyOption.REPLACE_EXISTING);
        ObjectNode r = (ObjectNode) JSON.readTree(record(obj).toFile());
        ((ObjectNode) r.get("output")).put("sha256", dev.hipdll.digest.Sha256.of(obj)).put("size", Files.size(obj))
                .put("mtime", Files.getLastModifiedTime(obj).toMillis());
        Files.writeString(record(obj), JSON.writerWithDefaultPrettyPrinter().writeValueAsString(r));
    }

    @Test
    void anOutputRewrittenWithItsRecordIsCompiledAgainUnderEveryTrustConfiguration() throws Exception {
        // the victim's own target/ (its own key), rewritten in place as a build cache's writer can
        String[] configs = {"no keys", "signing key, no trusted keys", "trusted keys", "signing and trusted keys"};
        for (int i = 0; i < configs.length; i++) {
            CoreBuild b = project(dir.resolve("victim-" + i));
            b.signingKey = i % 2 == 1 ? Optional.of(key) : Optional.empty();
            b.trust = i >= 2 ? TrustPolicy.none().withTrustedKeys(trusted) : TrustPolicy.none();
            b.build();
            poison(b);
            edit(b);
            b.build();
            assertCleanDll(b);
            assertTrue(b.ran().contains(CHAIN_HOST), configs[i] + ": " + b.log);
            String reason = b.reason(CHAIN_HOST);
            assertTrue(reason.startsWith("its record was not written on this machine (its binding does not verify)"),
                    configs[i] + ": " + reason);
            assertTrue(b.log.stream().anyMatch(l -> l.startsWith(CHAIN_HOST + ": its record was not written on this"
                    + " machine") && l.endsWith("; the step runs again")), configs[i] + ": " + b.log);
            assertFalse(b.ran().contains(CHAIN_DEVICE), "its own untouched records are reused: " + b.log);
        }
    }

    @Test
    void recordsRestoredFromAnotherMachineRunAgainWithoutATrustedKeysSignature() throws Exception {
        CoreBuild none = restored(ci, "none");
        none.build();
        assertTrue(none.ran().containsAll(List.of(CHAIN_DEVICE, CHAIN_HOST)), none.log.toString());
        assertTrue(none.reason(CHAIN_DEVICE).startsWith("its record was not written on this machine (its binding does"
                + " not verify); no key is trusted (hip.attestation.trustedKeys), so no record from elsewhere is"
                + " reused"), none.reason(CHAIN_DEVICE));
        assertCleanDll(none);
        // the records it wrote are its own now
        Path backend = none.sources().resolve("backend_cuda.cu");
        Files.writeString(backend, Files.readString(backend) + "\n// again\n");
        none.build();
        assertFalse(none.ran().contains(CHAIN_DEVICE), none.log.toString());

        CoreBuild signing = restored(ci, "signing");  // a build that signs, no trusted keys: never a record it did not write
        signing.signingKey = Optional.of(key);
        signing.build();
        assertTrue(signing.ran().containsAll(List.of(CHAIN_DEVICE, CHAIN_HOST)), signing.log.toString());
        assertCleanDll(signing);
    }

    @Test
    void withTrustedKeysRecordsSignedByCiAreReusedAndOthersRunAgain() throws Exception {
        CoreBuild dev = restored(ci, "developer");
        dev.trust = TrustPolicy.none().withTrustedKeys(trusted);
        dev.build();
        assertFalse(dev.ran().contains(CHAIN_DEVICE) || dev.ran().contains(CHAIN_HOST), dev.log.toString());
        assertTrue(dev.log.stream().anyMatch(l -> l.contains(CHAIN_DEVICE + " reused (inputs unchanged; record signed"
                + " by key ")), dev.log.toString());
        assertCleanDll(dev);

        CoreBuild wrongKey = restored(ci, "wrong-key");
        wrongKey.trust = TrustPolicy.none().withTrustedKeys(other);
        wrongKey.build();
        assertTrue(wrongKey.ran().containsAll(List.of(CHAIN_DEVICE, CHAIN_HOST)), wrongKey.log.toString());
        assertTrue(wrongKey.reason(CHAIN_DEVICE).endsWith("no signature in gfx1151.co.step.dsse.json verifies with a"
                + " trusted key"), wrongKey.reason(CHAIN_DEVICE));

        CoreBuild unsigned = restored(plain, "unsigned");
        unsigned.trust = TrustPolicy.none().withTrustedKeys(trusted);
        unsigned.build();
        assertTrue(unsigned.ran().containsAll(List.of(CHAIN_DEVICE, CHAIN_HOST)), unsigned.log.toString());
        assertTrue(unsigned.reason(CHAIN_DEVICE).endsWith("and not signed (gfx1151.co.step.dsse.json missing)"),
                unsigned.reason(CHAIN_DEVICE));

        CoreBuild poisoned = restored(ci, "poisoned");  // CI's signed record rewritten: the signature no longer holds
        poisoned.trust = TrustPolicy.none().withTrustedKeys(trusted);
        poison(poisoned);
        poisoned.build();
        assertTrue(poisoned.ran().contains(CHAIN_HOST), poisoned.log.toString());
        assertTrue(poisoned.reason(CHAIN_HOST).endsWith("host.obj.step.dsse.json signs another record"),
                poisoned.reason(CHAIN_HOST));
        assertFalse(poisoned.ran().contains(CHAIN_DEVICE), poisoned.log.toString());
        assertCleanDll(poisoned);
        assertEquals(List.of(), poisoned.result.unvouched());
    }

    /**
     * The build-cache entry path: a restored {@code target/hipdll} with its DLL, stamp and provenance says "up to date"
     * (all of them writable by whoever writes the cache). A build that does not sign keeps it (verify then requires its
     * attestation: it was not linked in this build); one that signs links it again from what it can vouch for before
     * signing, and then it is up to date for it.
     */
    @Test
    void aSigningBuildLinksARestoredUpToDateDllAgainBeforeSigningIt() throws Exception {
        // CI builds and signs; its target/ is restored at the same path on a machine of another user (another HOME)
        CoreBuild b = project(dir.resolve("workspace"));
        b.signingKey = Optional.of(key);
        b.build();
        b.signingKey = Optional.empty();
        b.extraEnv.put("HOME", dir.resolve("developer-home").toString());
        b.build();
        assertTrue(b.result.upToDate(), "a build that does not sign keeps it: " + b.log);

        b.signingKey = Optional.of(key);
        b.extraEnv.put("HOME", dir.resolve("release-home").toString());
        b.build();
        assertTrue(b.log.contains("coli_hip.dll is up to date by its stamp, but it was not linked on this machine"
                + " (coli_hip.dll.built-here does not verify); this build signs, so it links the DLL again"
                + " (docs/trust.md)"), b.log.toString());
        assertFalse(b.result.upToDate());
        assertTrue(b.ran().containsAll(List.of(CHAIN_DEVICE, CHAIN_HOST, "link coli_hip.dll")), b.log.toString());
        assertTrue(b.result.attestation().isPresent());
        b.build();
        assertTrue(b.result.upToDate(), "its own DLL now: " + b.log);
    }
}
