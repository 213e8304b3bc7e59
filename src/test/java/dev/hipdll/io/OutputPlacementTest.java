package dev.hipdll.io;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.pipeline.BuildOutputs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The outputs stay off the inputs, also when a link hides the overlap. */
class OutputPlacementTest {
    @TempDir
    Path dir;
    Path src;
    Path inc;
    Path sdk;
    List<Path> sources;

    @BeforeEach
    void setUp() throws Exception {
        src = Files.createDirectories(dir.resolve("src/main/hip"));
        inc = Files.createDirectories(src.resolve("include"));
        sdk = Files.createDirectories(dir.resolve("sdk"));
        sources = List.of(Files.writeString(src.resolve("backend_cuda.cu"), "//\n"));
    }

    private String refused(Path out) {
        return assertThrows(IllegalArgumentException.class, () -> OutputPlacement.check(out,
                BuildOutputs.names("coli_hip.dll"), sources, src, List.of(inc, sdk))).getMessage();
    }

    @Test
    void theUsualLayoutPasses() {
        assertDoesNotThrow(() -> OutputPlacement.check(dir.resolve("target/hipdll"), BuildOutputs.names("coli_hip.dll"),
                sources, src, List.of(inc, sdk)));
        // sources at the project root, output under target/: allowed
        assertDoesNotThrow(() -> OutputPlacement.check(src.resolve("target/hipdll"), BuildOutputs.names("coli_hip.dll"),
                sources, src, List.of(inc, sdk)));
    }

    @Test
    void theSourceDirectoryIsRefused() {
        assertTrue(refused(src).contains("is the source directory (hip.sourceDirectory)"));
    }

    @Test
    void anIncludeDirectoryOrTheSdkIsRefused() {
        assertTrue(refused(inc).contains("is the input directory " + inc), refused(inc));
        assertTrue(refused(sdk.resolve("out")).contains("lies inside the input directory " + sdk));
    }

    @Test
    void aSourceInsideTheOutputDirectoryIsRefused() {
        String m = refused(dir.resolve("src"));
        assertTrue(m.startsWith("the source " + sources.get(0) + " lies inside the output directory"), m);
    }

    @Test
    void aLinkedOutputDirectoryIsSeenThrough() throws Exception {
        Path link = Files.createSymbolicLink(dir.resolve("out"), src);
        assertTrue(refused(link).contains("is the source directory"));
    }

    @Test
    void aBuildFileThatIsALinkToASourceIsRefused() throws Exception {
        Path out = Files.createDirectories(dir.resolve("target/hipdll"));
        Files.createSymbolicLink(out.resolve("build.log"), sources.get(0));
        assertEquals(out.resolve("build.log") + " is a symbolic link (to " + sources.get(0) + "); the build writes this"
                + " file and would write through the link: remove it", refused(out));
    }
}
