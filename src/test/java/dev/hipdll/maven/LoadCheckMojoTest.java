package dev.hipdll.maven;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import org.apache.maven.plugin.MojoFailureException;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** The launcher parameter: native needs Windows; anything but native/wine is refused with the choices. */
class LoadCheckMojoTest {
    private static LoadCheckMojo mojo(String launcher) {
        LoadCheckMojo m = new LoadCheckMojo();
        m.launcher = launcher;
        m.dll = new File("target/hipdll/coli_hip.dll");
        m.winePrefix = new File("target/wine-prefix");
        m.workDirectory = new File("target/hipdll/load-check");
        m.exportPrefix = "coli_cuda_";
        return m;
    }

    @Test
    void nativeOffWindowsPointsToWine() {
        Assumptions.assumeFalse(System.getProperty("os.name").toLowerCase().startsWith("windows"));
        MojoFailureException e = assertThrows(MojoFailureException.class, () -> mojo("native").execute());
        assertTrue(e.getMessage().contains("set -Dhip.loadCheck.launcher=wine"), e.getMessage());
    }

    @Test
    void anUnknownLauncherIsRefused() {
        MojoFailureException e = assertThrows(MojoFailureException.class, () -> mojo("qemu").execute());
        assertTrue(e.getMessage().contains("hip.loadCheck.launcher: expected native or wine, got 'qemu'"), e.getMessage());
    }
}
