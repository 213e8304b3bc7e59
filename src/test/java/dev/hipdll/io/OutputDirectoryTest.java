package dev.hipdll.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.testing.Toolchain;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where an output directory cannot be: below a regular file, a regular file itself, a dangling
 * symbolic link, on a file system that takes no new directories ({@code /proc}). The tests run as
 * root in CI, where permission bits stop nothing, so none of them relies on chmod. Each message
 * names the directory, the parameter and the path at fault; nothing is created or changed.
 */
class OutputDirectoryTest {
    @TempDir
    Path tmp;

    private String fails(Path dir) {
        return assertThrows(UnwritableDirectoryException.class,
                () -> OutputDirectory.prepare(dir, "output directory", "hip.outputDirectory")).getMessage();
    }

    @Test
    void createsMissingDirectoriesAndLeavesNoProbe() throws Exception {
        Path dir = tmp.resolve("a b/ünï/target/hipdll");
        assertEquals(dir, OutputDirectory.prepare(dir, "output directory", "hip.outputDirectory"));
        assertTrue(Files.isDirectory(dir));
        try (var left = Files.list(dir)) {
            assertEquals(List.of(), left.toList());
        }
    }

    @Test
    void aRegularFileAnywhereAboveIsNamed() throws Exception {
        Path target = Files.writeString(tmp.resolve("target"), "x");
        assertEquals("cannot write to the output directory " + target.resolve("a/hipdll") + " (hip.outputDirectory): "
                + target + " is a regular file, not a directory", fails(target.resolve("a/hipdll")));
        assertEquals("cannot write to the output directory " + target + " (hip.outputDirectory): it is a regular file,"
                + " not a directory", fails(target));
        assertEquals("x", Files.readString(target));
    }

    @Test
    void aDanglingLinkIsNamedWithItsTarget() throws Exception {
        Path link = Files.createSymbolicLink(tmp.resolve("target"), tmp.resolve("elsewhere"));
        assertEquals("cannot write to the output directory " + link.resolve("hipdll") + " (hip.outputDirectory): "
                + link + " is a symbolic link to nothing (" + tmp.resolve("elsewhere") + ")", fails(link.resolve("hipdll")));
    }

    @Test
    void aFileSystemThatRefusesNewDirectoriesIsNamed() {
        Path proc = Path.of("/proc/self");
        if (!Files.isDirectory(proc)) {
            Toolchain.missing("no /proc here (a file system that refuses new directories)");
        }
        String m = fails(proc.resolve("hipdll-out"));
        assertTrue(m.startsWith("cannot write to the output directory /proc/self/hipdll-out (hip.outputDirectory): "
                + "cannot create it (/proc/self/hipdll-out: "), m);
    }

    @Test
    void ioProblemsReadAsFileAndReason() {
        assertEquals("/p/target: Not a directory", IoProblem.describe(new FileSystemException("/p/target", null, "Not a directory")));
        assertEquals("/p/out: permission denied", IoProblem.describe(new AccessDeniedException("/p/out")));
        assertEquals("/p/a -> /p/b: already exists", IoProblem.describe(new FileAlreadyExistsException("/p/a", "/p/b", null)));
        assertEquals("disk full", IoProblem.describe(new IOException("disk full")));
    }
}
