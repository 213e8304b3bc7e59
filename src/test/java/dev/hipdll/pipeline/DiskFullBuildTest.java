package dev.hipdll.pipeline;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.compile.BuildFailedException;
import dev.hipdll.host.Host;
import dev.hipdll.host.OsFamily;
import dev.hipdll.sdk.HipSdk;
import dev.hipdll.testing.FakeSdk;
import dev.hipdll.testing.StandinBuild;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A compiler or linker killed by a signal is reported as such through the build: a
 * real process that dies of SIGBUS (exit status 128 + 7 as the JVM reports it), and a driver that says its
 * linker died of one. The free space is measured on the real disk (not full here, so the diagnosis is the
 * death by signal; {@code ResourceFailureTest} covers the full disk).
 */
class DiskFullBuildTest {
    @TempDir
    Path dir;

    private static Map<String, String> env() {
        return Map.of("PATH", "/usr/bin:/bin");
    }

    private String fails(String compileBody, String linkBody) throws Exception {
        Path project = Files.createDirectories(dir.resolve("project"));
        HipSdk sdk = FakeSdk.create(dir.resolve("sdk"), FakeSdk.hipcc(compileBody, linkBody));
        Path source = Files.writeString(project.resolve("k.cu"), "// k\n");
        HipDllBuildRequest r = StandinBuild.request(project, project, List.of(source), List.of(), "gfx1151", List.of(),
                project.resolve("target/hipdll/coli_hip.dll"), StandinBuild.options(Duration.ofSeconds(60)),
                Host.of(OsFamily.UNIX, env()), sdk.root().path());
        return assertThrows(BuildFailedException.class,
                () -> StandinBuild.build(StandinBuild.setup(sdk, env()), r, StandinBuild.quiet())).getMessage();
    }

    @Test
    void aCompilerKilledBySigbusIsNamed() throws Exception {
        String m = fails("echo compiling; kill -BUS $$", "");
        assertTrue(m.contains("the compiler (hipcc) was killed by SIGBUS (signal 7); it reported no error of its own"), m);
        assertTrue(m.contains("rule killed-by-signal"), m);
        String txt = Files.readString(dir.resolve("project/target/hipdll/diagnosis.txt"));
        assertTrue(txt.contains("free space: "), txt);
    }

    @Test
    void aLinkerThatDiedOfASignalIsTheHostLinkNotACompileError() throws Exception {
        String m = fails("", "echo \"k.cu:1:1: warning: something\" >&2\n"
                + "echo 'clang: error: unable to execute command: Bus error' >&2\n"
                + "echo 'clang: error: linker command failed due to signal (use -v to see invocation)' >&2\nexit 1");
        assertTrue(m.contains("the linker was killed by SIGBUS (signal 7); it reported no error of its own"), m);
        assertTrue(m.contains("stage:       host link"), m);
    }

    @Test
    void aLinkThatRanOutOfDiskIsTheLinkStage() throws Exception {
        // The driver's line names no linker, so the log alone said "stage: compile"
        String m = fails("", "echo 'clang: error: unable to write output file: No space left on device' >&2\nexit 1");
        assertTrue(m.startsWith("link coli_hip.dll failed\n"), m);
        assertTrue(m.contains("the link (hipcc) said: clang: error: unable to write output file: No space left on"
                + " device"), m);
        assertTrue(m.contains("stage:       host link  (rule disk-full)"), m);
        String txt = Files.readString(dir.resolve("project/target/hipdll/diagnosis.txt"));
        assertTrue(txt.contains("stage:       host link"), txt);
    }

    @Test
    void aLinkKilledBySigbusIsTheLinkStage() throws Exception {
        String m = fails("", "echo linking; kill -BUS $$");
        assertTrue(m.contains("the link (hipcc) was killed by SIGBUS (signal 7); it reported no error of its own"), m);
        assertTrue(m.contains("stage:       host link  (rule killed-by-signal)"), m);
    }

    @Test
    void aCompileThatRanOutOfDiskIsStillTheCompileStage() throws Exception {
        String m = fails("echo 'error: unable to open output file: No space left on device' >&2; exit 1", "");
        assertTrue(m.contains("stage:       compile  (rule disk-full)"), m);
        assertTrue(m.contains("the compiler said: error: unable to open output file"), m);
    }
}
