package dev.hipdll.verify;

import dev.hipdll.findings.Check;
import dev.hipdll.findings.Verdict;
import dev.hipdll.findings.CheckIds;

import dev.hipdll.authenticode.AuthenticodeSignature;
import dev.hipdll.authenticode.CertificateTable;
import dev.hipdll.authenticode.Certificates;
import dev.hipdll.authenticode.ChainCheck;
import dev.hipdll.authenticode.ImageDigest;
import dev.hipdll.authenticode.SignatureFormatException;
import dev.hipdll.authenticode.SignatureReader;
import dev.hipdll.authenticode.Timestamp;
import dev.hipdll.authenticode.TrustStore;
import dev.hipdll.authenticode.WinCertificate;
import dev.hipdll.bytes.BinaryFormatException;
import dev.hipdll.pe.FileRange;
import dev.hipdll.pe.SignatureExtent;
import dev.hipdll.pe.PeFile;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The {@code authenticode.*} checks of a DLL's Authenticode signature:
 * <ul>
 *   <li>{@code authenticode.signature}: not signed (fails only with {@code hip.requireSignature}); signed, the CMS
 *       signature verifies and the image hash it covers is the file's ({@link ImageDigest}); or signed but the file
 *       changed after signing (the hash differs), the certificate table holds bytes the signature does not cover
 *       ({@link SignatureExtent}: a second entry, bytes after the PKCS#7 SignedData; MS13-098), the signature itself
 *       does not verify, or it uses a digest {@code hip.signature.digests} refuses ({@link
 *       dev.hipdll.authenticode.DigestPolicy}: the image hash, the signer's digest); a table or SignedData the ASN.1
 *       and certificate libraries cannot read is a named FAIL, never an exception;</li>
 *   <li>{@code authenticode.signer}: the signer's subject and SHA-1/SHA-256 thumbprints, one of {@code hip.signers}
 *       when given;</li>
 *   <li>{@code authenticode.chain}: the signer's certificate chains to {@code hip.trustStore} (JDK PKIX, at the
 *       timestamp's time when there is a valid one whose digests the policy accepts and whose authority chains to
 *       the store too, else now, each decision named in the details; <b>no revocation check</b>); skipped without a
 *       trust store;</li>
 *   <li>{@code authenticode.timestamp}: the timestamp (RFC 3161 or Authenticode counter-signature), its time and
 *       authority (a legacy counter-signature with a content-type attribute, as DigiCert issues them, is read as
 *       Windows reads it); none warns (the signature then lapses with the certificate), an invalid one or one using a
 *       digest the policy refuses fails.</li>
 * </ul>
 * Every signature of the file counts (the outer one and those nested in it). When signed, the facts
 * {@code authenticodeSha256} (the image hash in SHA-256) and {@code unsignedSha256} (the SHA-256 of the file without
 * its signature: the DLL as linked when the linker wrote CheckSum 0) are recorded.
 */
final class SignatureChecks {
    private static final List<String> IDS = List.of(CheckIds.AUTHENTICODE_SIGNATURE, CheckIds.AUTHENTICODE_SIGNER,
            CheckIds.AUTHENTICODE_CHAIN, CheckIds.AUTHENTICODE_TIMESTAMP);
    private static final String TITLE = "Authenticode signature over the image";

    private final SignatureOptions options;
    private final Instant now;
    /** The image hash on its own thread ({@link #startImageHash}); one verification's, like this object. */
    private BackgroundTask<ImageDigest.Result> hash;

    SignatureChecks(SignatureOptions options, Instant now) {
        this.options = options;
        this.now = now;
    }

    /** The ids, in report order. */
    static List<String> ids() {
        return IDS;
    }

    /**
     * The four checks of {@code pe}.
     *
     * @param overlayRefused whether {@code pe.overlay} refused the overlay: the hash, which covers it, is not taken
     * @param facts          where the digests are recorded
     */
    List<Check> run(PeFile pe, boolean overlayRefused, Map<String, String> facts) throws IOException {
        String expected = options.required() ? "an Authenticode signature whose image hash is the file's (hip.requireSignature)"
                : "unsigned, or signed with an image hash that is the file's";
        if (!CertificateTable.present(pe)) {
            facts.put("signature", "none");
            return rest(Check.of(CheckIds.AUTHENTICODE_SIGNATURE, TITLE, options.required() ? Verdict.FAIL : Verdict.PASS,
                    expected, "not signed (no certificate table: data directory 4 is empty)"), "not signed");
        }
        try {
            return signed(pe, overlayRefused, facts, expected);
        } finally {
            awaitImageHash();
        }
    }

    /**
     * Starts the image hash on a thread of its own, before the other checks of the verification run: in SHA-256
     * (what nearly every signature uses, and the fact {@code authenticodeSha256}) with the unsigned image's SHA-256.
     * The whole-file hash then overlaps the header, table and device-code checks and the PKCS#7 parse (which in a
     * fresh JVM spends a third of a second loading the ASN.1 and certificate classes) instead of coming after them.
     * Does nothing when the file is not signed, the overlay is refused (the hash is not taken) or the certificate
     * table cannot be read ({@link #run} reports why). The caller ends it with {@link #awaitImageHash()}.
     */
    void startImageHash(PeFile pe, boolean overlayRefused) throws IOException {
        if (hash != null || overlayRefused || !CertificateTable.present(pe)) {
            return;
        }
        try {
            CertificateTable table = CertificateTable.read(pe);
            if (table.signedData().isPresent()) {
                hash = BackgroundTask.start("authenticode-hash", new HashBody(pe, table));
            }
        } catch (BinaryFormatException e) {
            // run() reads the table again and reports this
        }
    }

    /** Waits for the image hash started by {@link #startImageHash}, if any: no thread reads the file after this. */
    void awaitImageHash() {
        if (hash != null) {
            hash.awaitQuietly();
        }
    }

    /** {@link ImageDigest#compute} in SHA-256 as a {@link BackgroundTask}'s body (a class: no lambda on verify's path). */
    private static final class HashBody implements BackgroundTask.Body<ImageDigest.Result> {
        private final PeFile pe;
        private final CertificateTable table;

        HashBody(PeFile pe, CertificateTable table) {
            this.pe = pe;
            this.table = table;
        }

        @Override
        public ImageDigest.Result run() throws IOException {
            return ImageDigest.compute(pe, table, List.of("SHA-256"), true, pe.budget());
        }
    }

    private List<Check> signed(PeFile pe, boolean overlayRefused, Map<String, String> facts, String expected)
            throws IOException {
        CertificateTable table;
        List<AuthenticodeSignature> sigs;
        SignatureExtent extent;
        String where = "the certificate table";
        try {
            table = CertificateTable.read(pe);
            Optional<WinCertificate> entry = table.signedData();
            if (entry.isEmpty()) {
                return rest(Check.of(CheckIds.AUTHENTICODE_SIGNATURE, TITLE, Verdict.FAIL, expected, "the certificate table"
                        + " has no WIN_CERT_TYPE_PKCS_SIGNED_DATA entry (" + table.entries().size() + " entries)"),
                        "no readable signature");
            }
            WinCertificate e = entry.get();
            int index = table.entries().indexOf(e);
            where = String.format("WIN_CERTIFICATE #%d at file offset 0x%X (%d bytes)", index, e.offset(), e.length());
            extent = SignatureExtent.of(pe, table.offset(), table.end(), index, e.offset(), e.length());
            byte[] pkcs7 = pe.source().read(e.contentOffset(), (int) e.contentLength(), "WIN_CERTIFICATE bCertificate");
            if (!overlayRefused && hash == null) {
                hash = BackgroundTask.start("authenticode-hash", new HashBody(pe, table));  // beside the parse
            }
            sigs = SignatureReader.read(pkcs7);
        } catch (BinaryFormatException e) {
            return rest(Check.of(CheckIds.AUTHENTICODE_SIGNATURE, TITLE, Verdict.FAIL, expected, "malformed certificate table: "
                    + e.getMessage()), "no readable signature");
        } catch (SignatureFormatException e) {
            return rest(Check.of(CheckIds.AUTHENTICODE_SIGNATURE, TITLE, Verdict.FAIL, expected, "malformed signature in "
                    + where + ": " + e.getMessage()), "no readable signature");
        } catch (RuntimeException e) {  // the ASN.1 and certificate libraries' answer to bytes they cannot read
            return rest(Check.of(CheckIds.AUTHENTICODE_SIGNATURE, TITLE, Verdict.FAIL, expected, "malformed signature in "
                    + where + ": " + refused(e)), "no readable signature");
        }
        List<Check> out = new ArrayList<>();
        try {
            out.add(signature(pe, table, extent, sigs, overlayRefused, expected, facts));
            out.add(signer(sigs));
            out.add(chain(sigs));
            out.add(timestamp(sigs));
        } catch (RuntimeException e) {  // a certificate or attribute read lazily, past the SignedData's own parse
            return rest(Check.of(CheckIds.AUTHENTICODE_SIGNATURE, TITLE, Verdict.FAIL, expected, "malformed signature in "
                    + where + ": " + refused(e)), "no readable signature");
        }
        return out;
    }

    /** What a library threw on bytes it cannot read, for the report: the exception's kind and message. */
    private static String refused(RuntimeException e) {
        String m = e.getMessage();
        return "the ASN.1 or certificate library cannot read it (" + e.getClass().getSimpleName()
                + (m == null || m.isBlank() ? "" : ": " + m) + ")";
    }

    private Check signature(PeFile pe, CertificateTable table, SignatureExtent extent, List<AuthenticodeSignature> sigs,
                            boolean overlayRefused, String expected, Map<String, String> facts) throws IOException {
        AuthenticodeSignature first = sigs.get(0);
        facts.put("signature", "Authenticode " + first.digestAlgorithm() + ", " + first.subject());
        List<String> details = new ArrayList<>();
        if (table.entries().size() > 1) {
            details.add(table.entries().size() + " WIN_CERTIFICATE entries; Windows reads only the first signed-data entry");
        }
        long unsignedBytes = 0;
        for (FileRange r : extent.unsigned()) {
            unsignedBytes += r.length();
            details.add("not covered by the signature: " + r.what() + " at " + r.span());
        }
        details.add("the signature: " + extent.signature().what() + " at " + extent.signature().span()
                + (extent.derLength() < 0 ? "" : ": a PKCS#7 SignedData of " + extent.derLength() + " bytes and its zero padding"));
        String tableProblem = null;
        if (!extent.unsigned().isEmpty()) {
            FileRange r = extent.unsigned().get(0);
            tableProblem = "signed, but the certificate table holds " + unsignedBytes + " byte(s) the signature does not cover: "
                    + r.what() + " at " + r.span() + " (neither the image hash nor the signature covers the table;"
                    + " Windows with EnableCertPaddingCheck refuses such a file: MS13-098, CVE-2013-3900)";
        }
        if (overlayRefused) {
            details.add("the image hash was not taken: it covers the overlay that pe.overlay refuses, which is not read");
            return new Check(CheckIds.AUTHENTICODE_SIGNATURE, TITLE, Verdict.FAIL, expected, tableProblem != null
                    ? tableProblem : "signed, but the image hash was not taken: it covers the overlay that pe.overlay"
                    + " refuses, which is not read", details);
        }
        Set<String> more = new LinkedHashSet<>();
        for (AuthenticodeSignature s : sigs) {
            if (!s.digestAlgorithm().equals("SHA-256")) {
                more.add(s.digestAlgorithm());  // SHA-1, SHA-384, SHA-512: a second pass
            }
        }
        ImageDigest.Result digest;
        try {
            digest = hash.result();
            if (!more.isEmpty()) {
                digest = digest.with(ImageDigest.compute(pe, table, more, false, pe.budget()));
            }
        } catch (BinaryFormatException e) {
            return new Check(CheckIds.AUTHENTICODE_SIGNATURE, TITLE, Verdict.FAIL, expected, "signed, but the image hash"
                    + " cannot be taken: " + e.getMessage(), details);
        }
        String sha256 = HexFormat.of().formatHex(digest.sectionWalk().get("SHA-256"));
        facts.put("authenticodeSha256", sha256);
        facts.put("unsignedSha256", digest.unsignedSha256());
        List<String> changed = new ArrayList<>();
        List<String> broken = new ArrayList<>();
        List<String> weak = new ArrayList<>();
        for (int i = 0; i < sigs.size(); i++) {
            AuthenticodeSignature s = sigs.get(i);
            String name = sigs.size() == 1 ? "signature" : "signature #" + (i + 1) + (s.nested() > 0 ? " (nested)" : "");
            String computed = HexFormat.of().formatHex(digest.sectionWalk().get(s.digestAlgorithm()));
            boolean matches = digest.matches(s.digestAlgorithm(), s.signedDigest());
            details.add(name + ": " + s.digestAlgorithm() + " image hash " + computed + (matches ? " = the signed one"
                    : ", the signature covers " + s.signedDigestHex()));
            if (!matches) {
                changed.add(name);
            }
            List<String> used = new ArrayList<>();
            used.add(s.digestAlgorithm());
            used.addAll(s.signerDigest());
            List<String> refused = options.digests().refused(used);
            details.add(name + " digests: image hash " + s.digestAlgorithm() + ", signer " + String.join(" and ",
                    s.signerDigest()) + (refused.isEmpty() ? " (accepted by hip.signature.digests)"
                    : "; " + String.join(", ", refused) + " refused by hip.signature.digests"));
            if (!refused.isEmpty()) {
                weak.add(name + " uses " + String.join(", ", refused) + " (image hash " + s.digestAlgorithm() + ", signer "
                        + String.join(" and ", s.signerDigest()) + "), which hip.signature.digests refuses (accepted: "
                        + options.digests().describe() + ")");
            }
            if (s.signatureProblem() != null) {
                broken.add(name + ": " + s.signatureProblem());
                details.add(name + ": " + s.signatureProblem());
            }
            details.add(name + " signer: " + signerLine(s));
        }
        details.add("image without its signature: SHA-256 " + digest.unsignedSha256() + " (the file up to the certificate"
                + " table, CheckSum and data directory 4 zeroed)");
        if (digest.layoutNote() != null) {
            details.add("the section walk and the file order differ (" + digest.layoutNote() + "); either hash is accepted");
        }
        if (!changed.isEmpty()) {
            return new Check(CheckIds.AUTHENTICODE_SIGNATURE, TITLE, Verdict.FAIL, expected, "signed, but the file changed"
                    + " after signing: the " + String.join(", ", changed) + " covers another image hash", details);
        }
        if (tableProblem != null) {
            return new Check(CheckIds.AUTHENTICODE_SIGNATURE, TITLE, Verdict.FAIL, expected, tableProblem, details);
        }
        if (!broken.isEmpty()) {
            return new Check(CheckIds.AUTHENTICODE_SIGNATURE, TITLE, Verdict.FAIL, expected, "signed, but the signature does"
                    + " not verify: " + broken.get(0), details);
        }
        if (!weak.isEmpty()) {
            return new Check(CheckIds.AUTHENTICODE_SIGNATURE, TITLE, Verdict.FAIL, expected, "signed, but the "
                    + weak.get(0), details);
        }
        return new Check(CheckIds.AUTHENTICODE_SIGNATURE, TITLE, Verdict.PASS, expected, "signed; the " + first.digestAlgorithm()
                + " image hash matches" + (sigs.size() > 1 ? " (" + sigs.size() + " signatures)" : "") + "; signer "
                + first.subject(), details);
    }

    private Check signer(List<AuthenticodeSignature> sigs) {
        String title = "signed by an accepted signer";
        List<String> details = new ArrayList<>();
        List<String> unpinned = new ArrayList<>();
        for (AuthenticodeSignature s : sigs) {
            Optional<String> pin = options.signers().match(s.signer());
            details.add(signerLine(s) + (!options.signers().any() ? "" : pin.isPresent() ? " (matches '" + pin.get() + "')"
                    : " (not in hip.signers)"));
            if (pin.isEmpty()) {
                unpinned.add(s.subject());
            }
        }
        if (!options.signers().any()) {
            return new Check(CheckIds.AUTHENTICODE_SIGNER, title, Verdict.PASS, "any signer (no hip.signers)",
                    sigs.get(0).subject(), details);
        }
        String expected = "a signer in hip.signers: " + String.join("; ", options.signers().entries());
        return unpinned.isEmpty()
                ? new Check(CheckIds.AUTHENTICODE_SIGNER, title, Verdict.PASS, expected, sigs.get(0).subject(), details)
                : new Check(CheckIds.AUTHENTICODE_SIGNER, title, Verdict.FAIL, expected, "signed by " + unpinned.get(0)
                        + ", not in hip.signers", details);
    }

    private Check chain(List<AuthenticodeSignature> sigs) {
        String title = "the signer chains to the trust store";
        if (options.trustStore().isEmpty()) {
            return Check.of(CheckIds.AUTHENTICODE_CHAIN, title, Verdict.SKIP, "a chain to hip.trustStore",
                    "not checked: no hip.trustStore");
        }
        TrustStore store = options.trustStore().get();
        String expected = "a chain to a certificate of " + store.file().getFileName() + " (hip.trustStore; revocation is"
                + " not checked)";
        List<String> details = new ArrayList<>();
        String failed = null;
        for (AuthenticodeSignature s : sigs) {
            if (s.signer() == null) {
                failed = failed == null ? "no signer certificate in the signature" : failed;
                continue;
            }
            // as Windows does: at the time of a valid timestamp (the signing certificate may have expired since), else now
            String why;
            boolean stamped = false;
            if (s.timestamp().isEmpty()) {
                why = "no timestamp";
            } else if (!s.timestamp().get().valid()) {
                why = "the timestamp does not verify";
            } else if (!options.digests().refused(s.timestamp().get().digests()).isEmpty()) {
                why = "the timestamp uses " + String.join(", ", options.digests().refused(s.timestamp().get().digests()))
                        + ", which hip.signature.digests refuses";
            } else if (s.timestamp().get().time().isAfter(now)) {
                why = "the timestamp's time " + s.timestamp().get().time() + " is in the future";
                details.add("the timestamp says " + s.timestamp().get().time() + ", after now: it does not date the"
                        + " signature, the chain is checked now");
            } else {  // the timestamp's time counts only when its authority chains to the store too
                Timestamp t = s.timestamp().get();
                ChainCheck.Result tsa = t.authorityCertificate() == null ? new ChainCheck.Result(false, "no certificate")
                        : ChainCheck.check(t.authorityCertificate(), t.certificates(), store, t.time(), ChainCheck.TIME_STAMPING);
                stamped = tsa.trusted();
                why = stamped ? "" : "its timestamping authority is not trusted";
                if (!tsa.trusted()) {
                    details.add("the timestamping authority " + t.authority() + " is not trusted (" + tsa.detail()
                            + "): the chain is checked now, not at the timestamp's time");
                }
            }
            Instant at = stamped ? s.timestamp().get().time() : now;
            ChainCheck.Result r = ChainCheck.check(s.signer(), s.certificates(), store, at);
            details.add((r.trusted() ? "trusted: " : "not trusted: ") + r.detail() + " (checked at " + at
                    + (stamped ? ", the timestamp's time: the signing certificate need only be valid then"
                    : ", now: " + why) + ")");
            if (!r.trusted() && failed == null) {
                failed = r.detail();
            }
        }
        details.add("revocation (CRL, OCSP) is not checked: verify has no network");
        return failed == null
                ? new Check(CheckIds.AUTHENTICODE_CHAIN, title, Verdict.PASS, expected, "trusted, revocation not checked",
                        details)
                : new Check(CheckIds.AUTHENTICODE_CHAIN, title, Verdict.FAIL, expected, failed, details);
    }

    private Check timestamp(List<AuthenticodeSignature> sigs) {
        String title = "the signature is timestamped";
        String expected = "a valid RFC 3161 or Authenticode timestamp";
        List<String> details = new ArrayList<>();
        String invalid = null;
        String missing = null;
        for (AuthenticodeSignature s : sigs) {
            if (s.timestamp().isEmpty()) {
                String until = s.signer() == null ? "" : " (the certificate expires " + s.signer().getNotAfter().toInstant() + ")";
                details.add(s.subject() + ": no timestamp" + until);
                missing = missing == null ? "not timestamped: the signature lapses when the signing certificate expires" + until
                        : missing;
                continue;
            }
            Timestamp t = s.timestamp().get();
            List<String> refused = options.digests().refused(t.digests());
            details.add(t.kind() + " timestamp " + t.time() + " by " + t.authority() + (t.valid() ? "" : ": " + t.problem())
                    + (t.digests().isEmpty() ? "" : "; digests " + String.join(", ", t.digests()) + (refused.isEmpty()
                    ? " (accepted by hip.signature.digests)" : ", " + String.join(", ", refused) + " refused by"
                    + " hip.signature.digests")));
            if (!t.form().isEmpty()) {
                details.add(t.kind() + " timestamp read as " + t.form());
            }
            if (!t.valid() && invalid == null) {
                invalid = t.kind() + " timestamp does not verify: " + t.problem();
            }
            if (t.valid() && !refused.isEmpty() && invalid == null) {
                invalid = t.kind() + " timestamp uses " + String.join(", ", refused) + ", which hip.signature.digests"
                        + " refuses (accepted: " + options.digests().describe() + ")";
            }
        }
        if (invalid != null) {
            return new Check(CheckIds.AUTHENTICODE_TIMESTAMP, title, Verdict.FAIL, expected, invalid, details);
        }
        if (missing != null) {
            return new Check(CheckIds.AUTHENTICODE_TIMESTAMP, title, Verdict.WARN, expected, missing, details);
        }
        Timestamp t = sigs.get(0).timestamp().get();
        return new Check(CheckIds.AUTHENTICODE_TIMESTAMP, title, Verdict.PASS, expected, t.kind() + " " + t.time() + " by "
                + t.authority(), details);
    }

    private static String signerLine(AuthenticodeSignature s) {
        return s.signer() == null ? s.subject() : s.subject() + ", SHA-1 " + Certificates.sha1(s.signer()) + ", SHA-256 "
                + Certificates.sha256(s.signer());
    }

    /** {@code first}, then the other three skipped for {@code why}. */
    private static List<Check> rest(Check first, String why) {
        List<Check> out = new ArrayList<>();
        out.add(first);
        for (String id : IDS.subList(1, IDS.size())) {
            out.add(Check.of(id, id, Verdict.SKIP, "a signature", why));
        }
        return out;
    }
}
