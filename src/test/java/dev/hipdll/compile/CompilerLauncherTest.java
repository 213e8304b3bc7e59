package dev.hipdll.compile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.host.Host;
import dev.hipdll.host.OsFamily;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How {@code hip.compilerLauncher} is found, what it wraps and what each wrapped step is told. */
class CompilerLauncherTest {
    @TempDir
    Path tmp;

    private Path executable(Path p) throws Exception {
        Files.createDirectories(p.getParent());
        Files.writeString(p, "#!/bin/sh\n");
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
        return p;
    }

    @Test
    void aBareNameIsLookedUpOnThePathOfTheHost() throws Exception {
        Path ccache = executable(tmp.resolve("second/ccache"));
        Files.createDirectories(tmp.resolve("first"));
        Host host = Host.of(OsFamily.UNIX, Map.of("PATH", tmp.resolve("first") + ":" + tmp.resolve("second")));
        CompilerLauncher l = CompilerLauncher.resolve("ccache", host, tmp);
        assertEquals(ccache, l.executable());
        assertEquals(CompilerLauncher.Kind.CCACHE, l.kind());
        assertEquals("ccache", l.name());
    }

    @Test
    void onWindowsTheNameGetsEachPathextExtension() throws Exception {
        Path sccache = tmp.resolve("bin/sccache.exe");
        Files.createDirectories(sccache.getParent());
        Files.writeString(sccache, "MZ");
        sccache.toFile().setExecutable(true);
        Host host = Host.of(OsFamily.WINDOWS, Map.of("Path", tmp.resolve("bin").toString(), "PATHEXT", ".COM;.EXE"));
        CompilerLauncher l = CompilerLauncher.resolve("sccache", host, tmp);
        assertEquals(sccache, l.executable());
        assertEquals(CompilerLauncher.Kind.SCCACHE, l.kind());
        assertEquals("sccache", l.name());
    }

    @Test
    void aMissingLauncherIsAnErrorNamingTheParameterAndThePath() throws Exception {
        Host host = Host.of(OsFamily.UNIX, Map.of("PATH", "/nonexistent/bin"));
        BuildFailedException e = assertThrows(BuildFailedException.class,
                () -> CompilerLauncher.resolve("ccache", host, tmp));
        assertTrue(e.getMessage().contains("hip.compilerLauncher: no program 'ccache' on PATH (/nonexistent/bin)"),
                e.getMessage());
        e = assertThrows(BuildFailedException.class, () -> CompilerLauncher.resolve("tools/ccache", host, tmp));
        assertTrue(e.getMessage().contains(tmp.resolve("tools/ccache") + " is not an executable file"), e.getMessage());
    }

    @Test
    void aPathIsTakenAsItIsRelativeToTheProject() throws Exception {
        Path mine = executable(tmp.resolve("tools/my-launcher"));
        CompilerLauncher l = CompilerLauncher.resolve("tools/my-launcher", Host.of(OsFamily.UNIX, Map.of()), tmp);
        assertEquals(mine, l.executable());
        assertEquals(CompilerLauncher.Kind.OTHER, l.kind());
    }

    @Test
    void ccacheWrapsDeviceAndHostCompilesOthersOnlyDeviceCompilesNeverBundleOrLink() throws Exception {
        CompilerLauncher cc = CompilerLauncher.of("ccache", Path.of("/usr/bin/ccache"));
        CompilerLauncher sc = CompilerLauncher.of("sccache", Path.of("/usr/bin/sccache"));
        assertEquals(List.of("device compile", "host compile"), cc.wrappedStages());
        assertEquals(List.of("device compile"), sc.wrappedStages());
        for (CompilerLauncher l : List.of(cc, sc)) {
            assertFalse(l.wraps(StepKind.BUNDLE));
            assertFalse(l.wraps(StepKind.LINK));
        }
    }

    private static BuildStep host(Path wd) {
        Path fatbin = wd.resolve("target/hipdll/steps/k.cu/fatbin.hipfb");
        return new BuildStep("host:k.cu", StepKind.HOST_COMPILE, "k.cu", Optional.empty(), Path.of("/sdk/bin/hipcc"),
                List.of("-c", "k.cu"), Map.of(), List.of(wd.resolve("src/k.cu"), fatbin),
                wd.resolve("target/hipdll/steps/k.cu/host.obj"), Optional.empty(), List.of("bundle:k.cu"), List.of());
    }

    @Test
    void ccacheIsToldTheFatBinaryAndTheToolsDigestUnlessTheUserSetsTheCheck() throws Exception {
        CompilerLauncher cc = CompilerLauncher.of("ccache", Path.of("/usr/bin/ccache"));
        Map<String, String> env = cc.environment(host(tmp), "ab12", Map.of(), tmp);
        assertEquals(Map.of("CCACHE_EXTRAFILES", "target/hipdll/steps/k.cu/fatbin.hipfb",
                "CCACHE_COMPILERCHECK", "string:ab12"), env);
        assertEquals(Map.of("CCACHE_EXTRAFILES", "target/hipdll/steps/k.cu/fatbin.hipfb"),
                cc.environment(host(tmp), "ab12", Map.of("CCACHE_COMPILERCHECK", "content"), tmp));
        assertEquals(Map.of(), CompilerLauncher.of("sccache", Path.of("/usr/bin/sccache"))
                .environment(host(tmp), "ab12", Map.of(), tmp));
        assertEquals(List.of("/sdk/bin/hipcc", "-c", "k.cu"), cc.arguments(Path.of("/sdk/bin/hipcc"), List.of("-c", "k.cu")));
    }

    @Test
    void aPreparedCcacheOrSccacheReadsTheBuildsOwnConfigurationFile() throws Exception {
        Path dir = tmp.resolve("target/hipdll/launcher");
        CompilerLauncher cc = CompilerLauncher.of("ccache", Path.of("/usr/bin/ccache")).prepared(dir);
        assertEquals(dir.resolve("ccache.conf"), cc.config());
        String text = Files.readString(cc.config());
        assertTrue(text.lines().allMatch(l -> l.startsWith("#")), "comments only, every setting at its default: " + text);
        assertEquals(cc.config().toString(), cc.environment(host(tmp), "ab12", Map.of(), tmp).get("CCACHE_CONFIGPATH"));
        CompilerLauncher sc = CompilerLauncher.of("sccache", Path.of("/usr/bin/sccache")).prepared(dir);
        assertEquals(Map.of("SCCACHE_CONF", dir.resolve("sccache.conf").toString()),
                sc.environment(host(tmp), "ab12", Map.of(), tmp));
        CompilerLauncher other = CompilerLauncher.of("mine", Path.of("/opt/mine")).prepared(dir);
        assertEquals(null, other.config());
        assertEquals(Map.of(), other.environment(host(tmp), "ab12", Map.of(), tmp));
    }

    @Test
    void aBatchLauncherIsRefused() {
        BuildFailedException e = org.junit.jupiter.api.Assertions.assertThrows(BuildFailedException.class,
                () -> CompilerLauncher.of("ccache", Path.of("C:\\tools\\ccache.cmd")));
        org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().contains("refusing to run the batch wrapper"),
                e.getMessage());
    }
}
