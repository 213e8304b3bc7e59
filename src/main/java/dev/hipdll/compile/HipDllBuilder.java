package dev.hipdll.compile;

import dev.hipdll.diagnosis.FirstError;
import dev.hipdll.process.ProcessResult;
import dev.hipdll.process.ProcessRunner;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Runs hipcc for a {@link CompileRequest} and writes the DLL atomically: hipcc writes
 * {@code <output>.tmp} beside the output, which is moved over the output only when hipcc exited 0
 * and produced it, so a failed or killed build never leaves a half-written DLL. hipcc's command
 * line and every output line go to {@code build.log} in the output directory.
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
     * Builds the DLL.
     *
     * @param request     what to build
     * @param environment the complete environment hipcc runs in
     * @param workingDir  hipcc's working directory
     * @param lines       receives each hipcc output line as it arrives (for the Maven log)
     * @return where the DLL and the log are
     * @throws BuildFailedException when hipcc cannot start, times out, fails or writes no DLL
     * @throws IOException          when the output directory or log cannot be written
     */
    public BuildResult build(CompileRequest request, Map<String, String> environment, Path workingDir,
                             Consumer<String> lines) throws BuildFailedException, IOException {
        Path output = request.output();
        Path outDir = output.toAbsolutePath().getParent();
        Files.createDirectories(outDir);
        Path temp = outDir.resolve(output.getFileName() + ".tmp");
        Files.deleteIfExists(temp);
        List<String> args = HipccCommand.arguments(request, temp);
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
            result = runner.run(hipcc, launched, environment, workingDir, line -> {
                lines.accept(line);
                try {
                    log.write(line + System.lineSeparator());
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        if (!result.succeeded()) {
            Files.deleteIfExists(temp);
            String why = result.launchError() != null ? "hipcc could not start: " + result.launchError()
                    : result.timedOut() ? "hipcc ran past its " + runner.timeout().toSeconds()
                            + " s timeout (hip.timeout) and its process tree was killed"
                    : "hipcc exited with " + result.exitCode();
            String first = FirstError.in(result.output()).map(l -> "\n  first error: " + l).orElse("");
            throw new BuildFailedException(why + first + "\n  full log: " + buildLog);
        }
        if (!Files.isRegularFile(temp)) {
            throw new BuildFailedException("hipcc exited 0 but wrote no " + temp + "; full log: " + buildLog);
        }
        Files.move(temp, output, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        return new BuildResult(output, buildLog, result.elapsed());
    }
}
