package dev.hipdll.compile;

import java.nio.file.Path;
import java.util.List;

/**
 * Rewrites the project paths of a {@link CompileRequest} (sources, extra include directories, the
 * output) relative to hipcc's working directory when they lie under it; SDK paths and paths
 * outside the working directory stay absolute.
 *
 * <p>Why: clang's driver derives each translation unit's CUID ({@code -fuse-cuid=hash}, the
 * default) from a hash of the input name and every driver argument; the CUID becomes the
 * {@code __hip_cuid_<hash>} symbol in the host object and in each device code object. An absolute
 * project path anywhere on the command line therefore changes the DLL's bytes when the same
 * sources are built in another directory. Relative paths (plus {@code __FILE__} expanding to the
 * relative name) keep the command line, and so the DLL, independent of where the project lives.
 */
public final class WorkingDirectoryPaths {
    private WorkingDirectoryPaths() {
    }

    /**
     * The request with its project paths made relative to {@code workingDir}.
     *
     * @param request    the request, with absolute paths
     * @param workingDir hipcc's working directory (absolute)
     * @return an equal request whose sources, include directories and output are relative where possible
     */
    public static CompileRequest relativize(CompileRequest request, Path workingDir) {
        return new CompileRequest(request.sdk(), request.targets(), relativize(request.sources(), workingDir),
                relativize(request.includeDirs(), workingDir), request.defines(), request.extraArgs(),
                request.staticRuntime(), relativize(request.output(), workingDir), request.languages(),
                request.libraries());
    }

    /**
     * {@code path} relative to {@code workingDir} when it lies under it (after normalizing both),
     * otherwise {@code path} unchanged. A relative path whose first character would make a compiler
     * driver read it as something else gets a leading {@code ./}: {@code -} (clang: "unknown
     * argument: '-hip/k.cu'"), {@code @} (a response file, {@code @file}) and, for tools with
     * Windows-style options, {@code /} cannot start a relative path anyway.
     */
    public static Path relativize(Path path, Path workingDir) {
        Path base = workingDir.toAbsolutePath().normalize();
        Path p = path.isAbsolute() ? path.normalize() : base.resolve(path).normalize();
        if (!p.startsWith(base) || p.equals(base)) {
            return path;
        }
        Path rel = base.relativize(p);
        String first = rel.toString();
        return first.startsWith("-") || first.startsWith("@") ? Path.of(".").resolve(rel) : rel;
    }

    private static List<Path> relativize(List<Path> paths, Path workingDir) {
        return paths.stream().map(p -> relativize(p, workingDir)).toList();
    }
}
