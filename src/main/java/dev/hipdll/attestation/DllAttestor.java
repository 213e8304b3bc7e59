package dev.hipdll.attestation;

import dev.hipdll.authenticode.UnsignedImage;
import dev.hipdll.digest.Sha256;
import dev.hipdll.io.AtomicFile;
import dev.hipdll.io.IoProblem;
import dev.hipdll.provenance.Provenance;
import dev.hipdll.provenance.ProvenanceException;
import dev.hipdll.provenance.ProvenanceJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Writes a built DLL's signed attestation, {@code <dll>.intoto.jsonl}: the {@link SlsaStatement} of its
 * {@code provenance.json}, in a DSSE envelope ({@link DsseEnvelope}) signed with the user's key, one line.
 *
 * <ul>
 *   <li>With a key: the statement is made from {@code provenance.json} as the build wrote it, after checking that
 *       the document's {@code output.sha256} is the DLL's (else nothing is signed and the build fails). A DLL found
 *       up to date whose attestation already holds this statement signed by this key keeps it; otherwise the file
 *       is written anew (atomically).</li>
 *   <li>Without a key: nothing is signed, and the log says so at INFO. {@code provenance.json} stays the unsigned
 *       record; no unsigned statement is written (an {@code .intoto.jsonl} beside a DLL always carries a
 *       signature). The attestation of an earlier build is deleted when the DLL was rebuilt (it describes the old
 *       DLL) and kept when the DLL is up to date.</li>
 * </ul>
 */
public final class DllAttestor {
    /**
     * What to attest.
     *
     * @param dll            the DLL
     * @param provenanceFile its {@code provenance.json}
     * @param upToDate       whether the build found the DLL up to date (nothing was linked)
     * @param parameters     the user's parameters that decide the DLL
     * @param builderId      {@code runDetails.builder.id}
     * @param pluginVersion  the plugin's version
     * @param key            the signing key, or empty: unsigned
     * @param noKeyHint      how a key would be configured, for the one INFO line of an unsigned build; empty: that
     *                       line was given already (once per Maven session), and is not repeated
     * @param hints          how the front end tells its user to set a parameter ({@code -Dhip.force=true})
     */
    public record Request(Path dll, Path provenanceFile, boolean upToDate, ExternalParameters parameters,
                          String builderId, String pluginVersion, Optional<SigningKey> key, String noKeyHint,
                          dev.hipdll.parameter.ParameterHints hints) {
        /** A request worded for Maven ({@link dev.hipdll.parameter.ParameterHints#MAVEN}). */
        public Request(Path dll, Path provenanceFile, boolean upToDate, ExternalParameters parameters,
                       String builderId, String pluginVersion, Optional<SigningKey> key, String noKeyHint) {
            this(dll, provenanceFile, upToDate, parameters, builderId, pluginVersion, key, noKeyHint,
                    dev.hipdll.parameter.ParameterHints.MAVEN);
        }
    }

    /**
     * Signs (or says why not).
     *
     * @param r   what to attest
     * @param log INFO lines
     * @return the attestation written or kept, empty when there is none
     * @throws AttestationException when {@code provenance.json} cannot be read or does not describe the DLL, or the key
     *                              cannot sign
     * @throws IOException          when the DLL cannot be read or the attestation not written or deleted
     */
    public Optional<Path> attest(Request r, Consumer<String> log) throws AttestationException, IOException {
        // a DLL another tool signed after the build is the build's by its image without the signature (UnsignedImage)
        Path file = Attestations.fileFor(r.dll());
        if (r.key().isEmpty()) {
            if (!r.noKeyHint().isEmpty()) {  // one short line; empty: said once already
                log.accept("attestation: not signed (no signing key: " + r.noKeyHint() + ")");
            }
            if (r.upToDate() && Files.isRegularFile(file)) {
                log.accept("attestation: kept " + file.getFileName() + " of the build that made this DLL");
                return Optional.of(file);
            }
            if (Files.deleteIfExists(file)) {
                log.accept("attestation: deleted " + file + ": it described the DLL this build replaced");
            }
            return Optional.empty();
        }
        SigningKey key = r.key().get();
        Provenance provenance;
        try {
            provenance = new ProvenanceJson().read(r.provenanceFile());
        } catch (ProvenanceException e) {
            throw new AttestationException("cannot sign: " + e.getMessage());
        }
        String dllSha256 = Sha256.of(r.dll());
        Optional<String> image = UnsignedImage.sha256(r.dll());
        boolean signedAfter = !dllSha256.equals(provenance.output().sha256())
                && image.filter(provenance.output().sha256()::equals).isPresent();
        // a DLL the build signed: its image without the signature is named too (signedAfter: it is the subject)
        byte[] statement = SlsaStatement.of(provenance, r.parameters(), r.builderId(), r.pluginVersion(),
                r.provenanceFile().getFileName().toString(), Sha256.of(r.provenanceFile()),
                signedAfter ? null : image.orElse(null));
        if (!dllSha256.equals(provenance.output().sha256()) && !signedAfter) {
            if (r.upToDate() && image.isPresent() && alreadySigned(file, statement, key)) {
                // the build signed it, another tool signed it again: the statement names its image already
                log.accept("attestation: " + file + " kept (it names this DLL's image without its signature, sha256 "
                        + image.get() + ": signed again after the build; signed by " + key + ")");
                return Optional.of(file);
            }
            throw new AttestationException("cannot sign: " + r.provenanceFile() + " records output.sha256 "
                    + SlsaStatement.quoted(provenance.output().sha256()) + ", but " + r.dll() + " has " + dllSha256
                    + "; build again (" + r.hints().set("hip.force", "true") + ")");
        }
        if (r.upToDate() && alreadySigned(file, statement, key)) {
            log.accept("attestation: " + file + " kept (this statement, signed by " + key + ")");
            return Optional.of(file);
        }
        DsseEnvelope envelope = key.sign(new DsseEnvelope(Attestations.PAYLOAD_TYPE, statement, List.of()));
        try {
            AtomicFile.writeString(file, envelope.toJson() + "\n");
        } catch (IOException e) {
            throw new IOException("cannot write the attestation " + file + ": " + IoProblem.describe(e), e);
        }
        log.accept("attestation: " + file + " (in-toto Statement v1, SLSA provenance v1, subject "
                + provenance.output().file() + " sha256 " + provenance.output().sha256()
                + (signedAfter ? ": the DLL as the build linked it, which another tool signed after the build" : "")
                + "), signed by " + key + ", keyid " + key.keyId());
        return Optional.of(file);
    }

    /** Whether {@code file} holds {@code statement} signed by {@code key}. */
    private static boolean alreadySigned(Path file, byte[] statement, SigningKey key) {
        try {
            for (AttestationBundle.Line line : AttestationBundle.read(file)) {
                DsseEnvelope e = DsseEnvelope.parse(line.text(), file + " line " + line.number());
                if (e.payloadType().equals(Attestations.PAYLOAD_TYPE) && Arrays.equals(e.payload(), statement)) {
                    for (DsseSignature s : e.signatures()) {
                        if (key.algorithm().verify(key.publicKey(), e.pae(), s.sig())) {
                            return true;
                        }
                    }
                }
            }
        } catch (AttestationException | java.security.InvalidKeyException e) {
            return false; // unreadable or foreign: written anew
        }
        return false;
    }
}
