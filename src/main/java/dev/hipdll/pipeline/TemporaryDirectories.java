package dev.hipdll.pipeline;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A build's temporary directories, {@code <output directory>/.tmp/build-<pid>-<hex>}: where the link writes the DLL
 * before it is checked and moved into place. Each build deletes its own; a JVM killed mid-build leaves one behind,
 * which the next build deletes once no live process has that pid.
 */
final class TemporaryDirectories {
    private static final Pattern NAME = Pattern.compile("build-(\\d+)-[0-9a-f]+");

    private TemporaryDirectories() {
    }

    /** A new name for this build's directory under {@code outDir/.tmp} (not created). */
    static Path forThisBuild(Path outDir) {
        return outDir.resolve(".tmp").resolve("build-" + ProcessHandle.current().pid() + "-"
                + Long.toHexString(System.nanoTime()));
    }

    /**
     * Deletes this build's temporary directory, and {@code .tmp} when nothing else is in it.
     *
     * @throws IOException when a file in it cannot be deleted
     */
    static void discard(Path tempDir) throws IOException {
        if (Files.isDirectory(tempDir, LinkOption.NOFOLLOW_LINKS)) {
            try (Stream<Path> inside = Files.walk(tempDir)) {
                for (Path p : inside.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
        Path tmp = tempDir.getParent();
        if (Files.isDirectory(tmp, LinkOption.NOFOLLOW_LINKS)) {
            try (Stream<Path> left = Files.list(tmp)) {
                if (left.findAny().isEmpty()) {
                    Files.deleteIfExists(tmp);
                }
            } catch (IOException e) {
                // another build's temporary directory appeared meanwhile: leave .tmp to it
            }
        }
    }

    /**
     * Deletes the temporary directories in {@code tmp} of builds whose JVM is gone ({@code build-<pid>-<hex>} with no
     * live process {@code pid}); best effort: one that cannot be listed or deleted stays.
     */
    static void removeAbandoned(Path tmp) {
        if (!Files.isDirectory(tmp, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> dirs = Files.list(tmp)) {
            for (Path d : dirs.toList()) {
                Matcher m = NAME.matcher(d.getFileName().toString());
                if (m.matches() && !ProcessHandle.of(Long.parseLong(m.group(1))).map(ProcessHandle::isAlive)
                        .orElse(false)) {
                    discard(d);
                }
            }
        } catch (IOException | NumberFormatException e) {
            // best effort
        }
    }
}
