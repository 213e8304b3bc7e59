package dev.hipdll.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.testing.Await;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How a process is named in the log (newcomer report: "killed with it: pid 4242 (?)"): its command line
 * while the JDK can read it; else the program name from procfs, marked exited for a zombie; else a sentence.
 */
class ProcessLabelTest {
    @TempDir
    Path dir;

    private ProcFs fakeProcFs(String root, long pid, String comm, char state) throws Exception {
        Path p = Files.createDirectories(dir.resolve(root).resolve(Long.toString(pid)));
        Files.createDirectories(dir.resolve(root).resolve("self"));
        if (comm != null) {
            Files.writeString(p.resolve("comm"), comm + "\n", StandardCharsets.ISO_8859_1);
            Files.writeString(p.resolve("stat"), pid + " (" + comm + ") " + state + " 1 1 1 0 -1 0 0 0 0 0 0 0 0 0 20 0 1 0 123",
                    StandardCharsets.ISO_8859_1);
        }
        return new ProcFs(dir.resolve(root));
    }

    @Test
    void aRunningProcessIsNamedByItsCommandLine() throws Exception {
        Process p = new ProcessBuilder("sleep", "30").start();
        try {
            // past its execve (a process in the middle of one has no command line yet), however long that takes
            Await.until(() -> ProcessLabel.of(p.toHandle(), ProcFs.standard()).contains("sleep 30"), "sleep's command line");
            String label = ProcessLabel.of(p.toHandle(), ProcFs.standard());
            // the JDK's command line: the program's path, then its arguments
            assertTrue(label.matches("pid " + p.pid() + " \\(/\\S*sleep 30\\)"), label);
        } finally {
            p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void aZombieIsNamedByItsProgramNameFromProcfs() throws Exception {
        // an exited process: the JDK has no command line for it any more; procfs (here a fake one) still
        // has the program name of a zombie, and nothing of a process reaped meanwhile
        Process p = new ProcessBuilder("true").start();
        long pid = p.pid();
        ProcessHandle gone = p.toHandle();
        p.waitFor(10, TimeUnit.SECONDS);
        assertEquals("pid " + pid + " (clang-19, exited)", ProcessLabel.of(gone, fakeProcFs("zombie", pid, "clang-19", 'Z')));
        assertEquals("pid " + pid + " (clang-19)", ProcessLabel.of(gone, fakeProcFs("stopped", pid, "clang-19", 'S')));
        assertEquals("pid " + pid + " (gone before its name could be read)",
                ProcessLabel.of(gone, fakeProcFs("reaped", pid + 1, null, 'Z')));
    }

    @Test
    void aLongCommandLineIsCut() throws Exception {
        String seconds = "30." + "0".repeat(300);  // sleep reads it as 30 s
        Process p = new ProcessBuilder("sleep", seconds).start();
        try {
            // past its execve (a process in the middle of one has no command line yet), however long that takes
            Await.until(() -> ProcessLabel.of(p.toHandle(), ProcFs.standard()).contains("sleep 30.0"), "sleep's command line");
            String label = ProcessLabel.of(p.toHandle(), ProcFs.standard());
            assertEquals(6 + Long.toString(p.pid()).length() + ProcessLabel.MAX_CHARS + 4, label.length(), label);
            assertTrue(label.endsWith("0...)"), label);
        } finally {
            p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }
}
