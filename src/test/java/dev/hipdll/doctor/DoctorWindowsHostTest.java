package dev.hipdll.doctor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.hipdll.process.ProcessRunner;
import dev.hipdll.sdk.HipToolchain;
import dev.hipdll.sdk.SdkOverrides;
import dev.hipdll.testing.Toolchain;
import java.time.Duration;
import dev.hipdll.findings.Check;
import dev.hipdll.findings.Verdict;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * hipdll:doctor for a Windows host given as a value (environment map + a mapped directory tree of
 * real files), so it runs everywhere: a different amdhip64_7.dll earlier on PATH, the driver's
 * runtime in System32, stray variables and whitespace, MSVC toolsets and the pin.
 */
class DoctorWindowsHostTest {
    @TempDir
    Path root;
    MappedFileProbe probe;
    Path sdk;
    Map<String, String> env;

    static final String RUNTIME_DIR = "C:\\Program Files\\AMD\\ROCm\\7.1\\bin";
    static final String STRAY_DIR = "C:\\stray\\bin";

    @BeforeEach
    void machine() throws Exception {
        probe = new MappedFileProbe(root);
        Path standin = Toolchain.standinSdk().resolve("bin/amdhip64_7.dll");
        Files.createDirectories(probe.map(RUNTIME_DIR));
        Files.copy(standin, probe.map(RUNTIME_DIR).resolve("amdhip64_7.dll"));
        Path stray = RuntimeFixtures.runtime(root.resolve("build-stray"), "7,0,1,0");
        Files.createDirectories(probe.map(STRAY_DIR));
        Files.copy(stray, probe.map(STRAY_DIR).resolve("amdhip64_7.dll"));
        Files.writeString(probe.map(STRAY_DIR).resolve("hipcc.bat"), "@echo off\r\n");
        Path sys32 = probe.map("C:\\Windows\\System32");
        Files.createDirectories(sys32);
        Path driver = RuntimeFixtures.runtime(root.resolve("build-driver"), "6,2,41134,0");
        Files.copy(driver, sys32.resolve("amdhip64_6.dll"));
        // Visual Studio and the Windows SDK as dev.hipdll.msvc finds them: real directories, a fake vswhere
        Path pfx86 = root.resolve("pfx86");
        Path vs = root.resolve("vs/2022/Community");
        for (String v : List.of("14.44.35207", "14.51.36014")) {
            Files.createDirectories(vs.resolve("VC/Tools/MSVC/" + v + "/include"));
            Files.createDirectories(vs.resolve("VC/Tools/MSVC/" + v + "/lib/x64"));
        }
        Path vswhere = pfx86.resolve("Microsoft Visual Studio/Installer/vswhere.exe");
        Files.createDirectories(vswhere.getParent());
        Files.writeString(vswhere, "#!/bin/sh\nprintf '%s\\r\\n' '" + vs + "'\n");
        vswhere.toFile().setExecutable(true);
        Path kits = pfx86.resolve("Windows Kits/10");
        for (String d : List.of("Include/10.0.26100.0/um", "Include/10.0.26100.0/ucrt", "Lib/10.0.26100.0/um/x64")) {
            Files.createDirectories(kits.resolve(d));
        }
        // a HIP SDK tree of the Windows layout for the resolver (the scrub keeps its own entries)
        sdk = root.resolve("sdk");
        for (String f : List.of("bin/hipcc.exe", "lib/llvm/bin/clang.exe", "include/hip/hip_runtime.h", "lib/amdhip64.lib",
                "lib/llvm/amdgcn/bitcode/ocml.bc")) {
            Files.createDirectories(sdk.resolve(f).getParent());
            Files.writeString(sdk.resolve(f), "");
        }
        Files.copy(standin, sdk.resolve("bin/amdhip64_7.dll"));
        env = new LinkedHashMap<>();
        env.put("SystemRoot", "C:\\Windows");
        env.put("ProgramFiles", "C:\\Program Files");
        env.put("ProgramFiles(x86)", pfx86.toString());
        env.put("Path", STRAY_DIR + ";C:\\Windows\\System32;" + RUNTIME_DIR + " ;C:\\CUDA\\bin");
        env.put("HIP_PATH", "C:\\Program Files\\AMD\\ROCm\\6.4\\ ");
        env.put("CUDA_PATH", "C:\\CUDA");
        env.put("MAVEN_CMD_LINE_ARGS", " -B verify"); // not read by a HIP build: no whitespace finding
        Files.createDirectories(probe.map("C:\\CUDA\\bin"));
        Files.writeString(probe.map("C:\\CUDA\\bin").resolve("nvcc.exe"), "MZ");
    }

    private DoctorReport examine(String vcToolsVersion) {
        return new Doctor(probe, new ProcessRunner(Duration.ofSeconds(30))).examine(new DoctorRequest(
                new DoctorHost(true, env), sdk, RUNTIME_DIR, null, vcToolsVersion));
    }

    @Test
    void withoutSdkRootOrHipSdkRootTheToolchainFromToolchainsXmlIsUsedAndNamed() {
        DoctorReport r = new Doctor(probe, new ProcessRunner(Duration.ofSeconds(30))).examine(new DoctorRequest(
                new DoctorHost(true, env), null, RUNTIME_DIR, null, "14.44.35207",
                Optional.of(new HipToolchain(Map.of("version", "7.1"), sdk))));
        Check root = item(r, "sdk.sdkRoot");
        assertEquals(Verdict.PASS, root.verdict());
        assertEquals("from toolchains.xml (hip 7.1)", root.expected());
        assertEquals(sdk.toAbsolutePath().normalize().toString(), root.found());
    }

    @Test
    void anSdkRootFromThePomIsNamedAsSuch() {
        Check fromD = item(examine("14.44.35207"), "sdk.sdkRoot");
        assertEquals("from -Dhip.sdkRoot", fromD.expected());
        for (var e : Map.of(SdkOverrides.Place.CONFIGURATION, "from <sdkRoot> in the POM",
                SdkOverrides.Place.PROJECT_PROPERTY, "from the POM property hip.sdkRoot").entrySet()) {
            DoctorReport r = new Doctor(probe, new ProcessRunner(Duration.ofSeconds(30))).examine(new DoctorRequest(
                    new DoctorHost(true, env), sdk, RUNTIME_DIR, null, "14.44.35207", Optional.empty(),
                    Map.of("hip.sdkRoot", e.getKey())));
            assertEquals(e.getValue(), item(r, "sdk.sdkRoot").expected());
        }
    }

    private static Check item(DoctorReport r, String id) {
        return r.check(id).orElseThrow(() -> new AssertionError("no item " + id + ": " + r.checks()));
    }

    @Test
    void aDifferentRuntimeEarlierOnPathIsReportedWithBothVersions() {
        DoctorReport r = examine("14.44.35207");
        Check order = item(r, "runtime.search-order");
        assertEquals(Verdict.FAIL, order.verdict());
        assertEquals(STRAY_DIR + "\\amdhip64_7.dll (NOT the configured one)", order.found());
        assertEquals("Windows would load " + STRAY_DIR + "\\amdhip64_7.dll (PATH entry #1 " + STRAY_DIR
                + ", file version 7.0.1.0) before the configured " + RUNTIME_DIR + "\\amdhip64_7.dll (file version"
                + " 7.1.25424.0): a different build", order.details().get(0));
        assertEquals(STRAY_DIR + "\\amdhip64_7.dll", r.firstLoaded().orElseThrow());
        // a host that sets the runtime directory binds the configured file
        Check withDir = item(r, "runtime.with-dll-directory");
        assertEquals(Verdict.PASS, withDir.verdict());
        assertEquals(RUNTIME_DIR + "\\amdhip64_7.dll (the configured one)", withDir.found());
        assertEquals(sdk.resolve("bin/amdhip64_7.dll").toString(), item(r, "sdk.runtimeDll").found());
    }

    @Test
    void everyRuntimeDllIsListedWithItsVersionAndLocation() {
        DoctorReport r = examine("14.44.35207");
        Check files = item(r, "runtime.files");
        assertEquals(Verdict.WARN, files.verdict());
        assertEquals("3 found, 2 different builds of amdhip64_7.dll", files.found());
        List<String> where = r.runtimeDlls().stream().map(d -> d.location() + " " + d.name() + " " + d.versionText()).toList();
        assertEquals(List.of("runtime directory amdhip64_7.dll 7.1.25424.0", "System32 amdhip64_6.dll 6.2.41134.0",
                "PATH entry #1 amdhip64_7.dll 7.0.1.0"), where);
    }

    @Test
    void theRuntimeDirectoryFirstOnPathPasses() {
        env.put("Path", RUNTIME_DIR + ";" + STRAY_DIR);
        DoctorReport r = examine("14.44.35207");
        assertEquals(Verdict.PASS, item(r, "runtime.search-order").verdict());
    }

    @Test
    void strayVariablesPathEntriesAndWhitespaceAreNamed() {
        DoctorReport r = examine(null);
        List<String> vars = item(r, "env.scrub.variables").details();
        assertEquals(2, vars.size(), vars.toString());
        assertTrue(vars.get(0).startsWith("CUDA_PATH=C:\\CUDA  (stray ROCm/HIP/CUDA variable"), vars.get(0));
        assertTrue(vars.get(1).startsWith("HIP_PATH=C:\\Program Files\\AMD\\ROCm\\6.4\\   (stray"), vars.get(1));
        List<String> path = item(r, "env.scrub.path").details();
        assertTrue(path.stream().anyMatch(d -> d.startsWith("C:\\CUDA\\bin  (another ROCm/HIP/CUDA install ('CUDA'")),
                path.toString());
        assertTrue(path.stream().anyMatch(d -> d.startsWith(RUNTIME_DIR + " ") && d.contains("(another ROCm/HIP/CUDA install ('ROCm'")),
                path.toString());
        assertEquals(List.of("HIP_PATH='C:\\Program Files\\AMD\\ROCm\\6.4\\ '", "PATH entry '" + RUNTIME_DIR + " '"),
                item(r, "env.whitespace").details());
    }

    @Test
    void msvcToolsetsAndThePin() {
        Check unpinned = item(examine(null), "msvc.toolsets");
        assertEquals(Verdict.WARN, unpinned.verdict());
        assertEquals("not pinned: hipcc's clang takes the newest, 14.51.36014", unpinned.found());
        assertEquals(Verdict.PASS, item(examine("14.44.35207"), "msvc.toolsets").verdict());
        Check missing = item(examine("14.38.33130"), "msvc.toolsets");
        assertEquals(Verdict.FAIL, missing.verdict());
        assertEquals("pinned 14.38.33130 is not installed", missing.found());
        env.put("VCToolsVersion", "14.44.35207");
        assertEquals("pinned 14.44.35207 (installed)", item(examine(null), "msvc.toolsets").found());
        Check winsdk = item(examine(null), "windows-sdk");
        assertEquals(Verdict.PASS, winsdk.verdict());
        assertTrue(winsdk.found().startsWith("10.0.26100.0 in "), winsdk.found());
        env.put("WindowsSDKVersion", "10.0.22621.0\\");
        Check absent = item(examine(null), "windows-sdk");
        assertEquals(Verdict.FAIL, absent.verdict());
        assertTrue(absent.found().contains("10.0.26100.0"), absent.found());
    }

    @Test
    void theJsonReportCarriesTheSameItems() throws Exception {
        DoctorReport r = examine("14.44.35207");
        Path json = root.resolve("out/doctor.json");
        new DoctorJson().write(r, json);
        JsonNode n = new ObjectMapper().readTree(json.toFile());
        assertEquals("hipdll:doctor", n.get("tool").asText());
        assertEquals(false, n.get("passed").asBoolean());
        assertEquals(r.checks().size(), n.get("checks").size());
        assertEquals(STRAY_DIR + "\\amdhip64_7.dll", n.get("firstLoaded").asText());
        assertEquals("7.0.1.0", n.get("runtimeDlls").get(2).get("fileVersion").asText());
        assertEquals("PATH", n.get("searchOrder").get(4).get("kind").asText());
        assertTrue(Files.notExists(root.resolve("out/doctor.json.tmp")));
    }
}
