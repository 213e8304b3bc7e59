package dev.hipdll.attestation;

import dev.hipdll.authenticode.UnsignedImage;
import dev.hipdll.findings.Check;
import dev.hipdll.findings.CheckIds;
import dev.hipdll.findings.Verdict;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * verify's {@code artifact.attestation} check: the DLL carries a DSSE envelope signed by a trusted key over an
 * in-toto statement (SLSA provenance v1) whose subject's SHA-256 is the DLL's.
 *
 * <p>Each line of the bundle is tried (in-toto bundles: order does not matter, unrecognized lines are ignored): the
 * envelope must have payload type {@value Attestations#PAYLOAD_TYPE}; each of its signatures is checked against
 * every trusted key over the envelope's PAE (the keyid is a hint and decides nothing); the payload bytes whose
 * signature verified, and only those, are then read as the statement ({@code _type}, {@code predicateType}); one of
 * its subjects must have the DLL's SHA-256. The first line that passes all of this passes the check and names its
 * signer; otherwise it fails and says, line by line, why each was not enough.
 *
 * <p>The bundle is untrusted until a signature verifies, so the check is bounded ({@link AttestationLimits}):
 * a bundle larger than its size limit or with more envelopes than its limit is refused whole, an envelope
 * with more signatures than its limit is refused without checking any, and when the time limit runs out the check
 * fails; each refusal names the limit and its parameter.
 *
 * <p>When an attestation is not {@link Request#required() required} (hipdll:build linked this DLL in this Maven
 * build) and there is none, the check is SKIP with the reason; one that is there must pass all the same.
 *
 * <p>Every value taken from the file is quoted with control characters escaped ({@link SlsaStatement#quoted}),
 * so an attestation cannot write log lines of its own.
 */
public final class AttestationCheck {
    /** The check's id. */
    public static final String CHECK_ID = CheckIds.ARTIFACT_ATTESTATION;
    private static final String TITLE = "signed attestation (in-toto, SLSA provenance v1)";

    private AttestationCheck() {
    }

    /**
     * What to check.
     *
     * @param dll         the DLL
     * @param dllSha256   its SHA-256, 64 lower-case hex digits
     * @param attestation the bundle ({@code <dll>.intoto.jsonl} unless {@code hip.attestation} names another)
     * @param keys        the trusted keys, at least one
     * @param required    whether the DLL must carry one (it was not linked by hipdll:build in this Maven build)
     * @param why         why it is or is not required, for the report
     * @param limits      the bounds of the bundle's size, envelopes, signatures and checking time
     */
    public record Request(Path dll, String dllSha256, Path attestation, List<TrustedKey> keys, boolean required,
                          String why, AttestationLimits limits) {
        /** Copies the list. */
        public Request {
            keys = List.copyOf(keys);
            java.util.Objects.requireNonNull(limits, "limits");
        }

        /** A request within the {@link AttestationLimits#DEFAULT default limits}. */
        public Request(Path dll, String dllSha256, Path attestation, List<TrustedKey> keys, boolean required, String why) {
            this(dll, dllSha256, attestation, keys, required, why, AttestationLimits.DEFAULT);
        }
    }

    /** Runs the check. */
    public static Check check(Request r) {
        String expected = "a DSSE envelope signed by a trusted key (" + String.join(", ", r.keys().stream()
                .map(TrustedKey::describe).toList()) + ") over a statement whose subject has the DLL's SHA-256 "
                + r.dllSha256();
        if (!Files.exists(r.attestation())) {
            return r.required()
                    ? new Check(CHECK_ID, TITLE, Verdict.FAIL, expected, "no attestation at " + r.attestation(),
                    List.of("no attestation at " + r.attestation(), r.why(), "a DLL that this build did not link is"
                            + " accepted only with an attestation signed by a trusted key (docs/verify.md, Signed"
                            + " attestations)"))
                    : new Check(CHECK_ID, TITLE, Verdict.SKIP, expected, "not signed (no " + r.attestation().getFileName()
                    + ")", List.of(r.why()));
        }
        List<AttestationBundle.Line> lines;
        try {
            lines = AttestationBundle.read(r.attestation(), r.limits());
        } catch (AttestationException e) {
            return new Check(CHECK_ID, TITLE, Verdict.FAIL, expected, e.getMessage(), List.of(e.getMessage(), r.why()));
        }
        List<String> notes = new ArrayList<>();
        TimeBudget time = new TimeBudget(System.nanoTime(), r.limits().timeLimit());
        for (AttestationBundle.Line line : lines) {
            String where = r.attestation().getFileName() + " line " + line.number();
            Optional<Check> pass;
            try {
                pass = line(r, line, where, expected, notes, time);
            } catch (AttestationException e) {
                notes.add(e.getMessage());
                continue;
            }
            if (pass.isPresent()) {
                return pass.get();
            }
        }
        if (lines.isEmpty()) {
            notes.add(r.attestation().getFileName() + ": empty");
        }
        List<String> details = new ArrayList<>(notes);
        details.add(r.why());
        return new Check(CHECK_ID, TITLE, Verdict.FAIL, expected, notes.get(0), details);
    }

    /**
     * The time the signatures of one check may take, and how many were verified.
     */
    private static final class TimeBudget {
        private final long started;
        private final Duration limit;
        private int verified;

        TimeBudget(long started, Duration limit) {
            this.started = started;
            this.limit = limit;
        }

        /** Whether the limit has run out (checked before each signature verification). */
        boolean out() {
            return System.nanoTime() - started > limit.toNanos();
        }
    }

    /** One line: a decided check (PASS, or FAIL when the time limit ran out), or empty with a note of why not. */
    private static Optional<Check> line(Request r, AttestationBundle.Line line, String where, String expected,
                                        List<String> notes, TimeBudget time) throws AttestationException {
        DsseEnvelope envelope = DsseEnvelope.parse(line.text(), where, r.limits().maxSignatures());
        if (!envelope.payloadType().equals(Attestations.PAYLOAD_TYPE)) {
            notes.add(where + ": payloadType " + SlsaStatement.quoted(envelope.payloadType()) + ", not "
                    + Attestations.PAYLOAD_TYPE + ": ignored");
            return Optional.empty();
        }
        byte[] pae = envelope.pae();
        TrustedKey signer = null;
        for (DsseSignature s : envelope.signatures()) {
            for (TrustedKey k : r.keys()) {
                if (time.out()) {
                    String stop = where + ": stopped after " + time.verified + " signature verification(s): the"
                            + " attestation check's time limit ran out (" + r.limits().describeTimeLimit() + ")";
                    List<String> details = new ArrayList<>(notes);
                    details.add(stop);
                    details.add(r.why());
                    return Optional.of(new Check(CHECK_ID, TITLE, Verdict.FAIL, expected, stop, details));
                }
                time.verified++;
                if (k.verifies(pae, s.sig())) {
                    signer = k;
                    break;
                }
            }
            if (signer != null) {
                break;
            }
        }
        if (signer == null) {
            notes.add(where + ": " + (envelope.signatures().isEmpty() ? "not signed"
                    : "no signature by a trusted key (" + envelope.signatures().size() + " signature(s), keyid "
                    + String.join(", ", envelope.signatures().stream().map(s -> s.keyid().isEmpty() ? "(none)"
                    : SlsaStatement.quoted(s.keyid())).toList()) + "; trusted keyids " + String.join(", ", r.keys()
                    .stream().map(TrustedKey::keyId).toList()) + ")"));
            return Optional.empty();
        }
        SlsaStatement statement = SlsaStatement.read(envelope.payload(), where);
        Optional<String> image = Optional.empty();  // the DLL without its signature, read only when needed
        for (SlsaStatement.Subject s : statement.subjects()) {
            boolean signedAfter = false;
            if (!s.sha256().equals(r.dllSha256()) && !s.sha256().isEmpty()) {
                if (image.isEmpty()) {
                    image = unsignedImage(r.dll());
                }
                signedAfter = image.isPresent() && image.get().equals(s.sha256());
            }
            if (s.sha256().equals(r.dllSha256()) || signedAfter) {
                List<String> details = new ArrayList<>();
                details.add("signer: " + signer.describe() + ", " + signer.algorithm().label() + ", keyid " + signer.keyId());
                details.add("builder " + SlsaStatement.quoted(statement.builderId()) + ", " + SlsaStatement.PLUGIN + " "
                        + SlsaStatement.quoted(statement.pluginVersion()) + ", buildType "
                        + SlsaStatement.quoted(statement.buildType()));
                if (!statement.targets().isEmpty()) {
                    details.add("targets: " + String.join(", ", statement.targets().stream()
                            .map(SlsaStatement::quoted).toList()));
                }
                details.add(r.why());
                if (signedAfter) {
                    details.add("the subject is this DLL's image without its Authenticode signature (SHA-256 "
                            + s.sha256() + "): the DLL the build linked, signed after the build; the file's own"
                            + " SHA-256 is " + r.dllSha256());
                }
                return Optional.of(new Check(CHECK_ID, TITLE, Verdict.PASS, expected, "signed by " + signer.describe()
                        + "; subject " + SlsaStatement.quoted(s.name()) + " sha256 " + s.sha256()
                        + (signedAfter ? " (the DLL without its signature: signed after the build)" : "")
                        + " (" + where + ")", details));
            }
        }
        notes.add(where + ": signed by " + signer.describe() + ", but its subject is " + String.join(", ",
                statement.subjects().stream().map(s -> SlsaStatement.quoted(s.name()) + " sha256 "
                        + (s.sha256().isEmpty() ? "(none)" : s.sha256())).toList()) + "; this DLL ("
                + r.dll().getFileName() + ") has " + r.dllSha256());
        return Optional.empty();
    }

    /** The SHA-256 of {@code dll} without its Authenticode signature; empty when it is not signed or not readable. */
    private static Optional<String> unsignedImage(Path dll) {
        try {
            return UnsignedImage.sha256(dll);
        } catch (java.io.IOException e) {
            return Optional.empty();
        }
    }
}
