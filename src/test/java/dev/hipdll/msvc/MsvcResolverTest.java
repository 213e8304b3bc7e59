package dev.hipdll.msvc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.environment.EnvironmentAdditions;
import dev.hipdll.host.Host;
import dev.hipdll.host.OsFamily;
import dev.hipdll.process.ProcessRunner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The MSVC pin on a Windows host, unit-tested on Linux: a fake Visual Studio tree with several
 * toolsets, a fake Windows Kits tree, and a fake vswhere (a shell script at the place vswhere has
 * under {@code %ProgramFiles(x86)%}) that prints installation paths as the real one does.
 */
class MsvcResolverTest {
    @TempDir
    Path tmp;
    Path programFilesX86;
    Path vs;
    Path vsPreview;
    Path kits;

    @BeforeEach
    void tree() throws IOException {
        programFilesX86 = tmp.resolve("Program Files (x86)");
        vs = tmp.resolve("Program Files/Microsoft Visual Studio/2022/Community");
        vsPreview = tmp.resolve("Program Files/Microsoft Visual Studio/2022/Preview");
        for (String v : List.of("14.38.33130", "14.44.35207", "14.44.35211")) {
            toolset(vs, v);
        }
        toolset(vsPreview, "14.51.36014");
        Files.createDirectories(vs.resolve("VC/Tools/MSVC/14.40.99999")); // incomplete: no include, no lib/x64
        kits = programFilesX86.resolve("Windows Kits/10");
        for (String v : List.of("10.0.22621.0", "10.0.26100.0")) {
            for (String d : List.of("Include/" + v + "/um", "Include/" + v + "/ucrt", "Lib/" + v + "/um/x64")) {
                Files.createDirectories(kits.resolve(d));
            }
        }
        Files.createDirectories(kits.resolve("Include/10.0.99999.0/um")); // incomplete
        vswhere("#!/bin/sh\nprintf '%s\\r\\n' '" + vs + "' '" + vsPreview + "'\n");
    }

    private static void toolset(Path vsDir, String v) throws IOException {
        Files.createDirectories(vsDir.resolve("VC/Tools/MSVC/" + v + "/include"));
        Files.createDirectories(vsDir.resolve("VC/Tools/MSVC/" + v + "/lib/x64"));
    }

    private void vswhere(String script) throws IOException {
        Path p = programFilesX86.resolve("Microsoft Visual Studio/Installer/vswhere.exe");
        Files.createDirectories(p.getParent());
        Files.writeString(p, script);
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private Host windows(String... extra) {
        Map<String, String> env = new HashMap<>();
        env.put("ProgramFiles(x86)", programFilesX86.toString());
        for (int i = 0; i < extra.length; i += 2) {
            env.put(extra[i], extra[i + 1]);
        }
        return Host.of(OsFamily.WINDOWS, env);
    }

    private MsvcEnvironment resolve(Host host, MsvcRequest request) throws MsvcResolutionException {
        return new MsvcResolver(host, new ProcessRunner(Duration.ofSeconds(30))).resolve(request).orElseThrow();
    }

    @Test
    void exactVersion() throws Exception {
        MsvcEnvironment m = resolve(windows(), new MsvcRequest(null, "14.44.35207", null, null));
        assertEquals("14.44.35207", m.toolset().version());
        assertEquals(vs.toAbsolutePath(), m.toolset().vsInstallDir());
        assertEquals("hip.vcToolsVersion=14.44.35207", m.toolsetOrigin());
    }

    @Test
    void prefixTakesTheHighestMatchAcrossInstallations() throws Exception {
        assertEquals("14.44.35211", resolve(windows(), new MsvcRequest(null, "14.44", null, null)).toolset().version());
        assertEquals("14.51.36014", resolve(windows(), new MsvcRequest(null, "14", null, null)).toolset().version());
    }

    @Test
    void inheritedVcToolsVersion() throws Exception {
        MsvcEnvironment m = resolve(windows("VCToolsVersion", "14.38.33130"), MsvcRequest.none());
        assertEquals("14.38.33130", m.toolset().version());
        assertEquals("inherited VCToolsVersion", m.toolsetOrigin());
        // an explicit choice beats the inherited one
        assertEquals("14.44.35211", resolve(windows("VCToolsVersion", "14.38.33130"),
                new MsvcRequest(null, "14.44", null, null)).toolset().version());
    }

    @Test
    void neitherFailsListingTheInstalledToolsets() {
        MsvcResolutionException e = assertThrows(MsvcResolutionException.class, () -> resolve(windows(), MsvcRequest.none()));
        assertTrue(e.getMessage().contains("[14.38.33130, 14.44.35207, 14.44.35211, 14.51.36014]"), e.getMessage());
        assertTrue(e.getMessage().contains("-Dhip.vcToolsVersion"), e.getMessage());
        MsvcResolutionException none = assertThrows(MsvcResolutionException.class,
                () -> resolve(windows(), new MsvcRequest(null, "14.29", null, null)));
        assertTrue(none.getMessage().contains("14.29") && none.getMessage().contains("14.44.35207"), none.getMessage());
        MsvcResolutionException badInherited = assertThrows(MsvcResolutionException.class,
                () -> resolve(windows("VCToolsVersion", "14.50.1"), MsvcRequest.none()));
        assertTrue(badInherited.getMessage().contains("VCToolsVersion=14.50.1"), badInherited.getMessage());
        MsvcResolutionException padded = assertThrows(MsvcResolutionException.class,
                () -> resolve(windows("VCToolsVersion", "14.44.35207 "), MsvcRequest.none()));
        assertTrue(padded.getMessage().contains("VCToolsVersion") && padded.getMessage().contains("whitespace"));
    }

    @Test
    void vsInstallDirReplacesVswhere() throws Exception {
        vswhere("#!/bin/sh\nexit 3\n");
        MsvcResolutionException e = assertThrows(MsvcResolutionException.class,
                () -> resolve(windows(), new MsvcRequest(null, "14.44", null, null)));
        assertTrue(e.getMessage().contains("exit 3") && e.getMessage().contains("hip.vsInstallDir"), e.getMessage());
        MsvcEnvironment m = resolve(windows(), new MsvcRequest(vsPreview, "14", null, null));
        assertEquals("14.51.36014", m.toolset().version());
        assertThrows(MsvcResolutionException.class, () -> resolve(windows(), new MsvcRequest(tmp, "14", null, null)));
    }

    @Test
    void missingVswhere() throws IOException {
        Files.delete(programFilesX86.resolve("Microsoft Visual Studio/Installer/vswhere.exe"));
        MsvcResolutionException e = assertThrows(MsvcResolutionException.class,
                () -> resolve(windows(), new MsvcRequest(null, "14.44", null, null)));
        assertTrue(e.getMessage().contains("vswhere not found") && e.getMessage().contains("hip.vsInstallDir"));
    }

    @Test
    void windowsSdkNewestOrRequested() throws Exception {
        assertEquals("10.0.26100.0", resolve(windows(), new MsvcRequest(null, "14.44", null, null)).windowsSdk().version());
        assertEquals("10.0.22621.0", resolve(windows(), new MsvcRequest(null, "14.44", "10.0.22621.0", null))
                .windowsSdk().version());
        MsvcResolutionException e = assertThrows(MsvcResolutionException.class,
                () -> resolve(windows(), new MsvcRequest(null, "14.44", "10.0.99999.0", null)));
        assertTrue(e.getMessage().contains("10.0.26100.0") && e.getMessage().contains("hip.windowsSdkVersion"));
        assertThrows(MsvcResolutionException.class, () -> resolve(windows(), new MsvcRequest(null, "14.44", null, tmp)));
    }

    @Test
    void theChildEnvironmentIsConsistent() throws Exception {
        MsvcEnvironment m = resolve(windows(), new MsvcRequest(null, "14.44.35207", null, null));
        EnvironmentAdditions a = m.additions(OsFamily.WINDOWS);
        Path t = vs.resolve("VC/Tools/MSVC/14.44.35207");
        Map<String, String> v = a.variables();
        assertEquals("14.44.35207", v.get("VCToolsVersion"));
        assertEquals(t + "/", v.get("VCToolsInstallDir"));
        assertEquals("10.0.26100.0\\", v.get("WindowsSDKVersion"));
        for (String list : List.of("INCLUDE", "LIB", "LIBPATH")) {
            String first = v.get(list).split(";")[0];
            assertTrue(first.startsWith(t.toString()), list + " = " + v.get(list));
            assertTrue(!v.get(list).contains("14.51") && !v.get(list).contains("14.38"), list);
        }
        assertTrue(v.get("INCLUDE").contains(kits.resolve("Include/10.0.26100.0/ucrt").toString()));
        assertTrue(v.get("LIB").contains(kits.resolve("Lib/10.0.26100.0/um/x64").toString()));
        assertEquals(List.of(t.resolve("bin/Hostx64/x64").toString(), kits.resolve("bin/10.0.26100.0/x64").toString()),
                a.pathPrepend());
        assertTrue(a.replacedRoots().contains(vsPreview.resolve("VC/Tools/MSVC")));
    }

    @Test
    void nothingToPinOffWindows() throws Exception {
        Host linux = Host.of(OsFamily.UNIX, Map.of("ProgramFiles(x86)", programFilesX86.toString()));
        assertTrue(new MsvcResolver(linux, new ProcessRunner(Duration.ofSeconds(5))).resolve(MsvcRequest.none()).isEmpty());
    }
}
