package dev.hipdll.pipeline;

import dev.hipdll.diagnosis.CompilerDiagnostic;
import java.nio.file.Path;

/**
 * Receives what the core build reports, for a log: the Maven mojo maps these to its {@code Log},
 * a test collects them. Calls may come from several threads, never at the same time.
 */
public interface BuildListener {
    /** A line for the normal log. */
    void info(String line);

    /** A warning. */
    void warn(String line);

    /** An error (a failed step); by default a warning. */
    default void error(String line) {
        warn(line);
    }

    /**
     * A diagnostic a step's compiler or linker printed, in place of its plain output line: by default
     * an error or fatal error goes to {@link #error}, a warning to {@link #warn}, a note or remark to
     * {@link #info}, each as {@code [subject] file:line:col: severity: message}.
     *
     * @param subject    the step's subject, e.g. {@code backend_cuda.cu [gfx1151]}
     * @param diagnostic the parsed line
     * @param workingDir the directory the step ran in (a relative file in the diagnostic is relative to it)
     */
    default void diagnostic(String subject, CompilerDiagnostic diagnostic, Path workingDir) {
        String line = "[" + subject + "] " + diagnostic.text();
        switch (diagnostic.severity()) {
            case FATAL, ERROR -> error(line);
            case WARNING -> warn(line);
            case NOTE, REMARK -> info(line);
        }
    }

    /**
     * A line that explains a compiler error or warning (clang's note, the source excerpt), logged at that
     * diagnostic's level: error for an error, warning for a warning.
     *
     * @param subject the step's subject
     * @param line    the line as the compiler printed it
     * @param of      the severity of the diagnostic it belongs to
     */
    default void diagnosticPart(String subject, String line, dev.hipdll.diagnosis.DiagnosticSeverity of) {
        String text = "[" + subject + "] " + line;
        switch (of) {
            case FATAL, ERROR -> error(text);
            case WARNING -> warn(text);
            case NOTE, REMARK -> info(text);
        }
    }

    /** A line only for the debug log (a step's compiler output when it succeeded, command lines). */
    void debug(String line);

    /** This listener with its info lines sent to {@link #debug} (warnings, errors and diagnostics stay) (the step lines with {@code hip.progress=false}). */
    default BuildListener infoAsDebug() {
        BuildListener to = this;
        return new BuildListener() {
            @Override
            public void info(String line) {
                to.debug(line);
            }

            @Override
            public void warn(String line) {
                to.warn(line);
            }

            @Override
            public void debug(String line) {
                to.debug(line);
            }

            @Override
            public void error(String line) {
                to.error(line);
            }

            @Override
            public void diagnostic(String subject, CompilerDiagnostic diagnostic, Path workingDir) {
                to.diagnostic(subject, diagnostic, workingDir);
            }
        };
    }

    /**
     * A notice that changes nothing but the user should know once (e.g. a PATH entry holding nvcc
     * that the scrub kept); by default an info line. The Maven listener shows each at info once per
     * machine and at debug after that ({@link dev.hipdll.environment.SeenNotices}).
     */
    default void notice(String line) {
        info(line);
    }
}
