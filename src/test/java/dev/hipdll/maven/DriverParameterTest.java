package dev.hipdll.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.File;
import org.apache.maven.plugin.MojoFailureException;
import org.junit.jupiter.api.Test;

/**
 * A bad {@code hip.driver} is refused in the shape of its siblings: {@code hipdll:build:
 * hip.driver: ...}, with "did you mean" for a near miss, before anything is written.
 */
class DriverParameterTest {
    private static MojoFailureException refused(String driver) {
        BuildMojo mojo = new BuildMojo();
        mojo.outputDirectory = new File("target/never-written");
        mojo.arch = "gfx1151";
        mojo.driver = driver;
        mojo.timeout = java.time.Duration.ofSeconds(3600);  // the defaults Maven would inject
        mojo.heartbeatSeconds = 30;
        mojo.bundleVersion = 2;
        mojo.outputName = "coli_hip.dll";
        mojo.schedule = "critical-path";
        return assertThrows(MojoFailureException.class, mojo::execute);
    }

    @Test
    void aNearMissIsNamedWithTheClosestDriver() {
        assertEquals("hipdll:build: hip.driver: 'clnag' is no driver; expected 'hipcc' or 'clang'; did you mean"
                + " 'clang'?", refused("clnag").getMessage());
    }

    @Test
    void aFarMissHasNoSuggestion() {
        assertEquals("hipdll:build: hip.driver: 'nvcc-12' is no driver; expected 'hipcc' or 'clang'",
                refused("nvcc-12").getMessage());
    }
}
