package dev.hipdll.provenance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.digest.FileDigests;
import dev.hipdll.pipeline.HipDllBuildTestAccess;
import dev.hipdll.compile.BuildFailedException;
import dev.hipdll.compile.BuildSetup;
import dev.hipdll.environment.ScrubPolicy;
import dev.hipdll.host.Host;
import dev.hipdll.host.OsFamily;
import dev.hipdll.msvc.MsvcRequest;
import dev.hipdll.process.ProcessRunner;
import dev.hipdll.sdk.SdkOverrides;
import dev.hipdll.testing.Toolchain;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The build cache's key of the HIP SDK and toolset: the same SDK at another path gives the
 * same key; another header, clang, hipcc or toolset another one; and the build refuses a key that is not its
 * SDK's.
 */
class ToolchainKeyTest {
    @TempDir
    Path tmp;

    private BuildSetup setup(Path sdk) throws Exception {
        return BuildSetup.prepare(Host.of(OsFamily.UNIX, Map.of("PATH", "/usr/bin:/bin")),
                new SdkOverrides(sdk, null, null, null, null, null, null), List.of(), null,
                new MsvcRequest(null, null, null, null), ScrubPolicy.defaults(), new ProcessRunner(Duration.ofSeconds(10)));
    }

    private ToolchainKey key(Path sdk, Optional<String> toolset) throws Exception {
        return ToolchainKey.of(setup(sdk).sdk(), toolset, Optional.empty(), new FileDigests());
    }

    private Path copy(String name) throws Exception {
        Path to = tmp.resolve(name);
        Process p = new ProcessBuilder("cp", "-a", Toolchain.standinSdk().toString(), to.toString()).inheritIO().start();
        assertEquals(0, p.waitFor());
        return to;
    }

    private static void append(Path f, String text) throws Exception {
        Files.writeString(f, text, StandardOpenOption.APPEND);
    }

    @Test
    void theSameSdkAnywhereHasOneKeyAnotherComponentOrToolsetAnother() throws Exception {
        ToolchainKey here = key(Toolchain.standinSdk(), Optional.empty());
        assertTrue(here.value().matches("sha256:[0-9a-f]{64}"), here.value());
        assertTrue(here.lines().stream().anyMatch(l -> l.startsWith("hipcc file ")), here.lines().toString());
        assertTrue(here.lines().stream().noneMatch(l -> l.contains(Toolchain.standinSdk().toString())),
                "the key holds no path: " + here.lines());
        assertEquals(here, key(copy("elsewhere with space"), Optional.empty()), "a copy of the SDK at another path");

        Path header = copy("header");
        append(header.resolve("include/hip/hip_runtime.h"), "\n// another SDK\n");
        Path clang = copy("clang");
        append(clang.resolve("lib/llvm/bin/clang"), "\n# another clang\n");
        Path hipcc = copy("hipcc");
        append(hipcc.resolve("bin/hipcc"), "\n# another hipcc\n");
        for (Path other : List.of(header, clang, hipcc)) {
            assertNotEquals(here.value(), key(other, Optional.empty()).value(), other.getFileName().toString());
        }
        assertNotEquals(key(Toolchain.standinSdk(), Optional.of("14.44.35207")).value(),
                key(Toolchain.standinSdk(), Optional.of("14.43.34808")).value(), "another MSVC toolset");
        assertNotEquals(here.value(), key(Toolchain.standinSdk(), Optional.of("14.44.35207")).value());
    }

    @Test
    void theBuildStopsWhenTheCachesKeyIsNotItsSdks() throws Exception {
        BuildSetup setup = setup(Toolchain.standinSdk());
        ToolchainKey key = ToolchainKey.of(setup.sdk(), Optional.empty(), Optional.empty(), new FileDigests());
        HipDllBuildTestAccess.checkToolchainKey(key.value(), setup);  // its own key passes
        HipDllBuildTestAccess.checkToolchainKey(null, setup);         // no key: nothing to check
        BuildFailedException e = assertThrows(BuildFailedException.class,
                () -> HipDllBuildTestAccess.checkToolchainKey("sha256:" + "0".repeat(64), setup));
        assertTrue(e.getMessage().contains("sdkFingerprint is sha256:" + "0".repeat(64)) && e.getMessage().contains(
                "resolved have the key " + key.value()), e.getMessage());
    }
}
