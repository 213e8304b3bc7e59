package dev.hipdll.incremental;

import dev.hipdll.digest.FileDigests;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The incremental protocol around one DLL build (one instance per build; not thread-safe):
 *
 * <ol>
 *   <li>{@link #check}: compare the committed stamp with the current inputs (up to date, or why not);
 *       without a committed stamp, the pending one of a build whose {@code hipdll:verify} never judged
 *       the DLL (it failed on its own parameters, or did not run), so that build's work is kept
 *       ({@link #decidedOnPending()});</li>
 *   <li>{@link #starting}: before the compiler starts, delete every stamp, so that a failed or
 *       interrupted build leaves none;</li>
 *   <li>{@link #succeeded}: after the compiler succeeded, fingerprint what it read (its dependency
 *       file) and write the stamp: committed at once, or pending when {@code hipdll:verify} runs later
 *       in the same Maven build and must pass first ({@link StampStore#promotePending}).</li>
 * </ol>
 */
public final class IncrementalBuild {
    private final StampStore store;
    private boolean decidedOnPending;

    /** @param store the stamps of the DLL being built */
    public IncrementalBuild(StampStore store) {
        this.store = store;
    }

    /**
     * Decides whether the DLL is up to date. When it is, and recorded files had new times but the
     * same content, the committed stamp is rewritten with their new times (see {@link UpToDateCheck}).
     *
     * @param inputs what the build would be made of now
     * @param force  {@code hip.force}
     * @throws IOException when an SDK component cannot be read
     */
    public StampDecision check(StampInputs inputs, boolean force) throws IOException {
        Optional<BuildStamp> committed = store.committed();
        Optional<BuildStamp> pending = committed.isPresent() || force ? Optional.empty() : store.pending();
        StampDecision decision = UpToDateCheck.decide(committed.or(() -> pending).orElse(null), inputs, force);
        decidedOnPending = pending.isPresent() && decision.upToDate();
        if (decision.refreshedStamp().isPresent()) {
            try {
                if (decidedOnPending) {
                    store.writePending(decision.refreshedStamp().get());
                } else {
                    store.refreshCommitted(decision.refreshedStamp().get());
                }
            } catch (IOException e) {
                // only a saving: the next check hashes those files again
            }
        }
        return decision;
    }

    /**
     * Whether the last {@link #check} found the DLL up to date by its pending stamp (there was no
     * committed one): the DLL was built, and no {@code hipdll:verify} has judged it yet.
     */
    public boolean decidedOnPending() {
        return decidedOnPending;
    }

    /**
     * Deletes the stamps before the compiler starts.
     *
     * @throws IOException when a stamp cannot be deleted
     */
    public void starting() throws IOException {
        store.clear();
    }

    /**
     * Writes the stamp of a successful build.
     *
     * @param inputs      what the build was made of
     * @param depFile     the compiler's dependency file ({@code -MD -MF})
     * @param workingDir  the compiler's working directory (relative names in the dependency file resolve against it)
     * @param awaitVerify whether {@code hipdll:verify} runs later in this Maven build: then the stamp is pending
     * @return the stamp file written
     * @throws IOException when the dependency file is missing (the compiler ignored {@code -MD -MF}) or a
     *                     file cannot be read or written
     */
    public Path succeeded(StampInputs inputs, Path depFile, Path workingDir, boolean awaitVerify) throws IOException {
        return succeeded(inputs, depFile, workingDir, awaitVerify, new FileDigests());
    }

    /**
     * As {@link #succeeded(StampInputs, Path, Path, boolean)}, with file digests from the build's
     * shared {@code digests} (the checksum and provenance written just before read the same files).
     *
     * @return the stamp file written
     * @throws IOException when the dependency file is missing or a file cannot be read or written
     */
    public Path succeeded(StampInputs inputs, Path depFile, Path workingDir, boolean awaitVerify, FileDigests digests)
            throws IOException {
        if (!Files.isRegularFile(depFile)) {
            throw new IOException("the compiler wrote no dependency file " + depFile + " for -MD -MF; without it"
                    + " the build cannot be stamped (the next build will run again)");
        }
        List<Path> read = DependencyFile.read(depFile, workingDir);
        BuildStamp stamp = Fingerprints.stamp(inputs, read, inputs.output(), digests);
        if (awaitVerify) {
            store.writePending(stamp);
            return store.pendingFile();
        }
        store.commit(stamp);
        return store.committedFile();
    }
}
