package dev.hipdll.maven;

import dev.hipdll.artifact.ChecksumFile;
import dev.hipdll.artifact.DllArtifact;
import dev.hipdll.artifact.FileDigests;
import dev.hipdll.compile.CompileRequest;
import dev.hipdll.provenance.Provenance;
import dev.hipdll.provenance.ProvenanceJson;
import dev.hipdll.provenance.ProvenanceRecorder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.maven.plugin.logging.Log;
import org.apache.maven.project.MavenProject;
import org.apache.maven.project.MavenProjectHelper;

/**
 * After a build: writes {@code <dll>.sha256} and {@code provenance.json} beside the DLL and, when
 * asked, attaches all three to the project (see {@link DllArtifact}) so that {@code install} and
 * {@code deploy} publish them. Only maps to Maven: the files come from the core.
 */
final class ArtifactPublisher {
    private final MavenProject project;
    private final MavenProjectHelper helper;
    private final Log log;
    private final CompileRequest request;
    private final List<String> arguments;
    private final String generator;
    private final DllArtifact artifact;
    private final String outputTimestamp;
    private final String toolset;
    private final String windowsSdk;
    private final FileDigests digests;

    /**
     * @param request         what is built
     * @param arguments       the hipcc arguments as run
     * @param generator       this plugin's coordinates
     * @param artifact        the classifier to attach with, or {@code null} to attach nothing
     * @param outputTimestamp the reproducible-build timestamp, or {@code null}
     * @param toolset         the pinned MSVC toolset version, or {@code null} (not on Windows / not pinned)
     * @param windowsSdk      the pinned Windows SDK version, or {@code null}
     * @param digests         the build's file digests, shared with the build stamp
     */
    ArtifactPublisher(MavenProject project, MavenProjectHelper helper, Log log, CompileRequest request,
                      List<String> arguments, String generator, DllArtifact artifact, String outputTimestamp,
                      String toolset, String windowsSdk, FileDigests digests) {
        this.project = project;
        this.helper = helper;
        this.log = log;
        this.request = request;
        this.arguments = List.copyOf(arguments);
        this.generator = generator;
        this.artifact = artifact;
        this.outputTimestamp = outputTimestamp;
        this.toolset = toolset;
        this.windowsSdk = windowsSdk;
        this.digests = digests;
    }

    private Path dll() {
        return request.output();
    }

    private Path checksum() {
        return dll().resolveSibling(dll().getFileName() + ".sha256");
    }

    private Path provenanceFile() {
        return dll().resolveSibling("provenance.json");
    }

    /** After hipcc built the DLL: writes the checksum and the provenance, then attaches. */
    void publish() throws IOException {
        ChecksumFile.write(dll(), digests);
        Provenance provenance = new ProvenanceRecorder(generator, digests).record(request, arguments,
                project.getBasedir().toPath(), Path.of(project.getBuild().getDirectory()), toolset, windowsSdk, outputTimestamp);
        new ProvenanceJson().write(provenance, provenanceFile());
        log.info("SHA-256 " + provenance.output().sha256() + "  " + dll().getFileName() + " (provenance: " + provenanceFile() + ")");
        attach();
    }

    /**
     * When the DLL is up to date: attaches the checksum and provenance the last build wrote (they
     * describe this very DLL), writing them first only when one is missing, so a no-op build reads
     * no SDK file.
     */
    void publishExisting() throws IOException {
        if (Files.isRegularFile(checksum()) && Files.isRegularFile(provenanceFile())) {
            attach();
        } else {
            publish();
        }
    }

    private void attach() {
        if (artifact == null) {
            return;
        }
        helper.attachArtifact(project, DllArtifact.DLL_TYPE, artifact.classifier(), dll().toFile());
        helper.attachArtifact(project, DllArtifact.SHA256_TYPE, artifact.classifier(), checksum().toFile());
        helper.attachArtifact(project, DllArtifact.PROVENANCE_TYPE, artifact.provenanceClassifier(), provenanceFile().toFile());
        log.info("attached " + dll().getFileName() + " as " + project.getArtifactId() + ":" + DllArtifact.DLL_TYPE + ":"
                + artifact.classifier() + " (with " + DllArtifact.SHA256_TYPE + " and " + artifact.provenanceClassifier() + ".json)");
    }
}
