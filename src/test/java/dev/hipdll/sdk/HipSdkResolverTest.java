package dev.hipdll.sdk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.host.Host;
import dev.hipdll.host.OsFamily;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class HipSdkResolverTest {
    @TempDir
    Path tmp;

    private static HipSdk resolve(OsFamily os, Map<String, String> env, SdkOverrides o) throws SdkResolutionException {
        return new HipSdkResolver(Host.of(os, env)).resolve(o);
    }

    private static SdkOverrides root(Path r) {
        return new SdkOverrides(r, null, null, null, null, null, null);
    }

    @Test
    void classicLayoutOnWindows() throws Exception {
        Path r = FakeSdk.classicWindows(tmp.resolve("ROCm/6.4"));
        HipSdk sdk = resolve(OsFamily.WINDOWS, Map.of("HIP_SDK_ROOT", r.toString()), SdkOverrides.none());
        assertEquals(r.resolve("bin/hipcc.bin.exe"), sdk.hipcc().path());
        assertFalse(sdk.hipccIsBatchWrapper(), "an executable beats hipcc.bat");
        assertEquals(r.resolve("bin"), sdk.clangDir().path());
        assertEquals(r.resolve("lib/llvm/amdgcn/bitcode"), sdk.deviceLibDir().path());
        assertEquals("amdhip64_6.dll", sdk.runtimeDllName());
        assertEquals("6.4.43482", sdk.version());
        sdk.components().forEach(c -> assertEquals("HIP_SDK_ROOT", c.origin().description(), c.name()));
    }

    @Test
    void theRockLayoutOnWindowsWithVersionFromTheHeader() throws Exception {
        Path r = FakeSdk.theRockWindows(tmp.resolve("ROCm/7.1"));
        HipSdk sdk = resolve(OsFamily.WINDOWS, Map.of(), root(r));
        assertEquals(r.resolve("bin/hipcc.exe"), sdk.hipcc().path());
        assertEquals(r.resolve("lib/llvm/bin"), sdk.clangDir().path());
        assertEquals("amdhip64_7.dll", sdk.runtimeDllName());
        assertEquals("7.1.25424", sdk.version());
        assertEquals("-Dhip.sdkRoot", sdk.root().origin().description());
        String table = String.join("\n", SdkTable.render(sdk));
        assertTrue(table.contains("HIP SDK 7.1.25424") && table.contains("(from -Dhip.sdkRoot)"), table);
    }

    /** Found in review: load-check failed on a missing hipcc or runtime DLL it does not use, pointing at -D it does not have. */
    @Test
    void theClangDirAndTheRuntimeResolveWithoutTheComponentsAGoalDoesNotUse() throws Exception {
        Path r = FakeSdk.theRockWindows(tmp.resolve("ROCm/7.1"));
        Files.delete(r.resolve("bin/hipcc.exe"));
        Files.delete(r.resolve("bin/amdhip64_7.dll"));
        HipSdkResolver resolver = new HipSdkResolver(Host.of(OsFamily.WINDOWS, Map.of()));
        assertThrows(SdkResolutionException.class, () -> resolver.resolve(root(r), Optional.empty()));
        SdkComponent clangDir = resolver.resolveClangDir(root(r), Optional.empty());
        assertEquals(r.resolve("lib/llvm/bin"), clangDir.path());
        assertEquals("-Dhip.sdkRoot", clangDir.origin().description());
        SdkResolutionException e = assertThrows(SdkResolutionException.class,
                () -> resolver.resolveRuntimeDll(root(r), Optional.empty(), "Set -Dhip.runtimeDir=<dir>."));
        assertTrue(e.getMessage().startsWith("HIP SDK component runtimeDll not found under " + r)
                && e.getMessage().endsWith("\nSet -Dhip.runtimeDir=<dir>."), e.getMessage());
        Files.delete(r.resolve("lib/llvm/bin/clang.exe"));
        assertThrows(SdkResolutionException.class, () -> resolver.resolveClangDir(root(r), Optional.empty()));
    }

    @Test
    void linuxHostUsesNamesWithoutExe() throws Exception {
        Path r = FakeSdk.theRockLinux(tmp.resolve("sdk"));
        HipSdk sdk = resolve(OsFamily.UNIX, Map.of("HIP_PATH", r.toString()), SdkOverrides.none());
        assertEquals(r.resolve("bin/hipcc"), sdk.hipcc().path());
        assertEquals("HIP_PATH", sdk.hipcc().origin().description());
        assertEquals("unknown", sdk.version());
        // The same tree is not a Windows SDK: no hipcc.exe, no clang.exe.
        SdkResolutionException e = assertThrows(SdkResolutionException.class,
                () -> resolve(OsFamily.WINDOWS, Map.of(), root(r)));
        assertTrue(e.getMessage().contains("bin/hipcc.exe") && e.getMessage().contains("-Dhip.hipcc"), e.getMessage());
    }

    @Test
    void batchWrapperOnlyWhenNoExecutable() throws Exception {
        Path r = FakeSdk.classicWindows(tmp.resolve("old"));
        Files.delete(r.resolve("bin/hipcc.bin.exe"));
        HipSdk sdk = resolve(OsFamily.WINDOWS, Map.of(), root(r));
        assertEquals(r.resolve("bin/hipcc.bat"), sdk.hipcc().path());
        assertTrue(sdk.hipccIsBatchWrapper());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "bin/hipcc.exe|hipcc|hip.hipcc",
        "lib/llvm/bin/clang.exe|clangDir|hip.clangDir",
        "include/hip/hip_runtime.h|includeDir|hip.includeDir",
        "lib/amdhip64.lib|libDir|hip.libDir",
        "lib/llvm/amdgcn/bitcode/ocml.bc|deviceLibDir|hip.deviceLibDir",
        "bin/amdhip64_7.dll|runtimeDll|hip.runtimeDll",
    })
    void eachMissingPartNamesWhatWasTriedAndTheProperty(String remove, String component, String property) throws Exception {
        Path r = FakeSdk.theRockWindows(tmp.resolve("ROCm/7.1"));
        Files.delete(r.resolve(remove));
        SdkResolutionException e = assertThrows(SdkResolutionException.class,
                () -> resolve(OsFamily.WINDOWS, Map.of(), root(r)));
        String m = e.getMessage();
        assertTrue(m.contains("component " + component), m);
        assertTrue(m.contains("Tried:") && m.contains(r.toString()), m);
        assertTrue(m.contains("-D" + property + "=<path>"), m);
    }

    @Test
    void everyOverrideWinsAndRecordsItsOrigin() throws Exception {
        Path r = FakeSdk.theRockWindows(tmp.resolve("ROCm/7.1"));
        Path other = FakeSdk.classicWindows(tmp.resolve("elsewhere"));
        SdkOverrides o = new SdkOverrides(r, other.resolve("bin/hipcc.bin.exe"), other.resolve("bin"),
                other.resolve("include"), other.resolve("lib"), other.resolve("lib/llvm/amdgcn/bitcode"),
                other.resolve("bin/amdhip64_6.dll"));
        HipSdk sdk = resolve(OsFamily.WINDOWS, Map.of("HIP_SDK_ROOT", "/nowhere"), o);
        List<String> origins = sdk.components().stream().map(c -> c.origin().description()).toList();
        assertEquals(List.of("-Dhip.sdkRoot", "-Dhip.hipcc", "-Dhip.clangDir", "-Dhip.includeDir", "-Dhip.libDir",
                "-Dhip.deviceLibDir", "-Dhip.runtimeDll"), origins);
        assertEquals(other.resolve("bin/amdhip64_6.dll"), sdk.runtimeDll().path());
    }

    @Test
    void anOverrideThatPointsNowhereNamesTheProperty() {
        Path r = FakeSdk.theRockWindows(tmp.resolve("ROCm/7.1"));
        SdkOverrides o = new SdkOverrides(r, null, null, null, tmp.resolve("nowhere"), null, null);
        SdkResolutionException e = assertThrows(SdkResolutionException.class,
                () -> resolve(OsFamily.WINDOWS, Map.of(), o));
        assertTrue(e.getMessage().contains("(from -Dhip.libDir)") && e.getMessage().contains("nowhere"), e.getMessage());
    }

    @Test
    void anOverrideFromThePomIsNamedAsSuchInTheTableAndInErrors() throws Exception {
        Path r = FakeSdk.theRockWindows(tmp.resolve("ROCm/7.1"));
        SdkOverrides o = new SdkOverrides(r, null, null, null, null, null, null,
                Map.of("hip.sdkRoot", SdkOverrides.Place.CONFIGURATION));
        HipSdk sdk = resolve(OsFamily.WINDOWS, Map.of(), o);
        assertEquals("<sdkRoot> in the POM", sdk.root().origin().description());
        assertEquals("<sdkRoot> in the POM", sdk.hipcc().origin().description());

        SdkOverrides bad = new SdkOverrides(r, null, null, null, tmp.resolve("nowhere"), null, null,
                Map.of("hip.sdkRoot", SdkOverrides.Place.CONFIGURATION, "hip.libDir", SdkOverrides.Place.CONFIGURATION));
        SdkResolutionException e = assertThrows(SdkResolutionException.class,
                () -> resolve(OsFamily.WINDOWS, Map.of(), bad));
        assertTrue(e.getMessage().contains("(from <libDir> in the POM)")
                && e.getMessage().contains("Fix or remove <libDir> in the POM."), e.getMessage());

        SdkOverrides property = new SdkOverrides(r, null, null, null, tmp.resolve("nowhere"), null, null,
                Map.of("hip.libDir", SdkOverrides.Place.PROJECT_PROPERTY));
        SdkResolutionException p = assertThrows(SdkResolutionException.class,
                () -> resolve(OsFamily.WINDOWS, Map.of(), property));
        assertTrue(p.getMessage().contains("(from the POM property hip.libDir)")
                && p.getMessage().contains("Fix or remove the POM property hip.libDir."), p.getMessage());
    }

    @Test
    void precedenceIsOverrideThenHipSdkRootThenToolchainThenHipPath() throws Exception {
        Path a = FakeSdk.theRockWindows(tmp.resolve("a"));
        Path b = FakeSdk.theRockWindows(tmp.resolve("b"));
        Path c = FakeSdk.theRockWindows(tmp.resolve("c"));
        Optional<HipToolchain> tc = Optional.of(new HipToolchain(Map.of("version", "7.1"), c));
        Host both = Host.of(OsFamily.WINDOWS, Map.of("HIP_SDK_ROOT", a.toString(), "HIP_PATH", b.toString()));
        assertEquals(a, new HipSdkResolver(both).resolve(SdkOverrides.none(), tc).root().path());
        Host hipPathOnly = Host.of(OsFamily.WINDOWS, Map.of("HIP_PATH", b.toString()));
        HipSdk fromToolchain = new HipSdkResolver(hipPathOnly).resolve(SdkOverrides.none(), tc);
        assertEquals(c, fromToolchain.root().path());
        assertEquals("toolchains.xml (hip 7.1)", fromToolchain.root().origin().description());
        assertEquals(b, new HipSdkResolver(hipPathOnly).resolve(SdkOverrides.none()).root().path());
    }

    @Test
    void hipPathTrailingBackslashAndQuotesAreHandled() throws Exception {
        Path r = FakeSdk.theRockWindows(tmp.resolve("Program Files/AMD/ROCm/7.1"));
        for (String v : List.of(r + "\\", "\"" + r + "\\\"", "\"" + r + "\"", r + "/", "\"" + r + "\\")) {
            HipSdk sdk = resolve(OsFamily.WINDOWS, Map.of("HIP_PATH", v), SdkOverrides.none());
            assertEquals(r, sdk.root().path(), v);
        }
        assertEquals("C:\\", HipSdkResolver.clean("\"C:\\\""));
    }

    @Test
    void paddedVariableIsAnErrorNamingIt() {
        Path r = FakeSdk.theRockWindows(tmp.resolve("x"));
        SdkResolutionException e = assertThrows(SdkResolutionException.class,
                () -> resolve(OsFamily.WINDOWS, Map.of("Hip_Sdk_Root", r + " "), SdkOverrides.none()));
        assertTrue(e.getMessage().contains("Hip_Sdk_Root") && e.getMessage().contains("whitespace"), e.getMessage());
    }

    @Test
    void noRootListsEverySource() {
        SdkResolutionException e = assertThrows(SdkResolutionException.class,
                () -> resolve(OsFamily.WINDOWS, Map.of(), SdkOverrides.none()));
        for (String s : List.of("-Dhip.sdkRoot", "HIP_SDK_ROOT", "toolchains.xml", "HIP_PATH")) {
            assertTrue(e.getMessage().contains(s), e.getMessage());
        }
    }

    /**
     * Item 10: {@code -Dhip.sdkRoot=<missing dir>} advised "set -Dhip.sdkRoot=<dir>", the property
     * that was set. The message says the directory does not exist, where the value came from, and what to
     * correct there.
     */
    @Test
    void aMissingRootSaysItDoesNotExistAndWhereItCameFrom() {
        Path missing = tmp.resolve("no-such-sdk");
        String fromD = assertThrows(SdkResolutionException.class,
                () -> resolve(OsFamily.UNIX, Map.of(), root(missing))).getMessage();
        assertEquals("HIP SDK root " + missing + " (from -Dhip.sdkRoot) does not exist; correct -Dhip.sdkRoot: it must"
                + " name the SDK's directory (the one holding bin/hipcc)", fromD);
        String fromPom = assertThrows(SdkResolutionException.class, () -> resolve(OsFamily.UNIX, Map.of(),
                new SdkOverrides(missing, null, null, null, null, null, null,
                        Map.of("hip.sdkRoot", SdkOverrides.Place.CONFIGURATION)))).getMessage();
        assertTrue(fromPom.contains("(from <sdkRoot> in the POM) does not exist; correct <sdkRoot> in the POM"), fromPom);
        String fromVariable = assertThrows(SdkResolutionException.class,
                () -> resolve(OsFamily.UNIX, Map.of("HIP_SDK_ROOT", missing.toString()), SdkOverrides.none())).getMessage();
        assertEquals("HIP SDK root " + missing + " (from HIP_SDK_ROOT) does not exist; correct the environment variable"
                + " HIP_SDK_ROOT, or name the SDK with -Dhip.sdkRoot=<dir>, which comes first", fromVariable);
        String fromToolchain = assertThrows(SdkResolutionException.class, () -> new HipSdkResolver(Host.of(OsFamily.UNIX,
                Map.of())).resolve(SdkOverrides.none(), Optional.of(new HipToolchain(Map.of("version", "7.1"), missing))))
                .getMessage();
        assertTrue(fromToolchain.contains("(from toolchains.xml (hip 7.1)) does not exist; correct <sdkRoot> of the 'hip'"
                + " toolchain in toolchains.xml"), fromToolchain);
        String fromInstaller = assertThrows(SdkResolutionException.class,
                () -> resolve(OsFamily.WINDOWS, Map.of("HIP_PATH", missing.toString()), SdkOverrides.none())).getMessage();
        assertTrue(fromInstaller.contains("(from HIP_PATH) does not exist; HIP_PATH is set by AMD's HIP SDK installer"),
                fromInstaller);
    }

    @Test
    void aRootThatIsAFileSaysSo() throws Exception {
        Path file = Files.writeString(tmp.resolve("hipcc"), "not the SDK");
        String m = assertThrows(SdkResolutionException.class, () -> resolve(OsFamily.UNIX, Map.of(), root(file))).getMessage();
        assertEquals("HIP SDK root " + file + " (from -Dhip.sdkRoot) is not a directory; correct -Dhip.sdkRoot: it must"
                + " name the SDK's directory (the one holding bin/hipcc)", m);
    }

    @Test
    void windowsVariableNamesAreCaseInsensitive() throws Exception {
        Path r = FakeSdk.theRockWindows(tmp.resolve("r"));
        assertEquals(r, resolve(OsFamily.WINDOWS, Map.of("hip_path", r.toString()), SdkOverrides.none()).root().path());
        assertThrows(SdkResolutionException.class,
                () -> resolve(OsFamily.UNIX, Map.of("hip_path", r.toString()), SdkOverrides.none()));
    }

    @Test
    void toolchainSelection() throws Exception {
        HipToolchain t64 = new HipToolchain(Map.of("version", "6.4"), tmp.resolve("64"));
        HipToolchain t610 = new HipToolchain(Map.of("version", "6.10"), tmp.resolve("610"));
        HipToolchain t71 = new HipToolchain(Map.of("version", "7.1"), tmp.resolve("71"));
        List<HipToolchain> all = List.of(t64, t610, t71);
        assertEquals(t71, ToolchainSelector.select(all, null).orElseThrow());
        assertEquals(t610, ToolchainSelector.select(all, "6").orElseThrow());
        assertEquals(t64, ToolchainSelector.select(all, "6.4").orElseThrow());
        assertTrue(ToolchainSelector.select(List.of(), "6").isEmpty());
        SdkResolutionException e = assertThrows(SdkResolutionException.class, () -> ToolchainSelector.select(all, "5"));
        assertTrue(e.getMessage().contains("6.4") && e.getMessage().contains("hip.toolchainVersion"), e.getMessage());
    }
}
