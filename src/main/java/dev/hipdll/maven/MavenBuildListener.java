package dev.hipdll.maven;

import dev.hipdll.build.BuildListener;
import dev.hipdll.diagnosis.CompilerDiagnostic;
import dev.hipdll.diagnosis.WorkflowCommand;
import dev.hipdll.environment.SeenNotices;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Optional;
import org.apache.maven.plugin.logging.Log;

/**
 * The core build's lines on the Maven log, at their levels; a notice at info the first time this
 * machine sees it (kept in {@code ~/.m2/hipdll/seen-notices}), at debug after that. A compiler
 * diagnostic goes to the log at its level ({@code [ERROR]}, {@code [WARNING]}) as
 * {@code [subject] file:line:col: error: message}; on GitHub Actions ({@code githubWorkspace} present)
 * an error or warning is also printed to {@code out} as a workflow command ({@link WorkflowCommand}),
 * at the start of its own line, where the runner looks for it.
 *
 * @param log             the mojo's log
 * @param githubWorkspace the directory annotation paths are relative to, when running on GitHub Actions
 * @param out             where workflow commands are printed (the process's standard output)
 */
record MavenBuildListener(Log log, Optional<Path> githubWorkspace, PrintStream out) implements BuildListener {

    /** Plain Maven logging, no workflow commands. */
    MavenBuildListener(Log log) {
        this(log, Optional.empty(), System.out);
    }

    /**
     * The directory for workflow command paths when {@code env} says the build runs on GitHub Actions
     * ({@code GITHUB_ACTIONS=true}): {@code GITHUB_WORKSPACE}, else {@code basedir}; empty elsewhere.
     */
    static Optional<Path> githubWorkspace(java.util.Map<String, String> env, Path basedir) {
        if (!"true".equals(env.get("GITHUB_ACTIONS"))) {
            return Optional.empty();
        }
        String ws = env.get("GITHUB_WORKSPACE");
        return Optional.of(ws == null || ws.isBlank() ? basedir : Path.of(ws));
    }

    @Override
    public void info(String line) {
        log.info(line);
    }

    @Override
    public void warn(String line) {
        log.warn(line);
    }

    @Override
    public void error(String line) {
        log.error(line);
    }

    @Override
    public void debug(String line) {
        log.debug(line);
    }

    @Override
    public void diagnostic(String subject, CompilerDiagnostic diagnostic, Path workingDir) {
        BuildListener.super.diagnostic(subject, diagnostic, workingDir);
        githubWorkspace.flatMap(ws -> new WorkflowCommand(ws, workingDir).of(diagnostic, subject)).ifPresent(c -> {
            synchronized (out) {
                out.println(c);
                out.flush();
            }
        });
    }

    @Override
    public void notice(String line) {
        if (new SeenNotices(SeenNotices.defaultFile(Path.of(System.getProperty("user.home")))).firstTime(line.strip())) {
            log.info(line);
        } else {
            log.debug(line + " (shown at info once on this machine)");
        }
    }
}
