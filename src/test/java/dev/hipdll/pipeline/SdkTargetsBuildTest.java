package dev.hipdll.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.compile.BuildFailedException;
import dev.hipdll.testing.Toolchain;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The core build with the stand-in SDK (clang 19): the SDK's clang, not the plugin's
 * table, decides which processors a build may target, before any step runs.
 */
class SdkTargetsBuildTest {
    @TempDir
    Path dir;

    @Test
    void aProcessorNewerThanTheSdkIsRefusedNamingTheSdkVersion() throws Exception {
        Toolchain.require("clang-19", "lld-link-19", "clang-offload-bundler-19");
        CoreBuild b = new CoreBuild(dir.resolve("proj")).withExample();
        b.arch = "gfx1151,gfx1250"; // gfx1250: not in the plugin's table, not in clang 19
        BuildFailedException e = assertThrows(BuildFailedException.class, b::build);
        // the SDK's version, then its clang's, then the list sorted by family and number
        assertTrue(e.getMessage().startsWith("hip.arch: gfx target gfx1250: the HIP SDK 7.1.25424 (clang 19."),
                e.getMessage());
        assertTrue(e.getMessage().contains(") cannot compile for gfx1250 (its clang "
                + Toolchain.standinSdk().resolve("lib/llvm/bin/clang") + " lists gfx600, "), e.getMessage());
        assertTrue(e.getMessage().contains("gfx1151"), e.getMessage());
        assertEquals(java.util.List.of(), b.ran(), "a step ran");
        assertFalse(Files.exists(b.dll()));
    }

    @Test
    void aProcessorOfThePluginsTableThatTheSdkLacksIsRefusedToo() throws Exception {
        Toolchain.require("clang-19", "lld-link-19", "clang-offload-bundler-19");
        CoreBuild b = new CoreBuild(dir.resolve("proj")).withExample();
        b.arch = "gfx950"; // in the table (LLVM 20), not in clang 19
        BuildFailedException e = assertThrows(BuildFailedException.class, b::build);
        assertTrue(e.getMessage().contains("cannot compile for gfx950"), e.getMessage());
        assertEquals(java.util.List.of(), b.ran());
        b.arch = "gfx9999"; // a typo of processor shape: the SDK's list is the answer
        e = assertThrows(BuildFailedException.class, b::build);
        assertTrue(e.getMessage().contains("cannot compile for gfx9999 (its clang "), e.getMessage());
        assertEquals(java.util.List.of(), b.ran());
    }

    @Test
    void aTargetListRestoredIntoTargetNeverRefusesABuild() throws Exception {
        // Whoever writes a build-cache entry writes target/; a kept list without gfx1151 must not
        // fail a gfx1151 build ("the HIP SDK 7.1 cannot compile for gfx1151")
        Toolchain.require("clang-19", "lld-link-19", "clang-offload-bundler-19");
        CoreBuild b = new CoreBuild(dir.resolve("proj")).withExample();
        b.arch = "gfx1151";
        Path clang = Toolchain.standinSdk().resolve("lib/llvm/bin/clang");
        Path kept = b.project.resolve("target/hipdll/sdk-processors/" + dev.hipdll.digest.Sha256.of(clang) + ".txt");
        Files.createDirectories(kept.getParent());
        Files.writeString(kept, "gfx1100\ngfx90a\n");
        b.build();
        assertTrue(Files.isRegularFile(b.dll()), "the DLL was built");
        assertTrue(Files.readAllLines(kept).contains("gfx1151"), "clang's fresh answer replaced the planted list");
        // the SDK still decides: a target clang 19 really lacks is refused after asking it again
        Files.writeString(kept, "gfx1100\n");
        b.arch = "gfx1250";
        BuildFailedException e = assertThrows(BuildFailedException.class, b::build);
        assertTrue(e.getMessage().contains("cannot compile for gfx1250 (its clang "), e.getMessage());
        assertTrue(e.getMessage().contains("gfx1151"), "the list is clang's, not the planted one: " + e.getMessage());
    }
}
