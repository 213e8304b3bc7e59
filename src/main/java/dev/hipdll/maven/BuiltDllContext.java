package dev.hipdll.maven;

import dev.hipdll.verify.DllChoice;
import java.io.File;
import java.nio.file.Path;
import java.util.Optional;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.project.MavenProject;

/**
 * The DLL {@code hipdll:build} wrote in this Maven build, kept in the project's context (one value
 * per project and session, shared by the mojos of that project), so {@code hipdll:verify} and
 * {@code hipdll:load-check} check that file ({@link DllChoice}) and not a stale one at their default
 * path. The build's hook is the one call {@link #record}.
 */
final class BuiltDllContext {
    /** The project context key. */
    static final String KEY = "dev.hipdll.builtDll";
    /** The project context key of the DLL hipdll:build linked (not found up to date) in this build. */
    static final String LINKED_KEY = "dev.hipdll.linkedDll";

    private BuiltDllContext() {
    }

    /** Records {@code dll} as the DLL this build of {@code project} writes (or found up to date). */
    static void record(MavenProject project, Path dll) {
        if (project != null) {
            project.setContextValue(KEY, dll.toAbsolutePath().normalize().toString());
        }
    }

    /** The project context key of the shard directory hipdll:build wrote ({@code hip.shard=device}) in this build. */
    static final String SHARD_KEY = "dev.hipdll.shard";

    /** Records that this build of {@code project} was a shard build: it wrote {@code directory}, and no DLL. */
    static void recordShard(MavenProject project, Path directory) {
        if (project != null) {
            project.setContextValue(SHARD_KEY, directory.toAbsolutePath().normalize().toString());
        }
    }

    /** The shard directory hipdll:build wrote for {@code project} in this build, if it ran as a shard build. */
    static Optional<Path> shard(MavenProject project) {
        Object v = project == null ? null : project.getContextValue(SHARD_KEY);
        return v instanceof String s ? Optional.of(Path.of(s)) : Optional.empty();
    }

    /** The project context key of the DLLs the build's SDK libraries import. */
    static final String LIBRARIES_KEY = "dev.hipdll.libraryDlls";

    /** Records the DLLs the SDK libraries linked by this build of {@code project} import ({@code hipblas.dll}). */
    static void recordLibraryDlls(MavenProject project, java.util.List<String> dlls) {
        if (project != null) {
            project.setContextValue(LIBRARIES_KEY, String.join("\n", dlls));
        }
    }

    /** The DLLs recorded by {@link #recordLibraryDlls} for {@code project} in this build; empty if none. */
    static java.util.List<String> libraryDlls(MavenProject project) {
        Object v = project == null ? null : project.getContextValue(LIBRARIES_KEY);
        return v instanceof String s && !s.isEmpty() ? java.util.List.of(s.split("\n")) : java.util.List.of();
    }

    /**
     * Records {@code dll} as linked by this build of {@code project}: its steps ran and the link wrote it, so it is
     * not a DLL of an earlier build or of a restored cache entry (whose stamp would say "up to date").
     */
    static void recordLinked(MavenProject project, Path dll) {
        if (project != null) {
            project.setContextValue(LINKED_KEY, dll.toAbsolutePath().normalize().toString());
        }
    }

    /** Whether hipdll:build linked {@code dll} in this build of {@code project}. */
    static boolean linked(MavenProject project, Path dll) {
        Object v = project == null ? null : project.getContextValue(LINKED_KEY);
        return v instanceof String s && Path.of(s).equals(dll.toAbsolutePath().normalize());
    }

    /** The DLL recorded for {@code project} in this build, if hipdll:build ran. */
    static Optional<Path> recorded(MavenProject project) {
        Object v = project == null ? null : project.getContextValue(KEY);
        return v instanceof String s ? Optional.of(Path.of(s)) : Optional.empty();
    }

    /**
     * The DLL a checking goal reads: {@link DllChoice#choose} with {@code hip.dll} as injected, whether
     * it was given with {@code -D}, its default in a project, and the recorded DLL.
     */
    static DllChoice choose(File dll, MavenSession session, MavenProject project) {
        boolean fromCommandLine = session != null && (session.getUserProperties().containsKey("hip.dll")
                || session.getSystemProperties().containsKey("hip.dll"));
        boolean projectPresent = session != null && session.getRequest() != null && session.getRequest().isProjectPresent()
                && project != null && project.getBuild() != null;
        Path def = projectPresent ? Path.of(project.getBuild().getDirectory(), "hipdll", "coli_hip.dll") : null;
        return DllChoice.choose(dll.toPath(), fromCommandLine, def, projectPresent ? recorded(project) : Optional.empty());
    }
}
