package dev.hipdll.maven;

import dev.hipdll.host.Host;
import dev.hipdll.host.OsFamily;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.maven.plugin.MojoFailureException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher parameter: native needs Windows; anything but native/wine is refused with the choices.
 * The contract parameters are verify's (through ContractSource): one source at most, errors named.
 */
class LoadCheckMojoTest {
    /** A load-check mojo that takes itself for a non-Windows host, whatever this machine is. */
    private static LoadCheckMojo mojo(String launcher) {
        LoadCheckMojo m = new LoadCheckMojo() {
            @Override
            Host host() {
                return Host.of(OsFamily.UNIX, System.getenv());
            }
        };
        m.launcher = launcher;
        m.dll = new File("target/hipdll/coli_hip.dll");
        m.winePrefix = new File("target/wine-prefix");
        m.workDirectory = new File("target/hipdll/load-check");
        m.exportPrefix = "coli_cuda_";
        m.timeout = java.time.Duration.ofSeconds(120); // as Maven injects the default
        return m;
    }

    @Test
    void nativeOffWindowsPointsToWine() {
        MojoFailureException e = assertThrows(MojoFailureException.class, () -> mojo("native").execute());
        assertTrue(e.getMessage().contains("set -Dhip.loadCheck.launcher=wine"), e.getMessage());
    }

    @Test
    void anUnknownLauncherIsRefused() {
        MojoFailureException e = assertThrows(MojoFailureException.class, () -> mojo("qemu").execute());
        assertTrue(e.getMessage().contains("hip.loadCheck.launcher: expected native or wine, got 'qemu'"), e.getMessage());
    }

    @Test
    void twoContractSourcesAreRefusedLikeVerifyRefusesThem(@TempDir Path dir) throws IOException {
        LoadCheckMojo m = mojo("wine");
        m.contract = Files.writeString(dir.resolve("backend_loader.c"), "RESOLVE(init, int (*)(void));\n").toFile();
        m.exports = List.of("coli_cuda_init");
        MojoFailureException e = assertThrows(MojoFailureException.class, m::execute);
        assertTrue(e.getMessage().contains("contract: give one contract source, not hip.contract and hip.exports"),
                e.getMessage());
    }

    @Test
    void aMissingExportsFileIsNamed(@TempDir Path dir) {
        LoadCheckMojo m = mojo("wine");
        m.exportsFile = dir.resolve("exports.txt").toFile();
        MojoFailureException e = assertThrows(MojoFailureException.class, m::execute);
        assertTrue(e.getMessage().startsWith("contract: cannot read") && e.getMessage().contains("exports.txt"),
                e.getMessage());
    }

    /** It said "cannot write the load-check reports to F: F" and only after compiling and running the check. */
    @Test
    void aReportDirectoryThatIsAFileFailsBeforeTheSdkAndTheRun(@TempDir Path dir) throws IOException {
        LoadCheckMojo m = mojo("wine");
        m.exports = List.of("coli_cuda_init");
        m.sdkRoot = dir.resolve("no-sdk-here").toFile();
        m.reportDirectory = Files.writeString(dir.resolve("reports"), "x").toFile();
        MojoFailureException e = assertThrows(MojoFailureException.class, m::execute);
        org.junit.jupiter.api.Assertions.assertEquals("cannot write to the report directory " + m.reportDirectory
                + " (hip.reportDirectory): it is a regular file, not a directory", e.getMessage());
    }

    /** A passing TEST-hipdll-load-check.xml of an earlier run must not stay when this run ends without a verdict. */
    @Test
    void anEarlierRunsReportsAreDeletedBeforeTheCheck(@TempDir Path dir) throws IOException {
        LoadCheckMojo m = mojo("wine");
        m.exports = List.of("coli_cuda_init");
        m.sdkRoot = dir.resolve("no-sdk-here").toFile();
        m.reportDirectory = Files.createDirectories(dir.resolve("reports")).toFile();
        Path json = Files.writeString(dir.resolve("reports/load-check.json"), "{\"passed\": true}\n");
        Path xml = Files.writeString(dir.resolve("reports/TEST-hipdll-load-check.xml"), "<testsuite failures=\"0\"/>\n");
        Path verifyReport = Files.writeString(dir.resolve("reports/verify.json"), "{}\n");
        MojoFailureException e = assertThrows(MojoFailureException.class, m::execute);
        assertTrue(e.getMessage().contains("no-sdk-here"), e.getMessage());
        assertTrue(!Files.exists(json) && !Files.exists(xml), "stale load-check reports left behind");
        assertTrue(Files.exists(verifyReport), "another goal's report was deleted");
    }

    @Test
    void anExportsListIsAcceptedAndTheGoalGoesOnToTheSdk(@TempDir Path dir) {
        LoadCheckMojo m = mojo("wine");
        m.exports = List.of("coli_cuda_init", "coli_cuda_free?");
        m.sdkRoot = dir.resolve("no-sdk-here").toFile();
        MojoFailureException e = assertThrows(MojoFailureException.class, m::execute);
        assertTrue(!e.getMessage().startsWith("contract:") && e.getMessage().contains("no-sdk-here"), e.getMessage());
    }

    /** A zero timeout reached commons-exec's watchdog as an uncaught IllegalArgumentException. */
    @Test
    void aZeroTimeoutIsNamedBeforeAnythingRuns(@TempDir Path dir) {
        LoadCheckMojo m = mojo("wine");
        m.timeout = java.time.Duration.ZERO;
        m.reportDirectory = dir.resolve("reports").toFile();
        MojoFailureException e = assertThrows(MojoFailureException.class, m::execute);
        org.junit.jupiter.api.Assertions.assertEquals("hipdll:load-check: hip.loadCheck.timeout: 0 is outside 1..2147483647 (seconds)",
                e.getMessage());
        assertTrue(!Files.exists(dir.resolve("reports")), "the report directory was created");
    }

    @Test
    void aNegativeExportCountIsNamed() {
        LoadCheckMojo m = mojo("wine");
        m.timeout = java.time.Duration.ofSeconds(120);
        m.expectedExports = -5;
        MojoFailureException e = assertThrows(MojoFailureException.class, m::execute);
        org.junit.jupiter.api.Assertions.assertEquals("hipdll:load-check: hip.expectedExports: -5 is outside 0..65535 (export names)",
                e.getMessage());
    }
}
