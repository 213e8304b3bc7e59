package dev.hipdll.environment;

import dev.hipdll.io.AtomicFile;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes the environment changes of a build to a text file (by default
 * {@code target/hipdll/environment.txt}): one line per change with values, so that a build can be
 * compared with another machine's afterwards. Written atomically ({@link AtomicFile}).
 */
public final class EnvironmentReport {
    private EnvironmentReport() {
    }

    /**
     * Writes {@code result}'s changes to {@code file}.
     *
     * @throws IOException when the file cannot be written
     */
    public static void write(ScrubResult result, Path file) throws IOException {
        List<String> lines = new ArrayList<>();
        lines.add("# environment changes made by hipdll:build (" + result.environment().os() + " host)");
        for (EnvironmentChange c : result.changes()) {
            lines.add(c.detailLine());
        }
        StringBuilder text = new StringBuilder();
        for (String line : lines) {
            text.append(line).append(System.lineSeparator());  // as Files.write(Path, Iterable) ends lines
        }
        AtomicFile.writeString(file, text.toString());
    }
}
