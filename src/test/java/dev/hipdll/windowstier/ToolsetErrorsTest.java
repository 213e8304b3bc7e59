package dev.hipdll.windowstier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.compile.BuildFailedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Failures, on a Windows API with the tier's vswhere.exe: a toolset version that is not
 * installed fails before any compile, naming the installed ones; without vswhere the message says where it was
 * looked for and how to name the installation instead; unpinned with two toolsets installed, the build asks
 * for {@code -Dhip.vcToolsVersion} (clang would take the newest, 14.51, whose stand-in C runtime, like the real
 * one against ROCm 7.1's headers, breaks the build).
 */
@Tag(WindowsTier.TAG)
class ToolsetErrorsTest {
    @Test
    void anAbsentToolsetFailsBeforeAnyCompileNamingTheInstalledOnes() throws Exception {
        Path root = WindowsTier.work("toolset-absent");
        Path sdk = WindowsTier.probeSdk(root.resolve("sdk"));
        TierBuild b = new TierBuild(root.resolve("project")).withExample();
        b.sdk = sdk;
        b.vcToolsVersion = "14.99";
        BuildFailedException e = assertThrows(BuildFailedException.class, b::build);
        assertTrue(e.getMessage().contains("14.99") && e.getMessage().contains("14.44.35207")
                && e.getMessage().contains("14.51.36014"), e.getMessage());
        assertEquals(List.of(), EnvironmentAndArgumentsTest.compiles(EnvironmentAndArgumentsTest.runs(sdk), false),
                "a compile ran");
        assertEquals(List.of(), b.ran());
    }

    @Test
    void withoutVswhereTheMessageSaysWhereItLookedAndWhatToSet() throws Exception {
        Path root = WindowsTier.work("no-vswhere");
        Path empty = Files.createDirectories(root.resolve("Program Files (x86)"));
        TierBuild b = new TierBuild(root.resolve("project")).withExample();
        b.host = WindowsTier.host(Map.of("ProgramFiles(x86)", empty.toString()));
        BuildFailedException e = assertThrows(BuildFailedException.class, b::build);
        assertTrue(e.getMessage().contains("vswhere") && e.getMessage().contains(empty.toString())
                && e.getMessage().contains("hip.vsInstallDir"), e.getMessage());
        assertEquals(List.of(), b.ran());
    }

    @Test
    void unpinnedWithTwoToolsetsTheBuildAsksForAPinBeforeAnyCompile() throws Exception {
        Path root = WindowsTier.work("toolset-unpinned");
        TierBuild b = new TierBuild(root.resolve("project")).withExample();
        b.vcToolsVersion = null;
        BuildFailedException e = assertThrows(BuildFailedException.class, b::build);
        assertTrue(e.getMessage().contains("-Dhip.vcToolsVersion") && e.getMessage().contains("14.44.35207")
                && e.getMessage().contains("14.51.36014"), e.getMessage());
        assertEquals(List.of(), b.ran());
    }
}
