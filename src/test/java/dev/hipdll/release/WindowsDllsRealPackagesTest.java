package dev.hipdll.release;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.pe.ImportedModule;
import dev.hipdll.pe.PeFile;
import dev.hipdll.testing.JarDlls;
import dev.hipdll.testing.CentralJarEntry;
import dev.hipdll.testing.Toolchain;
import dev.hipdll.testing.VcRuntimeDlls;
import dev.hipdll.testing.WindowsJre;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hole 6 / item 6: every import of the real packages the tests read that Windows provides is in
 * {@link WindowsDlls}' list. The packages: the Windows natives of the test dependencies from Maven Central (JNA,
 * zstd-jni, sqlite-jdbc, Jansi, jffi, JCuda, LWJGL's OpenAL; x64, x86, ARM64 and ARMv7), Microsoft's mssql-jdbc_auth
 * DLL, the Visual C++ runtime of JavaCPP's Windows jar, NVIDIA's cudart64_12.dll and nppitc64_12.dll, and the Temurin 17 JRE for Windows of the Windows tier ({@link WindowsJre}), whose {@code jsound.dll} imports
 * {@code dsound.dll} (a JRE was reported missing it with error 126). Each import (and delay-load import) is either
 * shipped in its own package, one of the named vendor runtimes below, or Windows' ({@link WindowsDlls#windowsSource}).
 */
class WindowsDllsRealPackagesTest {
    /** Imports that are not Windows': the MSVC runtime a package ships or a redistributable installs, NVIDIA's. */
    static final Map<String, String> NOT_WINDOWS = Map.of(
            "vcruntime140.dll", "the Visual C++ runtime (a redistributable, not in a clean System32)",
            "vcruntime140_1.dll", "the Visual C++ runtime",
            "msvcp140.dll", "the Visual C++ runtime",
            "nvcuda.dll", "NVIDIA's driver",
            "nvrtc64_120_0.dll", "NVIDIA's CUDA toolkit",
            "nppc64_12.dll", "NVIDIA's CUDA toolkit (NPP core)");

    /** bytedeco's CUDA redistributable jar on Maven Central (as CudaDeviceCodeTest reads it). */
    static final String CUDA_REDIST = "org/bytedeco/cuda/12.3-8.9-1.5.10/cuda-12.3-8.9-1.5.10-windows-x86_64-redist.jar";

    @TempDir
    Path dir;

    @Test
    void everyImportWindowsProvidesIsKnown() throws Exception {
        Map<String, List<Path>> packages = new TreeMap<>();
        for (String marker : List.of("com.sun.jna.Native", "com.github.luben.zstd.Zstd", "org.sqlite.JDBC",
                "org.fusesource.jansi.AnsiConsole")) {
            Path jar = Path.of(Class.forName(marker, false, getClass().getClassLoader()).getProtectionDomain()
                    .getCodeSource().getLocation().toURI());
            packages.put(jar.getFileName().toString(), List.copyOf(JarDlls.extract(jar, dir).values()));
        }
        for (String resource : List.of("jni/x86_64-Windows/jffi-1.2.dll", "lib/JNvrtc-12.0.0-windows-x86_64.dll",
                "windows/x64/org/lwjgl/openal/OpenAL.dll")) {
            String s = getClass().getClassLoader().getResource(resource).toString();
            Path jar = Path.of(new java.net.URI(s.substring(4, s.indexOf("!/"))));
            packages.put(jar.getFileName().toString(), List.copyOf(JarDlls.extract(jar, dir).values()));
        }
        String signed = System.getProperty("hipdll.signedDll");
        if (signed != null && Files.isRegularFile(Path.of(signed))) {
            packages.put("mssql-jdbc_auth", List.of(Path.of(signed)));
        } else {
            Toolchain.missing("hipdll.signedDll (test dependency com.microsoft.sqlserver:mssql-jdbc_auth) is not at " + signed);
        }
        packages.put("JavaCPP 1.5.10 windows-x86_64 (Visual C++ runtime)", List.of(VcRuntimeDlls.vcruntime140(),
                VcRuntimeDlls.vcruntime140_1()));
        packages.put("bytedeco CUDA 12.3 redist (NVIDIA)", List.of(
                CentralJarEntry.get(CUDA_REDIST, "org/bytedeco/cuda/windows-x86_64/nppitc64_12.dll",
                        "nppitc64_12.dll", "b20948285dac9e74bbb6e1cf9552e0f88a3c0427f695b067adaa2f9ff46b6ce2"),
                CentralJarEntry.get(CUDA_REDIST, "org/bytedeco/cuda/windows-x86_64/cudart64_12.dll",
                        "cudart64_12.dll", "c7b04d121903ffa37736783ce61d6dbefb315cf6dad1c813582fc306850b7963")));
        Path jre = WindowsJre.get();
        try (Stream<Path> s = Files.walk(jre)) {
            packages.put("Temurin 17 JRE (npm jre-win32-x64 1.1.8)", s.filter(p -> p.toString().toLowerCase(Locale.ROOT)
                    .endsWith(".dll")).sorted().toList());
        }
        WindowsDlls windows = WindowsDlls.load();
        List<String> unknown = new ArrayList<>();
        Set<String> windowsImports = new TreeSet<>();
        int dlls = 0;
        for (var e : packages.entrySet()) {
            Set<String> shipped = new TreeSet<>();
            for (Path p : e.getValue()) {
                shipped.add(p.getFileName().toString().toLowerCase(Locale.ROOT));
            }
            for (Path p : e.getValue()) {
                dlls++;
                List<ImportedModule> mods = new ArrayList<>();
                try (PeFile pe = PeFile.open(p)) {
                    mods.addAll(pe.imports());
                    mods.addAll(pe.delayImports());
                }
                for (ImportedModule m : mods) {
                    String n = m.dllName().toLowerCase(Locale.ROOT);
                    if (shipped.contains(n) || NOT_WINDOWS.containsKey(n)) {
                        continue;
                    }
                    if (windows.windowsSource(n) == null) {
                        unknown.add(e.getKey() + ": " + p.getFileName() + " imports " + m.dllName());
                    } else {
                        windowsImports.add(n);
                    }
                }
            }
        }
        System.out.println(dlls + " DLLs in " + packages.size() + " packages; the Windows DLLs they import: " + windowsImports);
        Set<String> apiSets = new TreeSet<>();
        for (String n : windowsImports) {
            if (windows.isApiSet(n)) {
                apiSets.add(n);
            }
        }
        System.out.println(apiSets.size() + " distinct API set imports, each a contract of windows-api-sets.txt: " + apiSets);
        assertEquals(List.of(), unknown, "imports of Windows DLLs that the list does not know");
        assertTrue(apiSets.contains("api-ms-win-crt-runtime-l1-1-0.dll"), "the universal CRT's API sets: " + apiSets);
        assertTrue(windowsImports.contains("dsound.dll"), "the JRE's jsound.dll imports dsound.dll: " + windowsImports);
        assertTrue(dlls >= 50, dlls + " DLLs");
    }

    /**
     * The System32 list is derived from a published index (delvewheel's lists of a vanilla Windows 10
     * and Windows 11 System32) by {@code scripts/fixtures/windows-dlls}, not written by hand: the header names the source, its
     * commit and the date, and the list holds thousands of names, every KnownDLL among them in the lists too.
     */
    @Test
    void theListSaysWhichPublishedIndexItIsDerivedFrom() throws Exception {
        String text;
        try (InputStream in = WindowsDlls.class.getResourceAsStream(WindowsDlls.RESOURCE)) {
            text = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
        assertTrue(text.contains("github.com/adang1345/delvewheel"), "the source is named");
        assertTrue(java.util.regex.Pattern.compile("commit [0-9a-f]{12} of \\d{4}-\\d{2}-\\d{2}").matcher(text).find(),
                "the source's commit and date");
        assertTrue(java.util.regex.Pattern.compile("Generated: \\d{4}-\\d{2}-\\d{2} by `scripts/fixtures/windows-dlls")
                .matcher(text).find(), "the generation date and the script");
        WindowsDlls w = WindowsDlls.load();
        assertTrue(w.system().size() > 2_500, w.system().size() + " System32 DLLs");
        for (String n : List.of("dsound.dll", "avrt.dll", "d3d12.dll", "dxcore.dll", "winspool.drv", "mfplat.dll")) {
            assertEquals("Windows System32", w.windowsSource(n), n);
        }
        for (String n : List.of("vcruntime140.dll", "msvcp140.dll", "nvcuda.dll", "amdhip64_6.dll", "opencl.dll",
                "vulkan-1.dll")) {
            assertEquals(null, w.windowsSource(n), n + " is not in a vanilla System32");
        }
    }
}
