package dev.hipdll.incremental;

import dev.hipdll.attestation.AttestationException;
import dev.hipdll.attestation.DsseEnvelope;
import dev.hipdll.attestation.DsseSignature;
import dev.hipdll.attestation.SigningKey;
import dev.hipdll.attestation.TrustedKey;
import dev.hipdll.io.AtomicFile;
import dev.hipdll.io.IoProblem;
import dev.hipdll.trust.Admission;
import dev.hipdll.trust.InputPath;
import dev.hipdll.trust.MachineKey;
import dev.hipdll.trust.TrustPolicy;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Binds step records to the machine that wrote them, and to a signer: a record is only as good as
 * whoever could write it, and a build cache restores records and outputs together, so one rewritten consistently
 * (the output's new SHA-256 in its record) passes every check {@link StepReuse} makes.
 *
 * <ul>
 *   <li>{@code <output>.step.mac}: the HMAC-SHA256 of the record file's exact bytes under this user's
 *       {@link MachineKey} (64 hex digits). A record with a valid one was written by a build here.</li>
 *   <li>{@code <output>.step.dsse.json}, written when the build signs: a DSSE envelope of payload type
 *       {@link #PAYLOAD_TYPE} whose payload is the record file's exact bytes, signed with the build's key (CI's), so a
 *       developer who trusts that key ({@code hip.attestation.trustedKeys}) reuses CI's records from a build cache.</li>
 * </ul>
 *
 * A record bound neither way is taken only as {@link TrustPolicy#mayTake}({@link InputPath#STEP_RECORD}) allows: with
 * trusted keys when a trusted key signed it, else never (its step runs again).
 *
 * @param machine this user's key; empty when the environment names no cache directory (then nothing is bound here
 *                and no record is taken unless signed)
 * @param signer  the build's signing key, if it signs
 * @param trust   the run's trust policy
 */
public record RecordSeal(Optional<MachineKey> machine, Optional<SigningKey> signer, TrustPolicy trust) {
    /** The DSSE payload type of a signed step record. */
    public static final String PAYLOAD_TYPE = "application/vnd.hipdll.step-record+json";
    /** The longest signed record file read (a record is at most {@link StepRecordStore#MAX_RECORD_BYTES}, base64). */
    static final long MAX_SIGNED_BYTES = StepRecordStore.MAX_RECORD_BYTES * 2;

    /** Checks that no component is null. */
    public RecordSeal {
        java.util.Objects.requireNonNull(machine, "machine");
        java.util.Objects.requireNonNull(signer, "signer");
        java.util.Objects.requireNonNull(trust, "trust");
    }

    /** The HMAC file of the step whose output is {@code output}. */
    public static Path macFile(Path output) {
        return output.resolveSibling(output.getFileName() + ".step.mac");
    }

    /** The signed record file of the step whose output is {@code output}. */
    public static Path signedFile(Path output) {
        return output.resolveSibling(output.getFileName() + ".step.dsse.json");
    }

    /**
     * Binds a record just written: its HMAC under this machine's key and, when the build signs, its DSSE envelope.
     *
     * @param output the step's output
     * @param record the record file's exact bytes
     * @throws IOException when a file cannot be written or the key cannot sign
     */
    void seal(Path output, byte[] record) throws IOException {
        if (machine.isPresent()) {
            AtomicFile.writeString(macFile(output), machine.get().mac(record) + "\n");
        }
        if (signer.isPresent()) {
            try {
                DsseEnvelope e = signer.get().sign(new DsseEnvelope(PAYLOAD_TYPE, record, List.of()));
                AtomicFile.writeString(signedFile(output), e.toJson() + "\n");
            } catch (AttestationException e) {
                throw new IOException("cannot sign the step record of " + output + ": " + e.getMessage(), e);
            }
        }
    }

    /** Deletes a step's HMAC and signed record (before it runs). */
    static void delete(Path output) throws IOException {
        Files.deleteIfExists(macFile(output));
        Files.deleteIfExists(signedFile(output));
    }

    /**
     * Who vouches for a record read from disk.
     *
     * @param output the step's output
     * @param record the record file's exact bytes
     * @return {@link RecordBinding.Kind#WRITTEN_HERE}, {@link RecordBinding.Kind#SIGNED} (only when the policy takes
     *         signed records) or {@link RecordBinding.Kind#UNBOUND} with why, in one line
     */
    public RecordBinding check(Path output, byte[] record) {
        Optional<String> mac = readSmall(macFile(output), 256);
        if (machine.isPresent() && mac.isPresent() && machine.get().verifies(record, mac.get())) {
            return RecordBinding.here();
        }
        String notHere = machine.isEmpty() ? "cannot be checked: no step record key on this machine (no user cache"
                + " directory)" : mac.isEmpty() ? "was not written on this machine (no binding)"
                : "was not written on this machine (its binding does not verify)";
        Admission a = trust.mayTake(InputPath.STEP_RECORD, signer.isPresent());
        if (a != Admission.SIGNED_ONLY) {
            return new RecordBinding(RecordBinding.Kind.UNBOUND, notHere + "; no key is trusted"
                    + " (hip.attestation.trustedKeys), so no record from elsewhere is reused");
        }
        Path signed = signedFile(output);
        if (!Files.exists(signed, LinkOption.NOFOLLOW_LINKS)) {
            return new RecordBinding(RecordBinding.Kind.UNBOUND, notHere + " and not signed ("
                    + signed.getFileName() + " missing)");
        }
        try {
            if (!Files.isRegularFile(signed, LinkOption.NOFOLLOW_LINKS) || Files.size(signed) > MAX_SIGNED_BYTES) {
                return new RecordBinding(RecordBinding.Kind.UNBOUND, notHere + "; " + signed.getFileName()
                        + " is no regular file of at most " + MAX_SIGNED_BYTES + " bytes");
            }
            DsseEnvelope e = DsseEnvelope.parse(Files.readString(signed, StandardCharsets.UTF_8), signed.toString());
            if (!PAYLOAD_TYPE.equals(e.payloadType()) || !Arrays.equals(e.payload(), record)) {
                return new RecordBinding(RecordBinding.Kind.UNBOUND, notHere + "; " + signed.getFileName()
                        + " signs another record");
            }
            for (DsseSignature s : e.signatures()) {
                for (TrustedKey k : trust.trustedKeys()) {
                    if (k.verifies(e.pae(), s.sig())) {
                        return new RecordBinding(RecordBinding.Kind.SIGNED, k.describe());
                    }
                }
            }
            return new RecordBinding(RecordBinding.Kind.UNBOUND, notHere + "; no signature in "
                    + signed.getFileName() + " verifies with a trusted key");
        } catch (AttestationException | IOException | RuntimeException x) {
            String m = x instanceof IOException io ? IoProblem.describe(io) : String.valueOf(x.getMessage());
            return new RecordBinding(RecordBinding.Kind.UNBOUND, notHere + "; " + signed.getFileName()
                    + " cannot be read (" + dev.hipdll.io.ControlCharacters.escape(m.length() > 160
                    ? m.substring(0, 157) + "..." : m) + ")");
        }
    }

    private static Optional<String> readSmall(Path f, int max) {
        try {
            if (!Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS) || Files.size(f) > max) {
                return Optional.empty();
            }
            return Optional.of(Files.readString(f, StandardCharsets.US_ASCII));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
