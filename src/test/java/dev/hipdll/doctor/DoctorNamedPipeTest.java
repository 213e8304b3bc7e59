package dev.hipdll.doctor;

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.process.ProcessRunner;
import dev.hipdll.testing.Toolchain;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A named pipe on PATH blocked hipdll:doctor forever: opendir(3) on a pipe opens it.
 * Real pipes (mkfifo) on the real file system: one as a PATH entry, one named like a runtime DLL inside a
 * PATH directory, one as the application directory. Doctor finishes, and lists the real DLL beside them.
 */
class DoctorNamedPipeTest {
    @TempDir
    Path dir;

    private Path fifo(Path p) throws Exception {
        assertTrue(new ProcessBuilder("mkfifo", p.toString()).inheritIO().start().waitFor() == 0);
        return p;
    }

    @Test
    void pipesOnPathAreNeverOpened() throws Exception {
        Toolchain.require("mkfifo");
        Path entry = fifo(dir.resolve("pipe-entry"));
        Path bin = Files.createDirectories(dir.resolve("bin"));
        fifo(bin.resolve("amdhip64_6.dll"));
        Files.write(bin.resolve("amdhip64_7.dll"), new byte[] {'M', 'Z'});
        Path app = fifo(dir.resolve("app"));
        DoctorHost host = new DoctorHost(true, Map.of("SystemRoot", dir.resolve("win").toString(),
                "PATH", entry + ";" + bin));
        DoctorReport r = assertTimeoutPreemptively(Duration.ofMinutes(5), () -> new Doctor(new LocalFileProbe(),
                new ProcessRunner(Duration.ofSeconds(10))).examine(new DoctorRequest(host, null, null, app.toString(),
                null, Optional.empty())));
        assertTrue(r.runtimeDlls().stream().anyMatch(d -> d.toString().contains("amdhip64_7.dll")), r.runtimeDlls().toString());
        assertTrue(r.runtimeDlls().stream().noneMatch(d -> d.toString().contains("amdhip64_6.dll")), r.runtimeDlls().toString());
    }
}
