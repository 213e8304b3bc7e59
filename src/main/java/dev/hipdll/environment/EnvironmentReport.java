package dev.hipdll.environment;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes the environment changes of a build to a text file (by default
 * {@code target/hipdll/environment.txt}): one line per change with values, so that a build can be
 * compared with another machine's afterwards. Written to a temporary name and moved into place.
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
        Files.createDirectories(file.toAbsolutePath().getParent());
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.write(tmp, lines, StandardCharsets.UTF_8);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
