package dev.hipdll.maven;

import java.io.File;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.MojoFailureException;

/**
 * Default paths of goals that also run without a project. Without a POM, Maven leaves
 * {@code ${project.build.directory}} unresolved in some versions (the stub project's
 * {@code ${project.basedir}/target} stays literal); such a default becomes {@code target} in the
 * current directory instead.
 */
final class ProjectlessPaths {
    private ProjectlessPaths() {
    }

    /** {@code file}, or {@code target/<relative>} under the current directory when {@code file} holds an unresolved expression. */
    static File orCurrentTarget(File file, String relative) {
        if (file == null || file.getPath().contains("${")) {
            return new File("target", relative).getAbsoluteFile();
        }
        return file;
    }

    /**
     * Where {@code hipdll:doctor} writes {@code doctor.json}: {@code hip.doctor.output} as Maven injected it in a
     * project, or when given on the command line; outside a project without it, nowhere, so doctor run in any
     * directory creates no {@code target/} there.
     *
     * @param output  the {@code hip.doctor.output} parameter as Maven injected it
     * @param session the Maven session, or {@code null} when not run by Maven
     * @return the file, or empty when no report is written
     */
    static java.util.Optional<File> doctorOutput(File output, MavenSession session) {
        boolean projectless = session != null && !session.getRequest().isProjectPresent()
                && !session.getUserProperties().containsKey("hip.doctor.output")
                && !session.getSystemProperties().containsKey("hip.doctor.output");
        return projectless ? java.util.Optional.empty()
                : java.util.Optional.of(orCurrentTarget(output, "hipdll/doctor.json"));
    }

    /**
     * The DLL a goal reads. Outside a project its default ({@code ${project.build.directory}/hipdll/...})
     * means nothing, so {@code -Dhip.dll} must be given; otherwise the goal fails at once, before it
     * writes anything.
     *
     * @param dll     the {@code hip.dll} parameter as Maven injected it
     * @param session the Maven session, or {@code null} when not run by Maven
     * @throws MojoFailureException "no project here: set -Dhip.dll=&lt;path to the DLL&gt;"
     */
    static File requiredDll(File dll, MavenSession session) throws MojoFailureException {
        boolean unresolved = dll == null || dll.getPath().contains("${");
        boolean projectless = session != null && !session.getRequest().isProjectPresent()
                && !session.getUserProperties().containsKey("hip.dll")
                && !session.getSystemProperties().containsKey("hip.dll");
        if (unresolved || projectless) {
            throw new MojoFailureException("no project here: set -Dhip.dll=<path to the DLL>");
        }
        return dll;
    }

    /**
     * Where verify and load-check write their reports: {@code hip.reportDirectory} when set, else
     * {@code target/hipdll} of the project, else (no project) {@code target/hipdll} under the current
     * directory, as the load-check work directory and doctor's report: never beside the DLL, which may be
     * in a release download, a read-only directory or {@code /dev} ({@code -Dhip.dll=/dev/zero} wrote
     * verify.json into /dev).
     *
     * @param reportDirectory  the {@code hip.reportDirectory} parameter, or {@code null}
     * @param projectBuildDir  the project's build directory, or {@code null} without a project
     * @param currentDirectory the directory Maven runs in
     */
    static java.nio.file.Path reportDirectory(File reportDirectory, String projectBuildDir,
                                              java.nio.file.Path currentDirectory) {
        if (reportDirectory != null) {
            return reportDirectory.toPath();
        }
        if (projectBuildDir != null) {
            return java.nio.file.Path.of(projectBuildDir, "hipdll");
        }
        return currentDirectory.toAbsolutePath().resolve("target").resolve("hipdll");
    }
}
