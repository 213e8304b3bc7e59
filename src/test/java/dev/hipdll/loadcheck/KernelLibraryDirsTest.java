package dev.hipdll.loadcheck;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.hipdll.host.Host;
import dev.hipdll.host.OsFamily;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * kernel32.lib directories for the loader program: the user's, then the SDK's own C runtime directory (the stand-in
 * SDK's), then (Windows) the Windows SDK's um/x64.
 */
class KernelLibraryDirsTest {
    @TempDir
    Path pfx86;

    @Test
    void windowsAddsTheNewestOrTheRequestedWindowsSdk() throws Exception {
        Path kits = pfx86.resolve("Windows Kits/10");
        for (String v : List.of("10.0.22621.0", "10.0.26100.0")) {
            for (String d : List.of("Include/" + v + "/um", "Include/" + v + "/ucrt", "Lib/" + v + "/um/x64")) {
                Files.createDirectories(kits.resolve(d));
            }
        }
        Host windows = Host.of(OsFamily.WINDOWS, Map.of("ProgramFiles(x86)", pfx86.toString()));
        Path mine = Path.of("/my/libs");
        assertEquals(List.of(mine, kits.resolve("Lib/10.0.26100.0/um/x64").toAbsolutePath().normalize()),
                KernelLibraryDirs.of(windows, List.of(mine), null));
        assertEquals(List.of(kits.resolve("Lib/10.0.22621.0/um/x64").toAbsolutePath().normalize()),
                KernelLibraryDirs.of(windows, List.of(), "10.0.22621.0"));
    }

    @Test
    void withoutAWindowsSdkOrOffWindowsOnlyTheGivenDirectories() {
        Host emptyWindows = Host.of(OsFamily.WINDOWS, Map.of("ProgramFiles(x86)", pfx86.toString()));
        assertEquals(List.of(), KernelLibraryDirs.of(emptyWindows, List.of(), null));
        Host linux = Host.of(OsFamily.UNIX, Map.of("ProgramFiles(x86)", pfx86.toString()));
        assertEquals(List.of(Path.of("/x")), KernelLibraryDirs.of(linux, List.of(Path.of("/x")), null));
    }

    /** The stand-in SDK's lib/msvc-standin is found without hip.loadCheck.libDirs. */
    @Test
    void theStandinSdksRuntimeDirectoryComesAfterTheGivenOnes() {
        Path sdk = dev.hipdll.testing.Toolchain.standinSdk();
        Path own = sdk.resolve("lib/msvc-standin");
        Host linux = Host.of(OsFamily.UNIX, Map.of());
        assertEquals(List.of(own), KernelLibraryDirs.of(linux, List.of(), null, sdk));
        assertEquals(List.of(Path.of("/x"), own), KernelLibraryDirs.of(linux, List.of(Path.of("/x")), null, sdk));
        assertEquals(List.of(own), KernelLibraryDirs.of(linux, List.of(own), null, sdk), "given once, listed once");
        // a real SDK has no such directory: nothing is added
        assertEquals(List.of(), KernelLibraryDirs.of(linux, List.of(), null, pfx86));
    }
}
