package dev.hipdll.provenance;

import dev.hipdll.digest.ChecksumList;
import dev.hipdll.digest.FileDigests;
import dev.hipdll.digest.Sha256;
import dev.hipdll.io.IoProblem;
import dev.hipdll.findings.Check;
import dev.hipdll.findings.CheckIds;
import dev.hipdll.findings.Verdict;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The SHA-256 a DLL must have, from {@code -Dhip.expectedSha256} or from the {@code output.sha256}
 * field of a provenance document, and the {@code artifact.sha256} check that compares it with a
 * DLL (e.g. one downloaded from a release).
 *
 * @param sha256 the expected digest, 64 lower-case hex digits
 * @param source where it came from, e.g. {@code -Dhip.expectedSha256} or {@code provenance.json (output.sha256)}
 * @param file   the file name the digest was recorded for, or {@code null} when unknown
 */
public record ExpectedDigest(String sha256, String source, String file) {
    /** The check's id. */
    public static final String CHECK_ID = CheckIds.ARTIFACT_SHA256;

    /**
     * From a digest value.
     *
     * @throws IllegalArgumentException when it is not 64 hex digits
     */
    public static ExpectedDigest of(String value, String source) {
        return new ExpectedDigest(Sha256.parse(value), source, null);
    }

    /**
     * From {@code -Dhip.expectedSha256}: a digest, or the path of a list in {@code sha256sum} format
     * ({@code coli_hip.dll.sha256}, {@code SHA256SUMS}, GNU or BSD lines) read as {@code sha256sum -c} reads
     * it: the digest of the line whose file name is {@code dll}'s ({@link ChecksumList}). A list holding
     * nothing but one bare digest states that digest.
     *
     * @param value  the parameter's value
     * @param source how the log names the parameter, e.g. {@code -Dhip.expectedSha256}
     * @param dll    the DLL being verified: its file name picks the line
     * @throws IllegalArgumentException when the value is neither a digest nor a readable list with a line for
     *                                  the DLL (at most {@link ChecksumList#MAX_BYTES}, UTF-8 text), naming the
     *                                  list, the DLL's file name and what was expected, never the list's content
     */
    public static ExpectedDigest fromValueOrFile(String value, String source, Path dll) {
        String v = value == null ? "" : value.trim();
        if (v.matches("[0-9a-fA-F]{64}")) {
            return of(v, source);
        }
        Path file;
        try {
            file = v.isEmpty() ? null : Path.of(v);
        } catch (java.nio.file.InvalidPathException e) {
            file = null;
        }
        if (file != null && Files.isRegularFile(file)) {
            try {
                return new ExpectedDigest(ChecksumList.digestFor(file, dll), source + " (" + file.getFileName()
                        + ", the line for " + dll.getFileName() + ")", dll.getFileName().toString());
            } catch (IOException e) {
                throw new IllegalArgumentException("cannot read " + file + ": " + IoProblem.describe(e));
            }
        }
        if (file != null && Files.exists(file)) {
            // a directory, named pipe, socket or device: never opened (a pipe would block)
            throw new IllegalArgumentException(file + ": " + (Files.isDirectory(file) ? "is a directory"
                    : "is not a regular file (a named pipe, socket or device)")
                    + "; expected a SHA-256 digest (64 hex digits) or a .sha256 file");
        }
        if (file != null && !v.matches("[0-9a-fA-F]+")) {
            // not a digest with a digit too many or too few: a file name, of a file that is not there
            throw new IllegalArgumentException(file.toAbsolutePath().normalize() + " does not exist; expected a SHA-256"
                    + " digest (64 hex digits) or a .sha256 file");
        }
        throw new IllegalArgumentException("expected a SHA-256 digest (64 hex digits) or a .sha256 file, got '" + value + "'");
    }

    /**
     * From a provenance document.
     *
     * @throws ProvenanceException when it cannot be read or has no valid {@code output.sha256}
     */
    public static ExpectedDigest fromProvenance(Path provenanceFile) throws ProvenanceException {
        Provenance p = new ProvenanceJson().read(provenanceFile);
        try {
            return new ExpectedDigest(Sha256.parse(p.output().sha256()),
                    provenanceFile.getFileName() + " (output.sha256)", p.output().file());
        } catch (IllegalArgumentException e) {
            throw new ProvenanceException(provenanceFile + ": output.sha256: " + e.getMessage());
        }
    }

    /** Compares {@code dll}'s digest with this one; an unreadable DLL fails the check. */
    public Check check(Path dll) {
        return check(dll, new FileDigests());
    }

    /**
     * Compares {@code dll}'s digest, taken from {@code digests} (read only when they do not know
     * it yet: verify's streaming pass records it there), with this one; an unreadable DLL fails the
     * check.
     */
    public Check check(Path dll, FileDigests digests) {
        String title = "SHA-256 matches the published digest";
        String expected = sha256 + " (from " + source + ")";
        if (!Files.isRegularFile(dll)) {
            return Check.of(CHECK_ID, title, Verdict.FAIL, expected, "no file at " + dll);
        }
        String actual;
        try {
            actual = digests.of(dll);
        } catch (IOException e) {
            return Check.of(CHECK_ID, title, Verdict.FAIL, expected, "cannot read " + dll + ": " + e.getMessage());
        }
        boolean ok = actual.equals(sha256);
        List<String> details = !ok && file != null && !file.equals(dll.getFileName().toString())
                ? List.of("the digest was recorded for " + file + ", this file is " + dll.getFileName()) : List.of();
        return new Check(CHECK_ID, title, ok ? Verdict.PASS : Verdict.FAIL, expected, actual, details);
    }

    /**
     * The check when {@code dll}'s digest was not computed because verify did not read the whole file
     * within its budget (an overlay {@code pe.overlay} refused, {@code hip.verifyTimeLimit}): a FAIL that
     * says so, instead of a read of bytes verify was kept from reading.
     */
    public Check notRead(Path dll) {
        return Check.of(CHECK_ID, "SHA-256 matches the published digest", Verdict.FAIL, sha256 + " (from " + source + ")",
                "not computed: verify did not read all of " + dll.getFileName() + " within its budget (see pe.overlay and"
                        + " paths.build)");
    }
}
