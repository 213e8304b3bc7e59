package dev.hipdll.pe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.testing.Fixtures;
import dev.hipdll.testing.ReadobjHardening;
import dev.hipdll.testing.Toolchain;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link SecurityFeatures} (what the {@code hardening.*} checks read) against llvm-readobj-19 {@code --file-headers
 * --sections --coff-load-config --coff-debug-directory} on every flag, for DLLs built here with and without the
 * mitigations (hipcc of the stand-in SDK: its defaults; {@code -Xclang -cfguard -Wl,/guard:cf -Wl,/CETCOMPAT
 * -Wl,/INTEGRITYCHECK}; every one switched off; a C DLL linked with a writable and executable section) and real third-party DLLs from
 * Maven Central (the Windows natives of JNA, zstd-jni, sqlite-jdbc, Jansi and jffi, MSVC and MinGW builds for x64,
 * x86, ARM64 and ARMv7, and Microsoft's signed mssql-jdbc_auth DLL). Prints what each has.
 */
class HardeningReadobjAgreementTest {
    @TempDir
    Path dir;

    @Test
    void everyFlagAgreesWithReadobjOnDllsBuiltHereAndFromMavenCentral() throws Exception {
        Toolchain.require("llvm-readobj-19");
        Map<String, Path> dlls = new LinkedHashMap<>();
        Path built = dir.resolve("built");
        dlls.put("built: hipcc defaults", Fixtures.exampleDll(built, "plain.dll", List.of("gfx1151"), List.of()));
        dlls.put("built: every mitigation", Fixtures.exampleDll(built, "hardened.dll", List.of("gfx1151"),
                List.of("-Xclang", "-cfguard", "-Wl,/guard:cf", "-Wl,/DYNAMICBASE", "-Wl,/HIGHENTROPYVA", "-Wl,/NXCOMPAT",
                        "-Wl,/CETCOMPAT", "-Wl,/INTEGRITYCHECK")));
        dlls.put("built: none", Fixtures.exampleDll(built, "soft.dll", List.of("gfx1151"),
                List.of("-Wl,/guard:no", "-Wl,/DYNAMICBASE:NO", "-Wl,/HIGHENTROPYVA:NO", "-Wl,/NXCOMPAT:NO",
                        "-Wl,/CETCOMPAT:NO")));
        dlls.put("built: RWE .data (lld-link /SECTION:.data,RWE)", Fixtures.cDll(built.resolve("wx"), "wx.dll",
                "x86_64-pc-windows-msvc", "int counter = 1;\n__declspec(dllexport) int next(void) { return counter++; }\n",
                List.of("/SECTION:.data,RWE")));
        for (String marker : List.of("com.sun.jna.Native", "com.github.luben.zstd.Zstd", "org.sqlite.JDBC",
                "org.fusesource.jansi.AnsiConsole")) {
            Path jar = Path.of(Class.forName(marker, false, getClass().getClassLoader()).getProtectionDomain().getCodeSource()
                    .getLocation().toURI());
            extract(jar, dlls);
        }
        String jffi = getClass().getClassLoader().getResource("jni/x86_64-Windows/jffi-1.2.dll").toString();
        extract(Path.of(new java.net.URI(jffi.substring(4, jffi.indexOf("!/")))), dlls);
        String signed = System.getProperty("hipdll.signedDll");
        if (signed != null && Files.isRegularFile(Path.of(signed))) {
            dlls.put("mssql-jdbc_auth-12.8.1.x64.dll", Path.of(signed));
        } else {
            Toolchain.missing("hipdll.signedDll (test dependency com.microsoft.sqlserver:mssql-jdbc_auth) is not at " + signed);
        }

        int[] seen = new int[8];  // how many have: DYNAMIC_BASE, not; GUARD_CF, not; CET, not; WX, FORCE_INTEGRITY
        List<String> table = new ArrayList<>();
        for (var e : dlls.entrySet()) {
            ReadobjHardening ro = ReadobjHardening.of(e.getValue());
            SecurityFeatures f;
            try (PeFile pe = PeFile.open(e.getValue())) {
                f = SecurityFeatures.of(pe);
            }
            String name = e.getKey();
            assertEquals(ro.dllCharacteristics(), f.dllCharacteristics(), name + ": DllCharacteristics");
            assertEquals((ro.fileCharacteristics() & 1) != 0, f.relocationsStripped(), name + ": RELOCS_STRIPPED");
            assertEquals(ro.relocationSize(), f.relocations().size(), name + ": BaseRelocationTableSize");
            assertEquals(ro.loadConfigPresent(), f.loadConfig().isPresent(), name + ": load configuration");
            if (f.loadConfig().isPresent()) {
                LoadConfig lc = f.loadConfig().get();
                assertEquals(ro.guardCfCheckFunction(), lc.guardCfCheckFunction(), name + ": GuardCFCheckFunction");
                assertEquals(ro.guardCfFunctionTable(), lc.guardCfFunctionTable(), name + ": GuardCFFunctionTable");
                assertEquals(ro.guardCfFunctionCount(), lc.guardCfFunctionCount(), name + ": GuardCFFunctionCount");
                assertEquals(ro.guardFlags(), lc.guardFlags(), name + ": GuardFlags");
            }
            assertEquals(ro.exCharacteristics(), f.exDllCharacteristics(), name + ": ExtendedCharacteristics");
            assertEquals(ro.writableExecutable(), f.writableExecutable(), name + ": writable and executable sections");
            boolean aslr = f.has(SecurityFeatures.DYNAMIC_BASE) && f.hasRelocations();
            boolean cfg = f.has(SecurityFeatures.GUARD_CF) && f.loadConfig().map(l -> (l.guardFlags() & LoadConfig.CF_INSTRUMENTED) != 0).orElse(false);
            seen[aslr ? 0 : 1]++;
            seen[cfg ? 2 : 3]++;
            seen[f.cetCompatible() ? 4 : 5]++;
            seen[6] += f.writableExecutable().isEmpty() ? 0 : 1;
            seen[7] += f.has(SecurityFeatures.FORCE_INTEGRITY) ? 1 : 0;
            table.add(String.format("%-70s ASLR %-3s HEVA %-3s NX %-3s CFG %-11s CET %-3s WX %-8s FORCE_INTEGRITY %s", name,
                    yes(aslr), yes(f.has(SecurityFeatures.HIGH_ENTROPY_VA)), yes(f.has(SecurityFeatures.NX_COMPAT)),
                    cfg ? "yes(" + f.loadConfig().get().guardCfFunctionCount() + ")" : "no", yes(f.cetCompatible()),
                    f.writableExecutable().isEmpty() ? "none" : String.join(",", f.writableExecutable()),
                    yes(f.has(SecurityFeatures.FORCE_INTEGRITY))));
        }
        table.forEach(System.out::println);
        assertTrue(dlls.size() >= 20, "the corpus: " + dlls.size() + " DLLs");
        for (int i = 0; i < seen.length; i++) {
            assertTrue(seen[i] > 0, "the corpus has each state of each flag; missing state #" + i + ": " + table);
        }
    }

    private static String yes(boolean b) {
        return b ? "yes" : "no";
    }

    private void extract(Path jar, Map<String, Path> into) throws Exception {
        try (JarFile jf = new JarFile(jar.toFile())) {
            Enumeration<JarEntry> en = jf.entries();
            while (en.hasMoreElements()) {
                JarEntry e = en.nextElement();
                if (e.isDirectory() || !e.getName().toLowerCase().endsWith(".dll")) {
                    continue;
                }
                Path out = dir.resolve(jar.getFileName().toString()).resolve(e.getName());
                Files.createDirectories(out.getParent());
                try (InputStream in = jf.getInputStream(e)) {
                    Files.copy(in, out);
                }
                into.put(jar.getFileName() + "!" + e.getName(), out);
            }
        }
    }
}
