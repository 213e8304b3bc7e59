package dev.hipdll.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.File;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Where verify and load-check put their reports (issue 12, item 13): never beside the DLL. */
class ProjectlessReportDirectoryTest {
    @Test
    void withoutAProjectTheCurrentDirectorysTargetHipdll() {
        assertEquals(Path.of("/work/here/target/hipdll"), ProjectlessPaths.reportDirectory(null, null, Path.of("/work/here")));
    }

    @Test
    void theParameterAndTheProjectComeFirst() {
        assertEquals(Path.of("/r"), ProjectlessPaths.reportDirectory(new File("/r"), "/p/target", Path.of("/c")));
        assertEquals(Path.of("/p/target/hipdll"), ProjectlessPaths.reportDirectory(null, "/p/target", Path.of("/c")));
    }
}
