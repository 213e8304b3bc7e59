package dev.hipdll.windowstier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.dllsearch.LocationKind;
import dev.hipdll.dllsearch.SearchLocation;
import dev.hipdll.doctor.Doctor;
import dev.hipdll.doctor.DoctorHost;
import dev.hipdll.doctor.DoctorReport;
import dev.hipdll.doctor.DoctorRequest;
import dev.hipdll.doctor.FileVersion;
import dev.hipdll.doctor.LocalFileProbe;
import dev.hipdll.doctor.RuntimeDll;
import dev.hipdll.host.Host;
import dev.hipdll.process.ProcessRunner;
import dev.hipdll.findings.Check;
import dev.hipdll.findings.Verdict;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Hipdll:doctor on this host, as {@code DoctorMojo} runs it ({@link LocalFileProbe}, a real
 * {@link ProcessRunner}, the {@link DoctorHost} of the JVM's own environment, whose HIP_PATH names the decoy
 * ROCm 6.4), with {@code -Dhip.sdkRoot=C:\Program Files\AMD\ROCm\7.1}: the SDK components with their origins
 * and versions (clang's from running the SDK's clang.exe), both MSVC toolsets and the default, the Windows
 * SDK, every {@code amdhip64_*.dll} (the SDK's 7.1, System32's and the decoy ROCm 6.4's 6.4.43484.0) with
 * its file version, and which one Windows would load first by the doctor's search order: none of the
 * standard order holds the SDK's {@code amdhip64_7.dll} (a host must choose the runtime directory), and for
 * the decoy's {@code amdhip64_6.dll} System32's copy comes before the decoy's own directory.
 */
@Tag(WindowsTier.TAG)
class DoctorTest {
    private static final String SDK = WindowsTier.SDK.toString();
    private static final String SDK_BIN = SDK + "\\bin";
    private static final String DECOY_BIN = WindowsTier.DECOY_SDK + "\\bin";
    private static final String SYSTEM32 = "C:\\windows\\System32";
    private static final String DECOY_VERSION = "6.4.43484.0";

    private static DoctorHost doctorHost() {
        Host real = WindowsTier.host();
        return new DoctorHost(real.isWindows(), real.environment().toMap());
    }

    /** hipdll:doctor with hip.sdkRoot = the SDK, and {@code hip.runtimeDir} / {@code hip.vcToolsVersion} as given. */
    private static DoctorReport examine(DoctorHost host, String runtimeDir, String vcToolsVersion) {
        return new Doctor(new LocalFileProbe(), new ProcessRunner(Duration.ofSeconds(60))).examine(
                new DoctorRequest(host, WindowsTier.SDK, runtimeDir, null, vcToolsVersion, Optional.empty()));
    }

    private static Check item(DoctorReport r, String id) {
        return r.check(id).orElseThrow(() -> new AssertionError("no item " + id + ": " + r.checks()));
    }

    /** The PATH entry number ("PATH entry #n") of {@code dir} on this host. */
    private static int pathEntry(DoctorHost host, String dir) {
        List<String> entries = host.pathEntries();
        for (int i = 0; i < entries.size(); i++) {
            if (host.sameDirectory(entries.get(i), dir)) {
                return i + 1;
            }
        }
        throw new AssertionError(dir + " is not on this host's PATH (scripts/windows-tier puts it there): " + entries);
    }

    @Test
    void theSdkComponentsWithTheirOriginsAndVersions() {
        DoctorReport r = examine(doctorHost(), null, null);
        assertTrue(r.windows());
        Check version = item(r, "sdk.version");
        assertEquals(Verdict.PASS, version.verdict());
        assertEquals("7.1.25424", version.found());
        // every component from -Dhip.sdkRoot, none from the decoy ROCm 6.4 that Hip_Path names
        Map<String, String> components = Map.of("sdkRoot", SDK, "hipcc", SDK_BIN + "\\hipcc.exe",
                "clangDir", SDK + "\\lib\\llvm\\bin", "includeDir", SDK + "\\include", "libDir", SDK + "\\lib",
                "deviceLibDir", SDK + "\\lib\\llvm\\amdgcn\\bitcode", "runtimeDll", SDK_BIN + "\\amdhip64_7.dll");
        for (Map.Entry<String, String> c : components.entrySet()) {
            Check item = item(r, "sdk." + c.getKey());
            assertEquals(Verdict.PASS, item.verdict(), item.toString());
            assertEquals("from -Dhip.sdkRoot", item.expected(), item.toString());
            assertEquals(c.getValue(), item.found(), item.toString());
        }
        // clang's version from running the SDK's clang.exe (LLVM 20.1.7); the runtime's from its version resource
        List<String> clang = item(r, "sdk.clangDir").details();
        assertEquals(1, clang.size(), clang.toString());
        assertTrue(clang.get(0).startsWith("clang: clang version 20.1.7"), clang.get(0));
        assertEquals(List.of("file version 7.1.25424.0"), item(r, "sdk.runtimeDll").details());
    }

    @Test
    void bothToolsetsTheDefaultAndTheWindowsSdk() throws Exception {
        DoctorHost host = doctorHost();
        String msvc = WindowsTier.VS + "\\VC\\Tools\\MSVC\\";
        DoctorReport unpinned = examine(host, null, null);
        Check toolsets = item(unpinned, "msvc.toolsets");
        assertEquals(Verdict.WARN, toolsets.verdict());
        // unpinned, the toolset clang takes is the newest, which is the installation's default
        assertEquals("not pinned: hipcc's clang takes the newest, 14.51.36014", toolsets.found());
        assertEquals("14.51.36014", Files.readString(WindowsTier.VS.resolve(
                "VC\\Auxiliary\\Build\\Microsoft.VCToolsVersion.default.txt")).strip());
        assertEquals(List.of("14.51.36014  " + msvc + "14.51.36014", "14.44.35207  " + msvc + "14.44.35207",
                "pin one with -Dhip.vcToolsVersion (toolsets 14.50 and newer break HIP's <cmath>)"), toolsets.details());

        Check pinned = item(examine(host, null, "14.44.35207"), "msvc.toolsets");
        assertEquals(Verdict.PASS, pinned.verdict());
        assertEquals("pinned 14.44.35207 (installed)", pinned.found());
        assertEquals(List.of("14.51.36014  " + msvc + "14.51.36014", "14.44.35207  " + msvc + "14.44.35207"),
                pinned.details());

        Check windowsSdk = item(unpinned, "windows-sdk");
        assertEquals(Verdict.PASS, windowsSdk.verdict());
        assertEquals("the newest installed", windowsSdk.expected());
        assertEquals("10.0.26100.0 in C:\\Program Files (x86)\\Windows Kits\\10", windowsSdk.found());
    }

    @Test
    void everyRuntimeDllWithItsFileVersion() {
        DoctorHost host = doctorHost();
        DoctorReport r = examine(host, null, "14.44.35207");
        assertEquals("amdhip64_7.dll", r.runtimeName());
        int decoyOnPath = pathEntry(host, DECOY_BIN);
        List<String> found = r.runtimeDlls().stream().map(d -> d.location() + " | " + d.directory() + "\\" + d.name()
                + " | " + d.version().map(FileVersion::fileVersion).orElse(d.versionText())).toList();
        assertEquals(List.of("runtime directory | " + SDK_BIN + "\\amdhip64_7.dll | 7.1.25424.0",
                "System32 | " + SYSTEM32 + "\\amdhip64_6.dll | " + DECOY_VERSION,
                "PATH entry #" + decoyOnPath + " | " + DECOY_BIN + "\\amdhip64_6.dll | " + DECOY_VERSION), found);
        RuntimeDll sdk = r.runtimeDlls().get(0);
        RuntimeDll system32 = r.runtimeDlls().get(1);
        RuntimeDll decoy = r.runtimeDlls().get(2);
        assertEquals(system32.sha256(), decoy.sha256(), "System32's amdhip64_6.dll is a copy of the decoy's");
        assertNotEquals(sdk.sha256(), decoy.sha256());

        Check files = item(r, "runtime.files");
        assertEquals(Verdict.PASS, files.verdict(), files.toString()); // one build of amdhip64_7.dll only
        assertEquals("amdhip64_7.dll in " + SDK_BIN, files.expected());
        assertEquals("3 found", files.found());
        assertEquals(List.of(
                "runtime directory: " + SDK_BIN + "\\amdhip64_7.dll  file version 7.1.25424.0  sha256 "
                        + sdk.sha256().substring(0, 12),
                "System32: " + SYSTEM32 + "\\amdhip64_6.dll  file version " + DECOY_VERSION + "  sha256 "
                        + system32.sha256().substring(0, 12),
                "PATH entry #" + decoyOnPath + ": " + DECOY_BIN + "\\amdhip64_6.dll  file version " + DECOY_VERSION
                        + "  sha256 " + decoy.sha256().substring(0, 12)), files.details());
    }

    @Test
    void whichRuntimeWindowsWouldLoadFirst() {
        DoctorHost host = doctorHost();
        DoctorReport r = examine(host, null, "14.44.35207");
        List<SearchLocation> order = r.searchOrder();
        assertEquals(List.of(new SearchLocation(LocationKind.SYSTEM32, SYSTEM32, 0),
                new SearchLocation(LocationKind.SYSTEM16, "C:\\windows\\System", 0),
                new SearchLocation(LocationKind.WINDOWS, "C:\\windows", 0)), order.subList(0, 3));
        int decoyOnPath = pathEntry(host, DECOY_BIN);
        assertTrue(order.contains(new SearchLocation(LocationKind.PATH, DECOY_BIN, decoyOnPath)), order.toString());

        // the SDK's amdhip64_7.dll: in no directory of the standard order, so nothing is loaded first ...
        Check standard = item(r, "runtime.search-order");
        assertEquals(Verdict.WARN, standard.verdict());
        assertEquals(SDK_BIN + "\\amdhip64_7.dll", standard.expected());
        assertEquals("no directory of this order holds amdhip64_7.dll: a host must choose the runtime directory"
                + " (SetDllDirectoryW) or preload the runtime by path", standard.found());
        assertTrue(standard.details().stream().noneMatch(d -> d.contains("<- holds")), standard.details().toString());
        assertEquals(Optional.empty(), r.firstLoaded());
        // ... and with SetDllDirectoryW(the SDK's bin) it is the first
        Check withDir = item(r, "runtime.with-dll-directory");
        assertEquals(Verdict.PASS, withDir.verdict());
        assertEquals(SDK_BIN + "\\amdhip64_7.dll (the configured one)", withDir.found());
        assertEquals("1. the SetDllDirectory folder " + SDK_BIN + "  <- holds amdhip64_7.dll", withDir.details().get(0));

        // the decoy ROCm 6.4's runtime as hip.runtimeDir: Windows would load System32's copy before it
        DoctorReport decoy = examine(host, DECOY_BIN, "14.44.35207");
        assertEquals("amdhip64_6.dll", decoy.runtimeName());
        assertEquals(Optional.of(SYSTEM32 + "\\amdhip64_6.dll"), decoy.firstLoaded());
        Check decoyOrder = item(decoy, "runtime.search-order");
        assertEquals(Verdict.WARN, decoyOrder.verdict());
        assertEquals(SYSTEM32 + "\\amdhip64_6.dll (an identical copy)", decoyOrder.found());
        assertEquals("Windows would load " + SYSTEM32 + "\\amdhip64_6.dll (the system folder (System32) " + SYSTEM32
                + ", file version " + DECOY_VERSION + ") before the configured " + DECOY_BIN + "\\amdhip64_6.dll (file"
                + " version " + DECOY_VERSION + "): an identical copy", decoyOrder.details().get(0));
        assertEquals("1. the system folder (System32) " + SYSTEM32 + "  <- holds amdhip64_6.dll",
                decoyOrder.details().get(1));
        assertTrue(decoyOrder.details().contains(order.indexOf(new SearchLocation(LocationKind.PATH, DECOY_BIN,
                decoyOnPath)) + 1 + ". PATH entry #" + decoyOnPath + " " + DECOY_BIN + "  <- holds amdhip64_6.dll"),
                decoyOrder.details().toString());
    }
}
