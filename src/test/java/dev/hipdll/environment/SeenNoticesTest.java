package dev.hipdll.environment;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A notice (the nvcc PATH note) is new once per machine, then seen, across runs (new instances). */
class SeenNoticesTest {
    @TempDir
    Path dir;

    private static final String NVCC = "note: PATH: entry /usr/local/bin holds nvcc but is not a toolkit install directory;"
            + " kept (HIP_PLATFORM=amd keeps hipcc on AMD)";

    @Test
    void aNoticeIsNewOnceThenSeenInLaterRuns() {
        Path file = SeenNotices.defaultFile(dir);
        assertTrue(new SeenNotices(file).firstTime(NVCC));
        assertFalse(new SeenNotices(file).firstTime(NVCC), "a second build shows it again");
        assertFalse(new SeenNotices(file).firstTime(NVCC));
        assertTrue(new SeenNotices(file).firstTime(NVCC.replace("/usr/local/bin", "/opt/cuda/bin")), "another entry is new");
        assertTrue(Files.isRegularFile(dir.resolve(".m2/hipdll/seen-notices")));
    }

    @Test
    void anUnusableFileMakesEveryNoticeNewWithoutFailing() throws Exception {
        Path blocker = Files.writeString(dir.resolve("not-a-dir"), "x");
        SeenNotices s = new SeenNotices(blocker.resolve("seen-notices"));
        assertTrue(s.firstTime(NVCC));
        assertTrue(s.firstTime(NVCC), "nothing could be recorded, so it stays at info");
        Path dirAsFile = Files.createDirectories(dir.resolve("seen-is-a-directory"));
        assertTrue(new SeenNotices(dirAsFile).firstTime(NVCC));
    }
}
