package dev.hipdll.compile;

import dev.hipdll.diagnosis.Diagnosis;
import dev.hipdll.diagnosis.DiagnosisReport;
import dev.hipdll.diagnosis.FailedRun;
import dev.hipdll.diagnosis.FailureClassifier;
import dev.hipdll.diagnosis.RuleBook;
import dev.hipdll.bytes.BinaryFormatException;
import dev.hipdll.io.IoProblem;
import dev.hipdll.io.OutputDirectory;
import dev.hipdll.io.UnwritableDirectoryException;
import dev.hipdll.pe.DllImageCheck;
import dev.hipdll.process.ProcessResult;
import dev.hipdll.process.ProcessRunner;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Runs hipcc for a {@link CompileRequest} and writes the DLL atomically: hipcc writes
 * {@code .tmp/<output name>} beside the output (see {@link #temporaryOutput}), which is moved over the output only when hipcc exited 0
 * and produced a whole PE32+ DLL ({@link DllImageCheck}), so a failed or killed build, or a compiler that
 * "succeeds" with an empty or truncated file, never leaves a half-written DLL and never replaces a good one.
 * The output directory is checked first ({@link OutputDirectory}): a file where it should be, or a
 * directory that takes no files, fails before hipcc starts. hipcc's command
 * line and every output line go to {@code build.log} in the output directory; the compiler's
 * dependency file ({@code -MD -MF}) goes to {@code <output>.d}. When hipcc fails, its log is
 * classified ({@link FailureClassifier}): the full analysis goes to {@code diagnosis.txt} in the
 * output directory and the exception carries the short block.
 */
public final class HipDllBuilder {
    private final ProcessRunner runner;
    private final LaunchOptions launch;

    /** @param runner runs hipcc (carries the timeout); launch options are the Unix defaults */
    public HipDllBuilder(ProcessRunner runner) {
        this(runner, LaunchOptions.defaults(dev.hipdll.host.OsFamily.UNIX));
    }

    /**
     * @param runner runs hipcc (carries the timeout)
     * @param launch the host's OS and the command-line limit above which a response file is used
     */
    public HipDllBuilder(ProcessRunner runner, LaunchOptions launch) {
        this.runner = runner;
        this.launch = launch;
    }

    /**
     * The hipcc arguments {@link #build} runs: {@link HipccCommand} for the request with its project
     * paths relative to {@code workingDir} ({@link WorkingDirectoryPaths}), hipcc writing the
     * temporary output ({@link #temporaryOutput}) and the dependency file ({@link #dependencyFile}).
     *
     * @param request    what to build
     * @param workingDir hipcc's working directory
     */
    public static List<String> arguments(CompileRequest request, Path workingDir) {
        Path temp = temporaryOutput(request.output());
        return HipccCommand.arguments(WorkingDirectoryPaths.relativize(request, workingDir),
                WorkingDirectoryPaths.relativize(temp, workingDir),
                WorkingDirectoryPaths.relativize(dependencyFile(request.output()), workingDir));
    }

    /** The compiler's dependency file ({@code -MD -MF}), {@code <output>.d} beside the output. */
    public static Path dependencyFile(Path output) {
        return output.toAbsolutePath().getParent().resolve(output.getFileName() + ".d");
    }

    /**
     * Where hipcc writes the DLL before it is moved over {@code output}: a file with the output's own
     * name in the directory {@code .tmp} beside it. The name matters: the linker records the output
     * file name as the DLL name in the export directory (PE/COFF "Export Directory Table", Name RVA),
     * so a temporary name such as {@code coli_hip.dll.tmp} would end up inside the published DLL.
     */
    public static Path temporaryOutput(Path output) {
        return output.toAbsolutePath().getParent().resolve(".tmp").resolve(output.getFileName());
    }

    /**
     * Builds the DLL.
     *
     * @param request     what to build
     * @param environment the complete environment hipcc runs in
     * @param workingDir  hipcc's working directory
     * @param lines       receives each hipcc output line as it arrives (for the Maven log)
     * @return where the DLL and the log are
     * @throws BuildFailedException when the output directory cannot take files, hipcc cannot start, times out or
     *                              fails, or writes no DLL or one that is not a complete PE32+ DLL
     * @throws IOException          when the output directory or log cannot be written
     */
    public BuildResult build(CompileRequest request, Map<String, String> environment, Path workingDir,
                             Consumer<String> lines) throws BuildFailedException, IOException {
        Path output = request.output();
        Path outDir = output.toAbsolutePath().getParent();
        Path temp = temporaryOutput(output);
        try {
            OutputDirectory.prepare(outDir, "output directory", null);
            if (Files.isDirectory(output)) {
                throw new BuildFailedException("the output " + output + " is a directory, not a DLL: remove it, or name"
                        + " another file with hip.outputName");
            }
            OutputDirectory.prepare(temp.getParent(), "temporary output directory", null);
        } catch (UnwritableDirectoryException e) {
            throw new BuildFailedException(e.getMessage());
        }
        Files.deleteIfExists(temp);
        Path depFile = dependencyFile(output);
        Files.deleteIfExists(depFile);
        Path diagnosisTxt = outDir.resolve("diagnosis.txt");
        Files.deleteIfExists(diagnosisTxt);
        List<String> args = arguments(request, workingDir);
        Path hipcc = request.sdk().hipcc().path();
        Path buildLog = outDir.resolve("build.log");
        List<String> launched = HipccLaunch.arguments(hipcc, args, launch, outDir.resolve("hipcc.rsp"),
                request.sdk().hipccIsBatchWrapper());
        ProcessResult result;
        try (BufferedWriter log = Files.newBufferedWriter(buildLog, StandardCharsets.UTF_8)) {
            log.write("$ " + hipcc + " " + String.join(" ", args) + System.lineSeparator());
            if (!launched.equals(args)) {
                log.write("# passed as: " + hipcc + " " + String.join(" ", launched) + System.lineSeparator());
            }
            log.flush(); // build.log is read while hipcc runs, and kept when the JVM stops (Ctrl-C) mid-run
            result = runner.run(hipcc, launched, environment, workingDir, line -> {
                lines.accept(line);
                try {
                    log.write(line + System.lineSeparator());
                    log.flush();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
            for (String note : result.notes()) { // leftovers ended, output given up, cut lines, interruption
                log.write("# " + note + System.lineSeparator());
                lines.accept("hipdll: " + note);
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        if (result.interrupted()) {
            discard(temp);
            throw new BuildFailedException("hipcc was interrupted (the build was stopped); it and every process it"
                    + " started were killed and no DLL was written; log so far: " + buildLog);
        }
        if (!result.succeeded()) {
            discard(temp);
            List<String> command = new ArrayList<>();
            command.add(hipcc.toString());
            command.addAll(args);
            FailedRun run = new FailedRun(command, result.output(), result.exitCode(), result.timedOut(),
                    result.launchError(), runner.timeout());
            Diagnosis d = new FailureClassifier(RuleBook.load()).classify(run);
            Files.write(diagnosisTxt, DiagnosisReport.full(d, run, buildLog), StandardCharsets.UTF_8);
            throw new BuildFailedException(DiagnosisReport.shortBlock(d, diagnosisTxt, buildLog));
        }
        String previous = Files.exists(output) ? "the previous " + output + " is unchanged" : "nothing was published";
        if (!Files.isRegularFile(temp)) {
            discard(temp);
            throw new BuildFailedException("hipcc exited 0 but wrote no DLL: expected " + temp + " (its -o argument); "
                    + previous + ". Full log: " + buildLog);
        }
        try {
            DllImageCheck.check(temp);
        } catch (IOException e) {
            discard(temp);
            throw new BuildFailedException("hipcc exited 0 but its output is not a complete PE32+ DLL: "
                    + (e instanceof BinaryFormatException ? e.getMessage() : IoProblem.describe(e))
                    + ". The file was deleted; " + previous + ". Full log: " + buildLog);
        }
        try {
            Files.move(temp, output, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            discard(temp);
            throw new BuildFailedException("cannot move the built DLL into place (" + IoProblem.describe(e) + "); "
                    + previous);
        }
        discard(temp);
        return new BuildResult(output, buildLog, result.elapsed(), depFile);
    }

    /** Deletes the temporary output (if hipcc left one, or a directory of that name) and its {@code .tmp} directory when empty. */
    private static void discard(Path temp) throws IOException {
        if (Files.isDirectory(temp, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            try (var inside = Files.walk(temp)) {
                for (Path p : inside.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
        Files.deleteIfExists(temp);
        if (!Files.isDirectory(temp.getParent())) {
            return;
        }
        try (var left = Files.list(temp.getParent())) {
            if (left.findAny().isEmpty()) {
                Files.delete(temp.getParent());
            }
        }
    }
}
