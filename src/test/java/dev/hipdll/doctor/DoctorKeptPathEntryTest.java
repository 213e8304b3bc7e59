package dev.hipdll.doctor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.findings.Check;
import dev.hipdll.findings.Verdict;
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
 * A PATH entry the build's scrub keeps (it holds nvcc but is no toolkit install) is named in
 * doctor's table, without a WARN: only an entry the scrub drops is one.
 */
class DoctorKeptPathEntryTest {
    @TempDir
    Path dir;

    @Test
    void anEntryTheScrubKeepsIsNamedButNotAWarning() throws Exception {
        Path tools = Files.createDirectories(dir.resolve("tools/bin"));
        Files.writeString(tools.resolve("nvcc"), "#!/bin/sh\n");
        DoctorReport r = new Doctor(new LocalFileProbe(), new ProcessRunner(Duration.ofSeconds(30))).examine(
                new DoctorRequest(new DoctorHost(false, Map.of("PATH", tools + ":/usr/bin:/bin")),
                        Toolchain.standinSdk(), null, null, null, Optional.empty()));
        Check path = r.checks().stream().filter(c -> c.id().equals("env.scrub.path")).findFirst().orElseThrow();
        assertTrue(path.details().stream().anyMatch(d -> d.contains(tools.toString()) && d.contains("kept")),
                path.details().toString());
        assertEquals(Verdict.PASS, path.verdict(), path.toString());
    }
}
