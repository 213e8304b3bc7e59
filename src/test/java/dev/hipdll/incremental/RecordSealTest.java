package dev.hipdll.incremental;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.digest.FileDigests;
import dev.hipdll.attestation.SigningKey;
import dev.hipdll.attestation.SigningKeyFile;
import dev.hipdll.attestation.TrustedKeys;
import dev.hipdll.trust.MachineKey;
import dev.hipdll.trust.TrustPolicy;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The adversary's plan for restored step records, without a compiler: whoever writes
 * {@code target/hipdll/steps/} (a build-cache entry, a copied tree) replaces, rewrites consistently, removes,
 * duplicates or enlarges a record, its HMAC ({@code .step.mac}) or its signature ({@code .step.dsse.json}); under each
 * trust configuration only a record written here, or signed by a trusted key, is vouched for
 * ({@link RecordSeal#check}). The build-level counterpart (a real clang, the DLL compared) is
 * {@code RestoredStepRecordTest}.
 */
class RecordSealTest {
    @TempDir
    Path dir;
    MachineKey mine;
    MachineKey theirs;
    SigningKey ci;
    TrustPolicy trusting;
    TrustPolicy trustingAnother;
    Path out;

    @BeforeEach
    void keys() throws Exception {
        mine = MachineKey.loadOrCreate(dir.resolve("home/record-key"));
        theirs = MachineKey.loadOrCreate(dir.resolve("elsewhere/record-key"));
        Path keys = Path.of(getClass().getResource("/dev/hipdll/attestation/keys/ec-p256-pkcs8.pem").toURI()).getParent();
        ci = SigningKeyFile.load(keys.resolve("ec-p256-pkcs8.pem"), null, "test");
        trusting = TrustPolicy.none().withTrustedKeys(TrustedKeys.load(keys.resolve("ec-p256-public.pem")));
        trustingAnother = TrustPolicy.none().withTrustedKeys(TrustedKeys.load(keys.resolve("other-ec-p256-public.pem")));
        out = dir.resolve("steps/k.cu/host.obj");
        Files.createDirectories(out.getParent());
        Files.writeString(out, "object bytes");
    }

    private StepRecord record(Path output, String step) throws Exception {
        return new StepRecord(StepRecord.FORMAT, step, List.of("hipcc", "-c"), "env", "", Map.of(), List.of(),
                FileFingerprint.of(output));
    }

    private static StepRecordStore store(Optional<MachineKey> machine, Optional<SigningKey> signer, TrustPolicy t) {
        return new StepRecordStore(new RecordSeal(machine, signer, t));
    }

    private RecordBinding binding(StepRecordStore s) throws Exception {
        return s.readChecked(out).orElseThrow().binding();
    }

    /** What CI writes (its own machine key, signed) restored here, read under {@code policy}. */
    private RecordBinding restoredFromCi(TrustPolicy policy, Optional<SigningKey> signs) throws Exception {
        store(Optional.of(theirs), Optional.of(ci), TrustPolicy.none()).write(out, record(out, "host:k.cu"));
        return binding(store(Optional.of(mine), signs, policy));
    }

    @Test
    void aRecordWrittenHereIsVouchedForUnderEveryConfiguration() throws Exception {
        for (TrustPolicy p : List.of(TrustPolicy.none(), trusting)) {
            for (Optional<SigningKey> s : List.of(Optional.<SigningKey>empty(), Optional.of(ci))) {
                store(Optional.of(mine), s, p).write(out, record(out, "host:k.cu"));
                assertEquals(RecordBinding.Kind.WRITTEN_HERE, binding(store(Optional.of(mine), s, p)).kind());
            }
        }
    }

    @Test
    void aRecordFromAnotherMachineIsVouchedForOnlyBySignatureOfATrustedKey() throws Exception {
        RecordBinding none = restoredFromCi(TrustPolicy.none(), Optional.empty());
        assertEquals(new RecordBinding(RecordBinding.Kind.UNBOUND, "was not written on this machine (its binding does"
                + " not verify); no key is trusted (hip.attestation.trustedKeys), so no record from elsewhere is"
                + " reused"), none);
        assertEquals(RecordBinding.Kind.UNBOUND, restoredFromCi(TrustPolicy.none(), Optional.of(ci)).kind(),
                "a build that signs and trusts no key never takes a record it did not write");
        RecordBinding signed = restoredFromCi(trusting, Optional.empty());
        assertEquals(RecordBinding.Kind.SIGNED, signed.kind());
        assertTrue(signed.detail().startsWith("key "), signed.detail());
        assertEquals(RecordBinding.Kind.SIGNED, restoredFromCi(trusting, Optional.of(ci)).kind());
        RecordBinding another = restoredFromCi(trustingAnother, Optional.empty());
        assertEquals(RecordBinding.Kind.UNBOUND, another.kind());
        assertTrue(another.detail().endsWith("no signature in host.obj.step.dsse.json verifies with a trusted key"),
                another.detail());
    }

    @Test
    void replacedOrConsistentlyRewrittenRecordsAreNotVouchedFor() throws Exception {
        for (TrustPolicy p : List.of(TrustPolicy.none(), trusting)) {
            // CI's record, signed; the attacker changes one byte of it (a new output digest), then also writes the
            // HMAC with a key of their own: neither the HMAC nor CI's signature holds
            store(Optional.of(mine), Optional.of(ci), p).write(out, record(out, "host:k.cu"));
            Path f = StepRecordStore.recordFile(out);
            String text = Files.readString(f);
            String sha = record(out, "host:k.cu").output().sha256();
            String forged = text.replace(sha, "0".repeat(63) + "1");
            Files.writeString(f, forged);
            RecordBinding replaced = binding(store(Optional.of(mine), Optional.empty(), p));
            assertEquals(RecordBinding.Kind.UNBOUND, replaced.kind(), p.toString());
            assertTrue(replaced.detail().startsWith("was not written on this machine (its binding does not verify)"),
                    replaced.detail());
            Files.writeString(RecordSeal.macFile(out), theirs.mac(forged.getBytes(StandardCharsets.UTF_8)));
            RecordBinding rewritten = binding(store(Optional.of(mine), Optional.empty(), p));
            assertEquals(RecordBinding.Kind.UNBOUND, rewritten.kind());
            if (p.hasTrustedKeys()) {
                assertTrue(rewritten.detail().endsWith("host.obj.step.dsse.json signs another record"),
                        rewritten.detail());
            }
        }
    }

    @Test
    void removedBindingsAndSignaturesLeaveTheRecordUnbound() throws Exception {
        store(Optional.of(mine), Optional.of(ci), trusting).write(out, record(out, "host:k.cu"));
        Files.delete(RecordSeal.macFile(out));
        assertEquals(RecordBinding.Kind.SIGNED, binding(store(Optional.of(mine), Optional.empty(), trusting)).kind(),
                "signed still");
        Files.delete(RecordSeal.signedFile(out));
        RecordBinding b = binding(store(Optional.of(mine), Optional.empty(), trusting));
        assertEquals(new RecordBinding(RecordBinding.Kind.UNBOUND, "was not written on this machine (no binding) and"
                + " not signed (host.obj.step.dsse.json missing)"), b);
        // no machine key at all (no user cache directory): nothing is bound here
        store(Optional.empty(), Optional.empty(), TrustPolicy.none()).write(out, record(out, "host:k.cu"));
        assertTrue(binding(store(Optional.empty(), Optional.empty(), TrustPolicy.none())).detail()
                .startsWith("cannot be checked: no step record key on this machine"));
        // deleting a record (before its step runs) deletes its binding and signature
        StepRecordStore s = store(Optional.of(mine), Optional.of(ci), trusting);
        s.write(out, record(out, "host:k.cu"));
        s.delete(out);
        assertTrue(Files.notExists(RecordSeal.macFile(out)) && Files.notExists(RecordSeal.signedFile(out)));
    }

    @Test
    void aDuplicatedRecordIsBoundButNotReusedForAnotherStep() throws Exception {
        // another step's record, HMAC and signature copied into this step's place: they verify (the bytes are this
        // machine's), but the record names its own step and output, which reuse checks
        Path other = dir.resolve("steps/other.cu/host.obj");
        Files.createDirectories(other.getParent());
        Files.writeString(other, "object bytes");
        StepRecordStore s = store(Optional.of(mine), Optional.of(ci), trusting);
        s.write(other, record(other, "host:other.cu"));
        for (String suffix : List.of(".step.json", ".step.mac", ".step.dsse.json")) {
            Files.copy(other.resolveSibling("host.obj" + suffix), out.resolveSibling("host.obj" + suffix),
                    StandardCopyOption.REPLACE_EXISTING);
        }
        StepRecordStore.Checked c = s.readChecked(out).orElseThrow();
        assertEquals(RecordBinding.Kind.WRITTEN_HERE, c.binding().kind());
        Optional<RunReason> why = StepReuse.reasonToRun(Optional.of(c.record()), "host:k.cu", out, List.of("hipcc", "-c"),
                "env", "", Map.of(), Path::toString, "not built before", new FileDigests());
        assertEquals("its record is of another step", why.orElseThrow().reason());
    }

    @Test
    void enlargedBindingsAndSignaturesAreNotRead() throws Exception {
        StepRecordStore s = store(Optional.of(mine), Optional.of(ci), trusting);
        s.write(out, record(out, "host:k.cu"));
        String mac = Files.readString(RecordSeal.macFile(out)).strip();
        Files.writeString(RecordSeal.macFile(out), mac + " ".repeat(1024));  // padded: more than a binding can be
        try (var f = java.nio.channels.FileChannel.open(RecordSeal.signedFile(out),
                java.nio.file.StandardOpenOption.WRITE)) {
            f.write(java.nio.ByteBuffer.wrap(new byte[] {' '}), RecordSeal.MAX_SIGNED_BYTES);  // sparse, 32 MiB + 1
        }
        RecordBinding b = binding(s);
        assertEquals(RecordBinding.Kind.UNBOUND, b.kind());
        assertTrue(b.detail().endsWith("host.obj.step.dsse.json is no regular file of at most "
                + RecordSeal.MAX_SIGNED_BYTES + " bytes"), b.detail());
        try (var f = java.nio.channels.FileChannel.open(StepRecordStore.recordFile(out),
                java.nio.file.StandardOpenOption.WRITE)) {
            f.write(java.nio.ByteBuffer.wrap(new byte[] {' '}), StepRecordStore.MAX_RECORD_BYTES);
        }
        UnreadableStepRecordException e = assertThrows(UnreadableStepRecordException.class, () -> s.readChecked(out));
        assertTrue(e.getMessage().contains("more than a record can be"), e.getMessage());
    }
}
