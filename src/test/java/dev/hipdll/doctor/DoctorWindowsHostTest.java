package dev.hipdll.doctor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.hipdll.testing.Toolchain;
import dev.hipdll.verify.Check;
import dev.hipdll.verify.Verdict;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
        for (String v : List.of("14.44.35207", "14.51.36014")) {
            Files.createDirectories(probe.map("C:\\Program Files\\Microsoft Visual Studio\\2022\\Community\\VC\\Tools\\MSVC\\" + v));
        }
        Files.createDirectories(probe.map("C:\\Program Files (x86)\\Windows Kits\\10\\Include\\10.0.26100.0\\um"));
        env = new LinkedHashMap<>();
        env.put("SystemRoot", "C:\\Windows");
        env.put("ProgramFiles", "C:\\Program Files");
        env.put("ProgramFiles(x86)", "C:\\Program Files (x86)");
        env.put("Path", STRAY_DIR + ";C:\\Windows\\System32;" + RUNTIME_DIR + " ;C:\\CUDA\\bin");
        env.put("HIP_PATH", "C:\\Program Files\\AMD\\ROCm\\6.4\\ ");
        env.put("CUDA_PATH", "C:\\CUDA");
        env.put("MAVEN_CMD_LINE_ARGS", " -B verify"); // not read by a HIP build: no whitespace finding
        Files.createDirectories(probe.map("C:\\CUDA\\bin"));
        Files.writeString(probe.map("C:\\CUDA\\bin").resolve("nvcc.exe"), "MZ");
    }

    private DoctorReport examine(String vcToolsVersion) {
        return new Doctor(probe, null).examine(new DoctorRequest(new DoctorHost(true, env), null, RUNTIME_DIR, null,
                vcToolsVersion));
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
        assertTrue(r.check("sdk").isPresent()); // no SDK on this host: reported, not thrown
        assertEquals(Verdict.FAIL, item(r, "sdk").verdict());
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
        assertEquals(List.of("CUDA_PATH=C:\\CUDA", "HIP_PATH=C:\\Program Files\\AMD\\ROCm\\6.4\\ "),
                item(r, "env.scrub.variables").details());
        assertEquals(List.of(STRAY_DIR + " (holds amdhip64_7.dll, hipcc.bat)", "C:\\CUDA\\bin (holds nvcc.exe)"),
                item(r, "env.scrub.path").details());
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
        Check sdk = item(examine(null), "windows-sdk");
        assertEquals(Verdict.PASS, sdk.verdict());
        assertEquals("newest 10.0.26100.0", sdk.found());
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
