package dev.hipdll.maven;

import dev.hipdll.digest.ChecksumFile;
import dev.hipdll.digest.ChecksumList;
import dev.hipdll.digest.DllArtifact;
import dev.hipdll.pipeline.HipDllBuildResult;
import java.io.IOException;
import dev.hipdll.attestation.Attestations;
import java.nio.file.Path;
import java.util.Optional;
import org.apache.maven.plugin.logging.Log;
import org.apache.maven.project.MavenProject;
import org.apache.maven.project.MavenProjectHelper;

/**
 * Attaches a build's DLL (type {@code dll}), its {@code .sha256}, {@code provenance.json} and, when the build signed
 * one, its attestation (type {@code dll.intoto.jsonl}, the DLL's classifier: published as
 * {@code <artifactId>-<version>-<classifier>.dll.intoto.jsonl}, the in-toto bundle name of the published DLL) to the
 * project (see {@link DllArtifact}), so {@code install} and {@code deploy} publish them. Only maps to
 * Maven: the files come from the core ({@link dev.hipdll.pipeline.HipDllBuild}); the attached
 * {@code .sha256} is a copy of the core's that names the published file
 * ({@code <artifactId>-<version>-<classifier>.dll}), so {@code sha256sum -c} works on a download from
 * the repository without renaming anything.
 */
final class ArtifactAttacher {
    private ArtifactAttacher() {
    }

    /**
     * Attaches the files.
     *
     * @param project     the project
     * @param helper      Maven's project helper
     * @param artifact    the classifier to attach with
     * @param built       the build's files
     * @param attestation the signed attestation, if the build has one
     * @param log         where to say so
     * @throws IOException when the core's checksum cannot be read or the published one written
     */
    static void attach(MavenProject project, MavenProjectHelper helper, DllArtifact artifact, HipDllBuildResult built,
                       Optional<Path> attestation, Log log) throws IOException {
        String publishedName = project.getArtifactId() + "-" + project.getVersion() + "-" + artifact.classifier() + ".dll";
        Path publishedChecksum = built.dll().resolveSibling(publishedName + ".sha256");
        ChecksumFile.writeNamed(ChecksumList.digestFor(built.checksum(), built.dll()), publishedName, publishedChecksum);
        helper.attachArtifact(project, DllArtifact.DLL_TYPE, artifact.classifier(), built.dll().toFile());
        helper.attachArtifact(project, DllArtifact.SHA256_TYPE, artifact.classifier(), publishedChecksum.toFile());
        helper.attachArtifact(project, DllArtifact.PROVENANCE_TYPE, artifact.provenanceClassifier(),
                built.provenance().toFile());
        attestation.ifPresent(a -> helper.attachArtifact(project, Attestations.ARTIFACT_TYPE, artifact.classifier(),
                a.toFile()));
        log.info("attached " + built.dll().getFileName() + " as " + project.getArtifactId() + ":" + DllArtifact.DLL_TYPE
                + ":" + artifact.classifier() + " (with " + DllArtifact.SHA256_TYPE + ", "
                + artifact.provenanceClassifier() + ".json" + (attestation.isPresent() ? " and "
                + Attestations.ARTIFACT_TYPE : "") + ")");
    }
}
