package dev.hipdll.windowstier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.compile.BuildFailedException;
import dev.hipdll.compile.CompilerLauncher;
import dev.hipdll.host.Host;
import dev.hipdll.sdk.HipSdk;
import dev.hipdll.sdk.HipSdkResolver;
import dev.hipdll.sdk.SdkOverrides;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * On a Windows API: an SDK whose hipcc is a batch file ({@code hipcc.bat}, {@code hipcc.cmd})
 * is refused before the batch file runs (it would write a marker file); a program named without its extension
 * ({@code hip.hipcc=...\bin\hipcc}, {@code hip.compilerLauncher=probe}) is found through {@code PATHEXT} in
 * {@code PATHEXT}'s order, as cmd.exe finds it.
 */
@Tag(WindowsTier.TAG)
class BatchAndPathextTest {
    @Test
    void aBatchHipccIsRefusedBeforeItRuns() throws Exception {
        for (String name : new String[] {"hipcc.bat", "HIPCC.CMD"}) {
            Path root = WindowsTier.work("batch-" + name);
            Path sdk = WindowsTier.linkSdk(root.resolve("sdk"));
            Path marker = root.resolve("batch-ran.txt");
            Files.delete(sdk.resolve("bin").resolve("hipcc.exe"));
            Files.writeString(sdk.resolve("bin").resolve(name), "@echo off\r\necho ran > \"" + marker + "\"\r\nexit /b 0\r\n");
            TierBuild b = new TierBuild(root.resolve("project")).withExample();
            b.sdk = sdk;
            BuildFailedException e = assertThrows(BuildFailedException.class, b::build);
            assertTrue(e.getMessage().toLowerCase(java.util.Locale.ROOT).contains(("refusing to run the batch wrapper "
                    + sdk.resolve("bin").resolve(name)).toLowerCase(java.util.Locale.ROOT)), e.getMessage());
            assertFalse(Files.exists(marker), name + " ran");
            assertEquals(java.util.List.of(), b.ran(), "no step ran");
        }
    }

    @Test
    void aProgramNamedWithoutItsExtensionIsFoundThroughPathext() throws Exception {
        Path root = WindowsTier.work("pathext");
        Path sdk = WindowsTier.linkSdk(root.resolve("sdk"));
        Path bin = sdk.resolve("bin");
        Files.writeString(bin.resolve("hipcc.bat"), "@exit /b 3\r\n");
        Host host = WindowsTier.host(Map.of("PATHEXT", ".COM;.EXE;.BAT;.CMD"));
        HipSdk found = new HipSdkResolver(host).resolve(new SdkOverrides(sdk, bin.resolve("hipcc"), null, null, null,
                null, null), Optional.empty());
        assertEquals(bin.resolve("hipcc.exe"), found.hipcc().path(), "PATHEXT lists .EXE before .BAT");

        Host batFirst = WindowsTier.host(Map.of("PATHEXT", ".BAT;.EXE"));
        HipSdk bat = new HipSdkResolver(batFirst).resolve(new SdkOverrides(sdk, bin.resolve("hipcc"), null, null, null,
                null, null), Optional.empty());
        assertEquals(bin.resolve("hipcc.bat"), bat.hipcc().path(), "PATHEXT lists .BAT before .EXE");
        assertTrue(bat.hipccIsBatchWrapper());

        Path tools = Files.createDirectories(root.resolve("tools dir"));
        Files.copy(WindowsTier.fixtures().resolve("argv.exe"), tools.resolve("ccache.exe"));
        String path = host.environment().get("PATH").orElse("");
        Host withTools = WindowsTier.host(Map.of("PATH", tools + ";" + path, "PATHEXT", ".COM;.EXE;.BAT;.CMD"));
        CompilerLauncher launcher = CompilerLauncher.resolve("ccache", withTools, root);
        assertEquals(tools.resolve("ccache.exe"), launcher.executable());
        assertEquals(CompilerLauncher.Kind.CCACHE, launcher.kind());
    }
}
