package dev.hipdll.maven;

import dev.hipdll.pipeline.BuildListener;
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
 * @param annotated       the diagnostics already printed as workflow commands: the same warning of a header
 *                        compiled for three targets is one annotation, not three (the log keeps all three)
 */
record MavenBuildListener(Log log, Optional<Path> githubWorkspace, PrintStream out, java.util.Set<String> annotated)
        implements BuildListener {

    /** Plain Maven logging, no workflow commands. */
    MavenBuildListener(Log log) {
        this(log, Optional.empty(), System.out);
    }

    /** As the canonical constructor, with no annotation printed yet. */
    MavenBuildListener(Log log, Optional<Path> githubWorkspace, PrintStream out) {
        this(log, githubWorkspace, out, java.util.concurrent.ConcurrentHashMap.newKeySet());
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
        if (githubWorkspace.isPresent() && !annotated.add(annotationKey(diagnostic, workingDir))) {
            return; // the same message at the same place from another target's compile: one annotation on the PR
        }
        githubWorkspace.flatMap(ws -> new WorkflowCommand(ws, workingDir).of(diagnostic, subject)).ifPresent(c -> {
            synchronized (out) {
                out.println(c);
                out.flush();
            }
        });
    }

    /** Severity, absolute file, line, column, tool and message: what one annotation stands for. */
    private static String annotationKey(CompilerDiagnostic d, Path workingDir) {
        String file = d.file().map(f -> {
            try {
                return workingDir.resolve(f).toAbsolutePath().normalize().toString();
            } catch (java.nio.file.InvalidPathException e) {
                return f;
            }
        }).orElse("");
        return d.severity() + "\0" + file + "\0" + d.line() + "\0" + d.column() + "\0" + d.tool().orElse("") + "\0"
                + d.message();
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
