package dev.hipdll.pipeline;

import dev.hipdll.diagnosis.CompilerDiagnostic;
import dev.hipdll.diagnosis.DiagnosticSeverity;
import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The level each line of one step's compiler output is logged at: an error or
 * warning at its own level, and what clang prints to explain it (its source excerpt {@code 4 | k<<<n, 256>>>(x);},
 * the caret line, and the {@code note:} lines with their excerpts, such as "'f' declared here" or "candidate function
 * not viable: call to __host__ function from __global__ function") at the same level, so the cause a note gives is
 * not at {@code [INFO]} under an {@code [ERROR]} that alone says "no matching function". lld-link's lines that
 * continue its error or warning ({@code >>> referenced by k.obj:(run)}, {@code >>> referenced 3 more times},
 * {@code >>> defined at a.obj}) are at its level too. clang's include stack, which it prints before the
 * diagnostic it belongs to ({@code In file included from src/main/hip/util.cpp:2:}), is held until the next line and
 * logged at that diagnostic's level. A note that follows no error or warning, and every other line, stays at info.
 * One instance per step run (its lines come in order); {@link #end} logs lines still held when the output ends.
 */
final class CompilerOutputLevels {
    /** clang's source excerpt and caret lines: {@code "    4 |     k<<<...", "      |         ^"}. */
    private static final Pattern EXCERPT = Pattern.compile("^\\s*\\d*\\s*\\|.*");
    /** lld's lines under an error or warning: {@code >>> referenced by k.obj:(run)}, {@code >>> defined at a.obj}. */
    private static final Pattern LLD_DETAIL = Pattern.compile("^>>> .*");
    /** clang's include stack lines: {@code In file included from a.cpp:2:}, {@code                  from b.h:3:}. */
    private static final Pattern INCLUDED_FROM = Pattern.compile("^\\s*(In file included )?from .+:\\d+:\\s*$");

    private DiagnosticSeverity current;
    private final java.util.List<String> includeStack = new java.util.ArrayList<>();

    /**
     * Logs one output line.
     *
     * @param subject    the step's subject
     * @param line       the line as the compiler printed it
     * @param workingDir the step's working directory
     * @param log        the build's log
     */
    void line(String subject, String line, Path workingDir, BuildListener log) {
        Optional<CompilerDiagnostic> d = CompilerDiagnostic.parse(line);
        if (d.isEmpty() && INCLUDED_FROM.matcher(line).matches()
                && (!includeStack.isEmpty() || line.stripLeading().startsWith("In file included from "))) {
            includeStack.add(line);
            return;
        }
        if (d.isPresent()) {
            DiagnosticSeverity s = d.get().severity();
            if (s == DiagnosticSeverity.NOTE && current != null) {
                flush(subject, current, log);
                log.diagnosticPart(subject, line, current);
                return;
            }
            current = s == DiagnosticSeverity.NOTE || s == DiagnosticSeverity.REMARK ? null : s;
            flush(subject, current, log);
            log.diagnostic(subject, d.get(), workingDir);
            return;
        }
        end(subject, log);
        if (current != null && (EXCERPT.matcher(line).matches() || LLD_DETAIL.matcher(line).matches())) {
            log.diagnosticPart(subject, line, current);
        } else {
            current = null;
            log.info("[" + subject + "] " + line);
        }
    }

    /** Logs the include stack still held, at info: the output ended or went on without a diagnostic. */
    void end(String subject, BuildListener log) {
        flush(subject, null, log);
    }

    private void flush(String subject, DiagnosticSeverity level, BuildListener log) {
        for (String held : includeStack) {
            if (level == null) {
                log.info("[" + subject + "] " + held);
            } else {
                log.diagnosticPart(subject, held, level);
            }
        }
        includeStack.clear();
    }
}
