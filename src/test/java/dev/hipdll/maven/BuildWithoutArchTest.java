package dev.hipdll.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.docs.PluginDescriptor;
import java.io.File;
import org.apache.maven.plugin.MojoFailureException;
import org.junit.jupiter.api.Test;

/**
 * A machine without the toolchain can skip hipdll:build without giving {@code hip.arch}
 * ({@code -Dhip.skip=true}, {@code -Dhip.build.skip=true}), and a build without it names {@code -Dhip.arch}.
 * No goal declares a required parameter, since Maven checks required parameters before the goal can skip.
 */
class BuildWithoutArchTest {
    @Test
    void hipSkipNeedsNoArch() throws Exception {
        BuildMojo mojo = new BuildMojo();
        mojo.skip = true;
        mojo.execute(); // no "The parameters 'arch' ... are missing", no failure
    }

    @Test
    void theGoalsOwnSkipNeedsNoArch() throws Exception {
        BuildMojo mojo = new BuildMojo();
        mojo.skipBuild = true;
        mojo.execute();
    }

    @Test
    void aBuildWithoutArchNamesTheProperty() {
        BuildMojo mojo = new BuildMojo();
        mojo.outputDirectory = new File("target/never-written");
        MojoFailureException e = assertThrows(MojoFailureException.class, mojo::execute);
        assertTrue(e.getMessage().startsWith("hipdll:build: hip.arch: no gfx target ID given; set -Dhip.arch="),
                e.getMessage());
        assertTrue(!new File("target/never-written").exists(), "nothing was written before the check");
    }

    @Test
    void noGoalDeclaresARequiredParameter() throws Exception {
        for (PluginDescriptor.Mojo m : PluginDescriptor.load().mojos()) {
            for (PluginDescriptor.Parameter p : m.parameters()) {
                assertEquals(false, p.required(), m.goal() + "." + p.name() + " is required: its goal cannot be skipped"
                        + " without it");
            }
        }
    }
}
