package dev.hipdll.release;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.contract.AbiContract;
import dev.hipdll.findings.Check;
import dev.hipdll.findings.CheckIds;
import dev.hipdll.verify.ImportPolicy;
import dev.hipdll.findings.Verdict;
import dev.hipdll.verify.VerifyOptions;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * On real zips of Windows DLLs built by others: jars from Maven Central (test dependencies),
 * each read as a release package. JCuda's natives import {@code nvrtc64_120_0.dll}, which the jar does not
 * ship: the missing dependency a user meets as WinError 126 is named for the file that imports it. LWJGL's
 * OpenAL imports only Windows DLLs (KERNEL32, USER32, ole32, SHELL32 are KnownDLLs, WINMM is System32's).
 */
class RealJarPackagesTest {
    @TempDir
    Path dir;

    private PackageOptions options(List<String> allowed) {
        VerifyOptions v = VerifyOptions.builder(new AbiContract.CountContract("coli_cuda_", 0, "t"))
                .imports(ImportPolicy.forRuntime(true, OptionalInt.empty()).withAllowed(allowed, "test allow-list"))
                .build();
        return PackageOptions.builder(v).backends(List.of()).temporaryParent(dir).build();
    }

    private static Path jar(String marker) throws Exception {
        return Path.of(Class.forName(marker, false, RealJarPackagesTest.class.getClassLoader()).getProtectionDomain()
                .getCodeSource().getLocation().toURI());
    }

    private static Path resourceJar(String resource) throws Exception {
        String s = RealJarPackagesTest.class.getClassLoader().getResource(resource).toString();
        return Path.of(new java.net.URI(s.substring(4, s.indexOf("!/"))));
    }

    private static Check check(PackageReport r, String file, String id) {
        return r.files().stream().filter(f -> f.name().equals(file)).findFirst().orElseThrow(() -> new AssertionError(
                file + " not in " + r.files().stream().map(f -> f.name()).toList())).report().check(id).orElseThrow();
    }

    @Test
    void jcudasNativesMissTheNvrtcTheyImport() throws Exception {
        // nvcuda.dll is the NVIDIA driver's, in System32 of a machine with the driver: allowed here
        PackageReport r = new PackageVerifier().verify(resourceJar("lib/JNvrtc-12.0.0-windows-x86_64.dll"),
                options(List.of("nvcuda.dll", "KERNEL32.dll")));
        assertEquals("zip", r.facts().get("kind"));
        assertEquals(Verdict.PASS, r.packageChecks().get(0).verdict(), r.packageChecks().get(0).toString());
        assertEquals(List.of("lib/JCudaDriver-12.0.0-windows-x86_64.dll", "lib/JCudaRuntime-12.0.0-windows-x86_64.dll",
                "lib/JNvPTXCompiler-12.0.0-windows-x86_64.dll", "lib/JNvrtc-12.0.0-windows-x86_64.dll"),
                r.files().stream().map(f -> f.name()).toList());
        Check nvrtc = check(r, "lib/JNvrtc-12.0.0-windows-x86_64.dll", CheckIds.PACKAGE_DEPENDENCIES);
        assertEquals(Verdict.FAIL, nvrtc.verdict());
        assertTrue(nvrtc.details().get(0).startsWith("missing: nvrtc64_120_0.dll: not in the package, not a Windows DLL"),
                nvrtc.details().toString());
        assertTrue(nvrtc.details().get(0).endsWith("loading JNvrtc-12.0.0-windows-x86_64.dll fails with ERROR_MOD_NOT_FOUND"
                + " (126)"), nvrtc.details().get(0));
        assertEquals(Verdict.PASS, check(r, "lib/JCudaDriver-12.0.0-windows-x86_64.dll", CheckIds.PACKAGE_DEPENDENCIES)
                .verdict());
        assertTrue(r.failureSummary().contains("lib/JNvrtc-12.0.0-windows-x86_64.dll: package.dependencies: missing:"
                + " nvrtc64_120_0.dll"), r.failureSummary());
    }

    @Test
    void openAlImportsOnlyWindowsDlls() throws Exception {
        PackageReport r = new PackageVerifier().verify(resourceJar("windows/x64/org/lwjgl/openal/OpenAL.dll"),
                options(List.of("KERNEL32.dll")));
        List<String> dlls = r.files().stream().map(f -> f.name()).filter(n -> n.endsWith("OpenAL.dll")).toList();
        assertTrue(dlls.contains("windows/x64/org/lwjgl/openal/OpenAL.dll"), dlls.toString());
        for (String f : dlls) {
            Check deps = check(r, f, CheckIds.PACKAGE_DEPENDENCIES);
            assertEquals(Verdict.PASS, deps.verdict(), f + ": " + deps);
        }
        Check x64 = check(r, "windows/x64/org/lwjgl/openal/OpenAL.dll", CheckIds.PACKAGE_DEPENDENCIES);
        assertEquals("5 DLL(s): 0 in the package, 5 Windows', 0 allowed runtime", x64.found());
        assertEquals(Verdict.PASS, r.packageChecks().get(1).verdict(), "no HIP runtime at all");
    }

    @Test
    void sqliteJdbcsJarIsReadAsAPackageOfFourWindowsDlls() throws Exception {
        PackageReport r = new PackageVerifier().verify(jar("org.sqlite.JDBC"), options(List.of("KERNEL32.dll")));
        List<String> windows = r.files().stream().map(f -> f.name()).filter(n -> n.contains("/Windows/")).toList();
        assertEquals(List.of("org/sqlite/native/Windows/aarch64/sqlitejdbc.dll", "org/sqlite/native/Windows/armv7/sqlitejdbc.dll",
                "org/sqlite/native/Windows/x86/sqlitejdbc.dll", "org/sqlite/native/Windows/x86_64/sqlitejdbc.dll"),
                windows.stream().sorted().toList());
        for (String f : windows) {
            // msvcrt.dll is a KnownDLL: resolved from System32, and the jar ships no copy of it
            assertEquals(Verdict.PASS, check(r, f, CheckIds.PACKAGE_DEPENDENCIES).verdict(), f);
            assertEquals(Verdict.PASS, check(r, f, CheckIds.PACKAGE_KNOWN_DLLS).verdict(), f);
            assertEquals(Verdict.PASS, check(r, f, CheckIds.PE_LOADABLE).verdict(), f + " (ARMNT relocations too)");
        }
    }
}
