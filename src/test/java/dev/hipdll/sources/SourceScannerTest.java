package dev.hipdll.sources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.testing.Toolchain;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.codehaus.plexus.util.DirectoryScanner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The source scan: link cycles end, each real file is taken once and the loop is
 * named; a named pipe that matches is refused without being opened; on a tree without links it
 * finds exactly what plexus' DirectoryScanner (used before) finds, for the default includes and
 * other glob shapes.
 */
class SourceScannerTest {
    @TempDir
    Path dir;

    private static final List<String> DEFAULT = List.of("**/*.cu", "**/*.hip", "**/*.cpp");

    private Path tree() throws Exception {
        Path hip = Files.createDirectories(dir.resolve("src/main/hip"));
        Files.writeString(hip.resolve("backend_cuda.cu"), "//\n");
        Files.writeString(hip.resolve("cuda_chain.cu"), "//\n");
        Files.createDirectories(hip.resolve("include"));
        Files.writeString(hip.resolve("include/ops.h"), "//\n");
        Files.createDirectories(hip.resolve("kernels/deep"));
        Files.writeString(hip.resolve("kernels/a.hip"), "//\n");
        Files.writeString(hip.resolve("kernels/deep/b.cpp"), "//\n");
        Files.writeString(hip.resolve("kernels/deep/c.CU"), "//\n");
        Files.writeString(hip.resolve("kernels/notes.txt"), "//\n");
        return hip;
    }

    private List<Path> plexus(Path base, List<String> includes) {
        DirectoryScanner ds = new DirectoryScanner();
        ds.setBasedir(base.toFile());
        ds.setIncludes(includes.toArray(new String[0]));
        ds.scan();
        return Arrays.stream(ds.getIncludedFiles()).map(base::resolve).sorted().toList();
    }

    @Test
    void twoLinksToTheDirectoryItselfEndAndAreNamed() throws Exception {
        Path hip = tree();
        Files.createSymbolicLink(hip.resolve("loop"), Path.of("."));
        Files.createSymbolicLink(hip.resolve("kernels/loop2"), Path.of(".."));
        SourceScan scan = assertTimeoutPreemptively(Duration.ofMinutes(5),
                () -> new SourceScanner(DEFAULT).scan(hip));
        assertEquals(List.of(hip.resolve("backend_cuda.cu"), hip.resolve("cuda_chain.cu"), hip.resolve("kernels/a.hip"),
                hip.resolve("kernels/deep/b.cpp")), scan.files());
        assertTrue(scan.notes().contains(hip.resolve("loop") + " -> . leads back to " + hip
                + ": a symbolic link cycle, not followed"), scan.notes().toString());
        assertTrue(scan.notes().contains(hip.resolve("kernels/loop2") + " -> .. leads back to " + hip
                + ": a symbolic link cycle, not followed"), scan.notes().toString());
    }

    @Test
    void aLinkToASiblingDirectoryGivesEachFileOnce() throws Exception {
        Path hip = tree();
        Files.createSymbolicLink(hip.resolve("again"), Path.of("kernels"));
        Files.createSymbolicLink(hip.resolve("same.cu"), Path.of("backend_cuda.cu"));
        SourceScan scan = new SourceScanner(DEFAULT).scan(hip);
        assertEquals(List.of(hip.resolve("backend_cuda.cu"), hip.resolve("cuda_chain.cu"), hip.resolve("kernels/a.hip"),
                hip.resolve("kernels/deep/b.cpp")), scan.files());
        assertTrue(scan.notes().stream().anyMatch(n -> n.startsWith(hip.resolve("again") + " -> kernels is "
                + hip.resolve("kernels") + ", already scanned")) || scan.notes().stream().anyMatch(n -> n.startsWith(
                hip.resolve("kernels") + " -> ")), scan.notes().toString());
        assertTrue(scan.notes().contains(hip.resolve("same.cu") + " is the same file as " + hip.resolve("backend_cuda.cu")
                + " (through a symbolic link); compiled once, as " + hip.resolve("backend_cuda.cu")), scan.notes().toString());
        // plexus, for comparison, takes the linked tree twice
        assertEquals(7, plexus(hip, DEFAULT).size());
    }

    @Test
    void aBrokenLinkThatMatchesIsNamed() throws Exception {
        Path hip = tree();
        Files.createSymbolicLink(hip.resolve("gone.cu"), Path.of("nowhere.cu"));
        SourceScan scan = new SourceScanner(DEFAULT).scan(hip);
        assertEquals(4, scan.files().size());
        assertEquals(List.of(hip.resolve("gone.cu") + " is a symbolic link to nothing (nowhere.cu); skipped"), scan.notes());
    }

    @Test
    void aNamedPipeThatMatchesIsRefusedUnopened() throws Exception {
        Toolchain.require("mkfifo");
        Path hip = tree();
        Path fifo = hip.resolve("kernels/pipe.cu");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start().waitFor());
        SourceScanException e = assertTimeoutPreemptively(Duration.ofMinutes(5),
                () -> assertThrows(SourceScanException.class, () -> new SourceScanner(DEFAULT).scan(hip)));
        assertEquals("the source " + fifo + " matches [**/*.cu, **/*.hip, **/*.cpp] but is a named pipe, socket or"
                + " device (a special file), not a regular file; it is not opened: remove it or change the includes",
                e.getMessage());
    }

    @Test
    void withoutLinksItFindsWhatDirectoryScannerFinds() throws Exception {
        Path hip = tree();
        for (List<String> includes : List.of(DEFAULT, List.of("*.cu"), List.of("kernels/"), List.of("kernels\\**\\*.cpp"),
                List.of("**/deep/?.c*"), List.of("**/*.CU"), List.of("kernels/*"), List.of("**"))) {
            assertEquals(plexus(hip, includes), new SourceScanner(includes).scan(hip).files(), includes.toString());
        }
    }

    @Test
    void aSourceDirectoryThatIsAFileIsNamed() throws Exception {
        Path f = Files.writeString(dir.resolve("hip"), "x");
        SourceScanException e = assertThrows(SourceScanException.class, () -> new SourceScanner(DEFAULT).scan(f));
        assertEquals("source directory " + f + " is a regular file, not a directory (hip.sourceDirectory)", e.getMessage());
    }

    @Test
    void aNoteNamingAFileWithALineBreakHasItEscaped() throws Exception {
        // A note is logged as a warning; a raw line feed would start a line of its own
        Path hip = tree();
        Files.createSymbolicLink(hip.resolve("x\n::error::owned\ny.cu"), hip.resolve("nowhere"));
        SourceScan scan = new SourceScanner(DEFAULT).scan(hip);
        assertEquals(1, scan.notes().size(), scan.notes().toString());
        assertTrue(scan.notes().get(0).startsWith(hip + "/x\\n::error::owned\\ny.cu is a symbolic link to nothing"),
                scan.notes().get(0));
    }
}
