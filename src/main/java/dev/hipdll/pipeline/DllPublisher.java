package dev.hipdll.pipeline;

import dev.hipdll.digest.ChecksumFile;
import dev.hipdll.digest.FileDigests;
import dev.hipdll.compile.BuildSetup;
import dev.hipdll.compile.BuildStep;
import dev.hipdll.compile.CompileRequest;
import dev.hipdll.compile.ReproducibleBuild;
import dev.hipdll.provenance.Provenance;
import dev.hipdll.provenance.ProvenanceJson;
import dev.hipdll.provenance.ProvenanceRecorder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes a built DLL's {@code <dll>.sha256} (GNU {@code sha256sum} format) and {@code provenance.json}
 * (SDK component digests, every step's command with placeholders, source digests) beside it, from
 * the build's shared file digests. One instance per build.
 */
final class DllPublisher {
    private final CompileRequest request;
    private final List<BuildStep> steps;
    private final HipDllBuildRequest r;
    private final BuildSetup setup;
    private final FileDigests digests;
    private final BuildListener log;
    private final java.util.Optional<dev.hipdll.compile.CompilerLauncher> launcher;

    DllPublisher(CompileRequest request, List<BuildStep> steps, HipDllBuildRequest r, BuildSetup setup,
              FileDigests digests, BuildListener log, java.util.Optional<dev.hipdll.compile.CompilerLauncher> launcher) {
        this.launcher = launcher;
        this.request = request;
        this.steps = steps;
        this.r = r;
        this.setup = setup;
        this.digests = digests;
        this.log = log;
    }

    Path checksum() {
        return request.output().resolveSibling(request.output().getFileName() + ".sha256");
    }

    Path provenanceFile() {
        return request.output().resolveSibling("provenance.json");
    }

    /** Writes both files (after a build). @throws IOException when the DLL cannot be read or a file written */
    void publish() throws IOException {
        ChecksumFile.write(request.output(), digests);
        Provenance provenance = new ProvenanceRecorder(r.stamp().generator(), digests).record(request,
                r.options().driver().toString(), steps, r.basedir(), r.buildDirectory(),
                setup.msvc().map(m -> m.toolset().version()).orElse(null),
                setup.msvc().map(m -> m.windowsSdk().version()).orElse(null),
                new ReproducibleBuild(r.options().outputTimestamp()).outputTimestamp().orElse(null))
                // The names of the variables the compiler saw
                .withCompilerEnvironment(dev.hipdll.process.ProcessRunner.environmentNames(
                        setup.environment().environment().names()))
                .withLauncher(launcher.map(l -> new Provenance.Launcher(l.name(), l.wrappedStages())).orElse(null));
        new ProvenanceJson().write(provenance, provenanceFile());
        log.info("SHA-256 " + provenance.output().sha256() + "  " + request.output().getFileName()
                + " (provenance: " + provenanceFile() + ")");
    }

    /** Writes both files only when one is missing (the DLL is up to date: they describe it already). */
    void publishExisting() throws IOException {
        if (!Files.isRegularFile(checksum()) || !Files.isRegularFile(provenanceFile())) {
            publish();
        }
    }
}
