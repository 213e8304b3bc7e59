package dev.hipdll.environment;

import dev.hipdll.host.EnvironmentException;
import dev.hipdll.host.Environment;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.host.OsFamily;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class EnvironmentScrubberTest {
    @TempDir
    Path tmp;

    private Path sdk() throws IOException {
        return Files.createDirectories(tmp.resolve("sdk"));
    }

    private static final Map<String, String> BUILD = Map.of("HIP_PATH", "/the/sdk", "HIP_PLATFORM", "amd");

    private ScrubResult scrub(OsFamily os, Map<String, String> env, ScrubPolicy policy) throws Exception {
        return new EnvironmentScrubber(policy).scrub(Environment.of(os, env), sdk(), new LinkedHashMap<>(BUILD), List.of());
    }

    @ParameterizedTest
    @ValueSource(strings = {"ROCM_PATH", "ROCM_HOME", "ROCM_DIR", "HIP_PATH_64", "HIP_PATH_57", "HIP_DIR", "HIP_CLANG_PATH",
        "HIP_DEVICE_LIB_PATH", "HIP_LIB_PATH", "HIP_INCLUDE_PATH", "HIP_COMPILER", "HIP_RUNTIME", "HIP_ROCCLR_HOME",
        "HIPCC_COMPILE_FLAGS_APPEND", "HIPCC_LINK_FLAGS_APPEND", "HIPCC_VERBOSE", "HIP_USE_PERL_SCRIPTS", "HSA_PATH",
        "DEVICE_LIB_PATH", "CUDA_PATH", "CUDA_PATH_V12_4", "HCC_AMDGPU_TARGET", "AMDGPU_TARGETS", "GPU_TARGETS"})
    void removesEveryStrayVariable(String name) throws Exception {
        for (OsFamily os : OsFamily.values()) {
            ScrubResult r = scrub(os, Map.of(name, "/decoy", "HOME", "/home/u"), ScrubPolicy.defaults());
            assertTrue(r.environment().get(name).isEmpty(), name + " on " + os);
            assertEquals(List.of(name), r.removedNames());
            assertEquals("/home/u", r.environment().get("HOME").orElseThrow());
        }
    }

    @Test
    void launcherVariablesAreRemovedWithoutALauncherAndKeptAndListedWithOne() throws Exception {
        Map<String, String> env = Map.of("CCACHE_DIR", "/c", "CCACHE_REMOTE_STORAGE", "http://127.0.0.1:1/x",
                "SCCACHE_DIR", "/s", "HOME", "/home/u");
        ScrubResult off = scrub(OsFamily.UNIX, env, ScrubPolicy.defaults());
        assertEquals(java.util.Set.of("CCACHE_DIR", "CCACHE_REMOTE_STORAGE", "SCCACHE_DIR"),
                java.util.Set.copyOf(off.removedNames()));
        assertTrue(off.changes().stream().filter(c -> c.name().equals("CCACHE_DIR")).findFirst().orElseThrow().infoLine()
                .contains("hip.compilerLauncher is not set"));
        assertTrue(off.environment().get("CCACHE_DIR").isEmpty());

        ScrubResult on = scrub(OsFamily.UNIX, env, ScrubPolicy.defaults().withLauncher("ccache"));
        assertTrue(on.removedNames().isEmpty(), on.removedNames().toString());
        assertEquals("/c", on.environment().get("CCACHE_DIR").orElseThrow());
        assertEquals("http://127.0.0.1:1/x", on.environment().get("CCACHE_REMOTE_STORAGE").orElseThrow());
        EnvironmentChange kept = on.changes().stream().filter(c -> c.name().equals("CCACHE_REMOTE_STORAGE"))
                .findFirst().orElseThrow();
        assertEquals(EnvironmentChange.Kind.KEPT, kept.kind());
        assertEquals("kept CCACHE_REMOTE_STORAGE (for the compiler launcher ccache (hip.compilerLauncher))",
                kept.infoLine());

        ScrubResult win = scrub(OsFamily.WINDOWS, Map.of("ccache_dir", "C:\\c"), ScrubPolicy.defaults());
        assertEquals(List.of("ccache_dir"), win.removedNames());
    }

    @Test
    void windowsMatchesCaseInsensitivelyAndKeepsCase() throws Exception {
        ScrubResult r = scrub(OsFamily.WINDOWS, Map.of("Hip_Path", "C:\\decoy\\", "cuda_path_v12_4", "x"),
                ScrubPolicy.defaults());
        assertEquals(List.of("Hip_Path", "cuda_path_v12_4"), r.removedNames());
        // HIP_PATH is then set by the build: one variable, whatever its case.
        assertEquals("/the/sdk", r.environment().get("hip_path").orElseThrow());
        assertEquals(1, r.environment().names().stream().filter(n -> n.equalsIgnoreCase("HIP_PATH")).count());
        // On Unix the lower-case name is another variable and is left alone.
        ScrubResult u = scrub(OsFamily.UNIX, Map.of("hip_path", "x"), ScrubPolicy.defaults());
        assertTrue(u.removedNames().isEmpty());
    }

    @Test
    void pathAndPATHAreOneVariableOnWindows() throws Exception {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("Path", "C:\\Windows\\system32;C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v12.4\\bin");
        env.put("PATH", "C:\\other");
        ScrubResult r = scrub(OsFamily.WINDOWS, env, ScrubPolicy.defaults());
        Map<String, String> child = r.environment().toMap();
        long pathVariables = child.keySet().stream().filter(k -> k.equalsIgnoreCase("PATH")).count();
        assertEquals(1, pathVariables, child.toString());
        // Ordinal order: "PATH" < "Path", so PATH's value is the one Windows would see.
        assertEquals("C:\\other", r.environment().get("path").orElseThrow());
        assertTrue(r.changes().stream().anyMatch(c -> c.name().equals("Path") && c.kind() == EnvironmentChange.Kind.REMOVED));
    }

    @Test
    void cudaAndRocmPathEntriesGoTheSdkAndGeneralDirectoriesStay() throws Exception {
        Path sdk = sdk();
        Files.createDirectories(sdk.resolve("bin"));
        // A toolkit install without a telling name: bin/nvcc with include/cuda.h beside it.
        Path toolkit = tmp.resolve("opt/tk");
        Files.createDirectories(toolkit.resolve("bin"));
        Files.createFile(toolkit.resolve("bin/nvcc"));
        Files.createDirectories(toolkit.resolve("include"));
        Files.createFile(toolkit.resolve("include/cuda.h"));
        // A general directory with an nvcc forwarding script, as /usr/local/bin on this machine.
        Path local = Files.createDirectories(tmp.resolve("usr/local/bin"));
        Files.createFile(local.resolve("nvcc"));
        String path = String.join(":", "/usr/local/cuda-13.0/bin", "/opt/rocm-6.2/bin", "/opt/rocm/llvm/bin",
                local.toString(), "/usr/bin", toolkit.resolve("bin").toString(), sdk.resolve("bin").toString(), "/bin");
        ScrubResult r = new EnvironmentScrubber(ScrubPolicy.defaults()).scrub(
                Environment.of(OsFamily.UNIX, Map.of("PATH", path)), sdk, Map.of(), List.of());
        assertEquals(String.join(":", local.toString(), "/usr/bin", sdk.resolve("bin").toString(), "/bin"),
                r.environment().get("PATH").orElseThrow());
        assertTrue(r.changes().stream().anyMatch(c -> c.kind() == EnvironmentChange.Kind.NOTICE
                && c.reason().contains("nvcc")), r.changes().toString());
    }

    @Test
    void windowsPathEntriesOfOtherInstalls() throws Exception {
        String path = "C:\\Windows\\system32;C:\\Program Files\\AMD\\ROCm\\5.7\\bin;"
                + "C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v12.4\\libnvvp;C:\\Tools";
        ScrubResult r = scrub(OsFamily.WINDOWS, Map.of("Path", path), ScrubPolicy.defaults());
        assertEquals("C:\\Windows\\system32;C:\\Tools", r.environment().get("PATH").orElseThrow());
        assertEquals(2, r.changes().stream().filter(c -> c.kind() == EnvironmentChange.Kind.PATH_ENTRY_REMOVED).count());
    }

    @Test
    void systemRootTmpTempAreAlwaysKept() throws Exception {
        Map<String, String> env = Map.of("SystemRoot", "C:\\Windows", "TMP", "C:\\t", "TEMP", "C:\\t");
        ScrubResult r = scrub(OsFamily.WINDOWS, env, ScrubPolicy.of(List.of("TOOLS_*"), List.of(), Map.of()));
        for (String k : env.keySet()) {
            assertEquals(env.get(k), r.environment().get(k).orElseThrow());
        }
    }

    @Test
    void scrubVariablesMayNotNameSystemRoot() {
        EnvironmentException e = assertThrows(EnvironmentException.class,
                () -> ScrubPolicy.of(List.of("SYSTEM*"), List.of(), Map.of()));
        assertTrue(e.getMessage().contains("SystemRoot"), e.getMessage());
    }

    @Test
    void paddedTempIsAnErrorNamingIt() {
        EnvironmentException e = assertThrows(EnvironmentException.class,
                () -> scrub(OsFamily.WINDOWS, Map.of("Temp", "C:\\t "), ScrubPolicy.defaults()));
        assertTrue(e.getMessage().contains("Temp") && e.getMessage().contains("whitespace"), e.getMessage());
    }

    @Test
    void userScrubKeepAndSet() throws Exception {
        ScrubPolicy p = ScrubPolicy.of(List.of("MY_*"), List.of("HIPCC_VERBOSE"), Map.of("EXTRA", "1", "HIP_PLATFORM", "amd"));
        ScrubResult r = scrub(OsFamily.UNIX, Map.of("MY_SDK", "x", "HIPCC_VERBOSE", "7", "ROCM_PATH", "/opt/rocm"), p);
        assertTrue(r.environment().get("MY_SDK").isEmpty());
        assertEquals("7", r.environment().get("HIPCC_VERBOSE").orElseThrow());
        assertEquals("1", r.environment().get("EXTRA").orElseThrow());
        assertTrue(r.changes().stream().anyMatch(c -> c.infoLine().equals("removed MY_SDK (scrubVariables MY_*)")),
                r.changes().toString());
        assertTrue(r.changes().stream().anyMatch(c -> c.kind() == EnvironmentChange.Kind.KEPT && c.name().equals("HIPCC_VERBOSE")));
        assertThrows(EnvironmentException.class, () -> ScrubPolicy.of(List.of(), List.of(), Map.of("X", " padded")));
        assertThrows(EnvironmentException.class, () -> ScrubPolicy.of(List.of("bad name"), List.of(), Map.of()));
    }

    @Test
    void infoLinesNeverCarryValues() throws Exception {
        ScrubResult r = scrub(OsFamily.UNIX, Map.of("ROCM_PATH", "/secret/decoy"), ScrubPolicy.defaults());
        for (EnvironmentChange c : r.changes()) {
            assertFalse(c.infoLine().contains("/secret/decoy"), c.infoLine());
        }
        assertTrue(r.changes().get(0).detailLine().contains("/secret/decoy"));
    }

    @Test
    void additionsReplaceOtherToolsetsOnPath() throws Exception {
        Path vs = tmp.resolve("VS");
        String old = vs.resolve("VC/Tools/MSVC/14.51.36014/bin/Hostx64/x64").toString();
        String pinned = vs.resolve("VC/Tools/MSVC/14.44.35207/bin/Hostx64/x64").toString();
        EnvironmentAdditions a = new EnvironmentAdditions("MSVC", Map.of("VCToolsVersion", "14.44.35207",
                "Platform", "x64"), List.of(pinned), List.of(vs.resolve("VC/Tools/MSVC")));
        ScrubResult r = new EnvironmentScrubber(ScrubPolicy.defaults()).scrub(Environment.of(OsFamily.WINDOWS,
                Map.of("PATH", old + ";C:\\Windows", "VCTOOLSVERSION", "14.51.36014", "PLATFORM", "x86")), sdk(),
                Map.of(), List.of(a));
        assertEquals(pinned + ";C:\\Windows", r.environment().get("Path").orElseThrow());
        // Set on Windows: the inherited name's case is kept, and it stays one variable. VCToolsVersion is one
        // the scrub removes (compiler-variables.json), so the pin sets it afresh, in its own spelling.
        assertEquals(Map.of("PATH", pinned + ";C:\\Windows", "VCToolsVersion", "14.44.35207", "PLATFORM", "x64"),
                Map.copyOf(r.environment().toMap()));
    }

    @Test
    void patterns() {
        assertTrue(new VariablePattern("HIP_PATH_*").matches("HIP_PATH_64", false));
        assertFalse(new VariablePattern("HIP_PATH_*").matches("HIP_PATH", false));
        assertTrue(new VariablePattern("HIPCC_*").matches("hipcc_verbose", true));
        assertFalse(new VariablePattern("HIPCC_*").matches("hipcc_verbose", false));
        assertTrue(new VariablePattern("*_TARGETS").matches("GPU_TARGETS", false));
    }
}
