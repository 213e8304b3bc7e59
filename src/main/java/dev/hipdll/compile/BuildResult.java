package dev.hipdll.compile;

import java.nio.file.Path;
import java.time.Duration;

/**
 * A successful build.
 *
 * @param dll      the written DLL
 * @param buildLog the file holding the command line and every line hipcc printed
 * @param elapsed  hipcc's wall time
 * @param dependencyFile the compiler's {@code -MD -MF} output: every file it read (Make syntax)
 */
public record BuildResult(Path dll, Path buildLog, Duration elapsed, Path dependencyFile) {
}
