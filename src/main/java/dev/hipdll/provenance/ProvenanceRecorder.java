package dev.hipdll.provenance;

import dev.hipdll.digest.FileDigests;
import dev.hipdll.compile.BuildStep;
import dev.hipdll.compile.CompileRequest;
import dev.hipdll.compile.StepKind;
import dev.hipdll.compile.WorkingDirectoryPaths;
import dev.hipdll.sdk.HipSdk;
import dev.hipdll.sdk.SdkComponent;
import dev.hipdll.gfx.GfxTarget;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Collects the {@link Provenance} of a finished build: digests of the SDK components the command
 * used, of the project's sources and headers and of the DLL, and the hipcc arguments with machine
 * paths replaced by placeholders.
 *
 * <p>SDK components and what is digested (a whole SDK is gigabytes; only what the build reads is):
 * {@code hipcc} (file); {@code clang} and {@code lld-link} in the clang directory (files, with or
 * without {@code .exe}); {@code includeDir} (tree of {@code hip/} when present, else the whole
 * directory); {@code libDir} ({@code amdhip64.lib}); {@code deviceLibDir} (tree of its {@code *.bc}
 * files, not recursive); {@code runtimeDll} (file).
 */
public final class ProvenanceRecorder {
    private final String generator;
    private final FileDigests digests;

    /** @param generator the tool writing the document, {@code groupId:artifactId:version} */
    public ProvenanceRecorder(String generator) {
        this(generator, new FileDigests());
    }

    /**
     * @param generator the tool writing the document, {@code groupId:artifactId:version}
     * @param digests   the build's file digests (shared with the checksum and the stamp)
     */
    public ProvenanceRecorder(String generator, FileDigests digests) {
        this.generator = generator;
        this.digests = digests;
    }

    /**
     * Records a build.
     *
     * @param request         what was built (absolute paths)
     * @param driver          {@code hipcc} or {@code clang}
     * @param steps           the build's steps, in graph order (their commands exactly as run)
     * @param basedir         the project base directory (hipcc's working directory)
     * @param buildDir        the project build directory ({@code target})
     * @param toolset         the pinned MSVC toolset version, or {@code null}
     * @param windowsSdk      the Windows SDK version, or {@code null}
     * @param outputTimestamp {@code project.build.outputTimestamp} in reproducible mode, else {@code null}
     * @throws IOException when an input or the DLL cannot be read
     */
    public Provenance record(CompileRequest request, String driver, List<BuildStep> steps, Path basedir, Path buildDir,
                             String toolset, String windowsSdk, String outputTimestamp) throws IOException {
        HipSdk sdk = request.sdk();
        Path root = sdk.root().path().toAbsolutePath().normalize();
        PathPlaceholders placeholders = PathPlaceholders.forBuild(sdk, basedir, buildDir);
        Path dll = request.output();
        Provenance.Output output = new Provenance.Output(dll.getFileName().toString(), Files.size(dll), digests.of(dll));
        List<Provenance.ComponentDigest> components = components(sdk, root, placeholders);
        for (dev.hipdll.sdk.SdkLibrary lib : request.libraries()) { // hip.libraries
            file(components, "library " + lib.name(), sdk.libDir(), lib.lib(), root, placeholders);
        }
        Provenance.Sdk sdkRecord = new Provenance.Sdk(sdk.version(), "${HIP_SDK_ROOT}", components);
        List<Provenance.Step> commands = new ArrayList<>();
        Path base = basedir.toAbsolutePath().normalize();
        for (BuildStep st : steps) {
            List<String> args = st.arguments();
            if (st.kind() == StepKind.LINK) {
                // the link writes a temporary file of this build; the document names the published DLL
                String temp = WorkingDirectoryPaths.relativize(st.output(), base).toString();
                String published = WorkingDirectoryPaths.relativize(request.output(), base).toString();
                args = args.stream().map(a -> a.equals(temp) ? published : a).toList();
            }
            commands.add(new Provenance.Step(st.id(), placeholders.apply(st.executable().toAbsolutePath().normalize().toString()),
                    placeholders.apply(args)));
        }
        Path driverExe = steps.isEmpty() ? sdk.hipcc().path() : steps.get(steps.size() - 1).executable();
        Provenance.Compiler compiler = new Provenance.Compiler(driver,
                placeholders.apply(driverExe.toAbsolutePath().normalize().toString()), "${project.basedir}", commands);
        List<String> targets = request.targets().targets().stream().map(GfxTarget::toString).toList();
        return new Provenance(Provenance.FORMAT_VERSION, generator, output, sdkRecord, toolset, windowsSdk, targets,
                compiler, sources(request, basedir, placeholders), outputTimestamp);
    }

    /**
     * The digests of the SDK components a build uses, as {@code provenance.json} lists them (see the class
     * comment for what each covers).
     *
     * @param sdk the resolved SDK
     * @return one entry per component: name, path relative to the SDK root, kind, SHA-256, origin
     * @throws IOException when a component cannot be read
     */
    public List<Provenance.ComponentDigest> sdkComponents(HipSdk sdk) throws IOException {
        Path root = sdk.root().path().toAbsolutePath().normalize();
        return components(sdk, root, PathPlaceholders.forBuild(sdk, root, root));
    }

    private List<Provenance.ComponentDigest> components(HipSdk sdk, Path root, PathPlaceholders placeholders)
            throws IOException {
        List<Provenance.ComponentDigest> result = new ArrayList<>();
        file(result, "hipcc", sdk.hipcc(), sdk.hipcc().path(), root, placeholders);
        for (String tool : List.of("clang", "lld-link", "clang-offload-bundler")) {
            for (String name : List.of(tool + ".exe", tool)) {
                Path p = sdk.clangDir().path().resolve(name);
                if (Files.isRegularFile(p)) {
                    file(result, tool, sdk.clangDir(), p, root, placeholders);
                    break;
                }
            }
        }
        Path include = sdk.includeDir().path();
        Path hipHeaders = include.resolve("hip");
        Path tree = Files.isDirectory(hipHeaders) ? hipHeaders : include;
        result.add(new Provenance.ComponentDigest("includeDir", relative(tree, root, placeholders), "tree",
                TreeDigest.of(tree, p -> true), sdk.includeDir().origin().toString()));
        Path lib = sdk.libDir().path().resolve("amdhip64.lib");
        if (Files.isRegularFile(lib)) {
            file(result, "libDir", sdk.libDir(), lib, root, placeholders);
        }
        Path bitcode = sdk.deviceLibDir().path();
        result.add(new Provenance.ComponentDigest("deviceLibDir", relative(bitcode, root, placeholders), "tree",
                TreeDigest.of(bitcode, p -> p.endsWith(".bc") && !p.contains("/")), sdk.deviceLibDir().origin().toString()));
        file(result, "runtimeDll", sdk.runtimeDll(), sdk.runtimeDll().path(), root, placeholders);
        return result;
    }

    private void file(List<Provenance.ComponentDigest> out, String name, SdkComponent component, Path file,
                             Path root, PathPlaceholders placeholders) throws IOException {
        out.add(new Provenance.ComponentDigest(name, relative(file, root, placeholders), "file", digests.of(file),
                component.origin().toString()));
    }

    private static String relative(Path p, Path root, PathPlaceholders placeholders) {
        Path abs = p.toAbsolutePath().normalize();
        if (abs.startsWith(root)) {
            String rel = root.relativize(abs).toString().replace('\\', '/');
            return rel.isEmpty() ? "." : rel;
        }
        return placeholders.apply(abs.toString());
    }

    private List<Provenance.FileDigest> sources(CompileRequest request, Path basedir, PathPlaceholders placeholders)
            throws IOException {
        Path base = basedir.toAbsolutePath().normalize();
        Set<Path> files = new LinkedHashSet<>();
        request.sources().forEach(s -> files.add(s.toAbsolutePath().normalize()));
        for (Path dir : request.includeDirs()) {
            Path d = dir.toAbsolutePath().normalize();
            if (d.startsWith(base) && Files.isDirectory(d)) {
                try (Stream<Path> walk = Files.walk(d)) {
                    walk.filter(Files::isRegularFile).map(p -> p.toAbsolutePath().normalize()).sorted().forEach(files::add);
                }
            }
        }
        List<Provenance.FileDigest> result = new ArrayList<>();
        for (Path f : files) {
            String name = f.startsWith(base) ? base.relativize(f).toString().replace('\\', '/') : placeholders.apply(f.toString());
            result.add(new Provenance.FileDigest(name, digests.of(f)));
        }
        return result;
    }
}
