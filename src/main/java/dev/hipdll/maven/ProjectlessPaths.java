package dev.hipdll.maven;

import java.io.File;

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
}
