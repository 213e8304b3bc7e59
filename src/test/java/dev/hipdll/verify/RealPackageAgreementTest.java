package dev.hipdll.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.contract.AbiContract;
import dev.hipdll.findings.Check;
import dev.hipdll.findings.CheckIds;
import dev.hipdll.findings.Verdict;
import dev.hipdll.pe.ImportedModule;
import dev.hipdll.pe.ImportedSymbol;
import dev.hipdll.pe.LoadConfig;
import dev.hipdll.pe.OptionalHeader;
import dev.hipdll.pe.PeFile;
import dev.hipdll.pe.SecurityFeatures;
import dev.hipdll.testing.JarDlls;
import dev.hipdll.testing.CentralJarEntry;
import dev.hipdll.testing.ReadobjHardening;
import dev.hipdll.testing.ReadobjOracle;
import dev.hipdll.testing.Toolchain;
import dev.hipdll.testing.VcRuntimeDlls;
import dev.hipdll.testing.WindowsJre;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real-package agreement, re-measured on every PE file of the real packages the tests
 * fetch: the Windows natives of JNA, zstd-jni, sqlite-jdbc, Jansi, jffi, JCuda's NVRTC binding and LWJGL's OpenAL
 * (Maven Central jars on the test class path), Microsoft's {@code mssql-jdbc_auth} DLL, the Visual C++ runtime of
 * JavaCPP's Windows jar, NVIDIA's {@code cudart64_12.dll} and {@code nppitc64_12.dll} (bytedeco's CUDA redistributable
 * jar) and the Temurin 17 JRE for Windows ({@link WindowsJre}). Against {@code llvm-readobj-19}:
 * <ul>
 *   <li>imports: every import and delay-load descriptor ("dll: symbols", by name or ordinal), as a multiset;</li>
 *   <li>hardening: each of the seven {@code hardening.*} verdicts (PASS or not) against what docs/verify-reference.md's rule
 *       decides from the readobj fields: DYNAMIC_BASE with base relocations; HIGH_ENTROPY_VA with DYNAMIC_BASE on a
 *       PE32+ image (a PE32 one: not applicable, PASS); NX_COMPAT; GUARD_CF with a load configuration whose
 *       GuardFlags have CF_INSTRUMENTED, a check function and the function table they claim; CET_COMPAT on x86/x64
 *       (other machines: not applicable, PASS); no writable and executable section; FORCE_INTEGRITY (not asked for
 *       without {@code hip.requireSignature}: PASS naming whether it is set, FAIL when set on an unsigned file);</li>
 *   <li>device code: verify finds CUDA or HIP device code exactly in the files whose sections readobj lists as
 *       {@code .nv_fatb}/{@code .nvFatBi}/{@code .hip_fat}/{@code .hipFatB}, and {@code device-code.size} counts the
 *       entries {@code device-code.targets} names.</li>
 * </ul>
 * Signatures are compared with osslsigncode in {@link OsslsigncodeDifferentialTest}. The figures go to docs/verify-reference.md.
 */
class RealPackageAgreementTest {
    @TempDir
    Path dir;

    @Test
    void importsHardeningAndDeviceCodeAgreeWithReadobjOnTheRealPackages() throws Exception {
        Toolchain.require("llvm-readobj-19");
        Map<String, Path> files = new LinkedHashMap<>();
        for (String marker : List.of("com.sun.jna.Native", "com.github.luben.zstd.Zstd", "org.sqlite.JDBC",
                "org.fusesource.jansi.AnsiConsole")) {
            files.putAll(JarDlls.extract(Path.of(Class.forName(marker, false, getClass().getClassLoader())
                    .getProtectionDomain().getCodeSource().getLocation().toURI()), dir));
        }
        for (String resource : List.of("jni/x86_64-Windows/jffi-1.2.dll", "lib/JNvrtc-12.0.0-windows-x86_64.dll",
                "windows/x64/org/lwjgl/openal/OpenAL.dll")) {
            String s = getClass().getClassLoader().getResource(resource).toString();
            files.putAll(JarDlls.extract(Path.of(new URI(s.substring(4, s.indexOf("!/")))), dir));
        }
        files.putAll(JarDlls.signedDlls());
        files.put("cuda redist nppitc64_12.dll", CentralJarEntry.get(CudaDeviceCodeTest.REDIST,
                "org/bytedeco/cuda/windows-x86_64/nppitc64_12.dll", "nppitc64_12.dll",
                "b20948285dac9e74bbb6e1cf9552e0f88a3c0427f695b067adaa2f9ff46b6ce2"));
        files.put("cuda redist cudart64_12.dll", CentralJarEntry.get(CudaDeviceCodeTest.REDIST,
                "org/bytedeco/cuda/windows-x86_64/cudart64_12.dll", "cudart64_12.dll",
                "c7b04d121903ffa37736783ce61d6dbefb315cf6dad1c813582fc306850b7963"));
        Path jre = WindowsJre.get();
        try (Stream<Path> s = Files.walk(jre)) {
            for (Path p : s.filter(p -> p.toString().endsWith(".dll") || p.toString().endsWith(".exe")).sorted().toList()) {
                files.put("jre " + jre.relativize(p), p);
            }
        }

        VerifyOptions options = VerifyOptions.of(new AbiContract.CountContract("x", 0, "test"));
        List<String> disagree = new ArrayList<>();
        int imports = 0;
        int importsAgree = 0;
        int verdicts = 0;
        int verdictsAgree = 0;
        int withDeviceCode = 0;
        int deviceAgree = 0;
        for (Map.Entry<String, Path> f : files.entrySet()) {
            String name = f.getKey();
            ReadobjOracle ro = ReadobjOracle.of(f.getValue());
            ReadobjHardening rh = ReadobjHardening.of(f.getValue());
            List<String> ours = new ArrayList<>();
            boolean pe32plus;
            try (PeFile pe = PeFile.open(f.getValue())) {
                pe32plus = pe.optionalHeader().magic() == OptionalHeader.PE32_PLUS;
                for (ImportedModule m : pe.imports()) {
                    ours.add(m.dllName() + ": " + m.symbols().stream().map(ImportedSymbol::toString)
                            .collect(Collectors.joining(",")));
                }
                for (ImportedModule m : pe.delayImports()) {
                    ours.add("delay " + m.dllName() + ": " + m.symbols().stream().map(ImportedSymbol::toString)
                            .collect(Collectors.joining(",")));
                }
            }
            List<String> left = new ArrayList<>(ours);
            for (String i : ro.imports()) {
                imports++;
                if (left.remove(i)) {
                    importsAgree++;
                } else {
                    disagree.add(name + ": import " + abbreviate(i) + " read by llvm-readobj, not by verify");
                }
            }
            for (String i : left) {
                disagree.add(name + ": import " + abbreviate(i) + " read by verify, not by llvm-readobj");
            }

            VerifyReport r = new DllVerifier().verify(f.getValue(), options);
            int dll = rh.dllCharacteristics();
            boolean relocs = (rh.fileCharacteristics() & SecurityFeatures.RELOCS_STRIPPED) == 0 && rh.relocationSize() > 0;
            boolean cfg = (dll & SecurityFeatures.GUARD_CF) != 0 && rh.loadConfigPresent()
                    && (rh.guardFlags() & LoadConfig.CF_INSTRUMENTED) != 0 && rh.guardCfCheckFunction() != 0
                    && ((rh.guardFlags() & 0x400) == 0 || rh.guardCfFunctionTable() != 0);
            boolean x86 = ro.machine().equals("IMAGE_FILE_MACHINE_AMD64") || ro.machine().equals("IMAGE_FILE_MACHINE_I386");
            boolean forceIntegrity = (dll & SecurityFeatures.FORCE_INTEGRITY) != 0;
            Map<String, Boolean> expected = new LinkedHashMap<>();
            expected.put(CheckIds.HARDENING_DYNAMIC_BASE, (dll & SecurityFeatures.DYNAMIC_BASE) != 0 && relocs);
            expected.put(CheckIds.HARDENING_HIGH_ENTROPY_VA, !pe32plus || (dll & SecurityFeatures.HIGH_ENTROPY_VA) != 0
                    && (dll & SecurityFeatures.DYNAMIC_BASE) != 0);
            expected.put(CheckIds.HARDENING_NX_COMPAT, (dll & SecurityFeatures.NX_COMPAT) != 0);
            expected.put(CheckIds.HARDENING_GUARD_CF, cfg);
            expected.put(CheckIds.HARDENING_CET_COMPAT, !x86 || rh.exCharacteristics().isPresent()
                    && (rh.exCharacteristics().getAsLong() & SecurityFeatures.EX_CET_COMPAT) != 0);
            expected.put(CheckIds.HARDENING_WX_SECTIONS, rh.writableExecutable().isEmpty());
            // without hip.requireSignature FORCE_INTEGRITY is not asked for: PASS naming whether it is set; set on an
            // unsigned file: FAIL (Windows refuses to load it)
            expected.put(CheckIds.HARDENING_FORCE_INTEGRITY, !forceIntegrity || !ro.dataDirectories().stream()
                    .filter(d -> d.startsWith("SecurityTable ") || d.startsWith("CertificateTable ")).allMatch(
                            d -> d.contains("size=0x0")));
            String fi = r.check(CheckIds.HARDENING_FORCE_INTEGRITY).orElseThrow().found();
            if (!fi.contains(forceIntegrity ? "FORCE_INTEGRITY set" : "FORCE_INTEGRITY not set")) {
                disagree.add(name + ": hardening.force-integrity says " + fi + ", llvm-readobj FORCE_INTEGRITY "
                        + (forceIntegrity ? "set" : "not set"));
            }
            for (Map.Entry<String, Boolean> e : expected.entrySet()) {
                Check c = r.check(e.getKey()).orElseThrow();
                verdicts++;
                if ((c.verdict() == Verdict.PASS) == e.getValue()) {
                    verdictsAgree++;
                } else {
                    disagree.add(name + ": " + e.getKey() + " " + c.verdict() + " (" + c.found() + "), llvm-readobj says "
                            + (e.getValue() ? "present" : "absent"));
                }
            }

            boolean sections = ro.sections().stream().anyMatch(s -> s.startsWith(".nv_fatb ") || s.startsWith(".nvFatBi ")
                    || s.startsWith(".hip_fat ") || s.startsWith(".hipFatB "));
            Check targets = r.check(CheckIds.DEVICE_TARGETS).orElseThrow();
            Check size = r.check(CheckIds.DEVICE_SIZE).orElseThrow();
            int named = entries(targets.found());
            boolean found = named > 0 || targets.found().matches("\\d+ bundle.*");
            int counted = size.details().stream().filter(l -> l.matches(".* in \\d+ fat binar.*")).mapToInt(
                    l -> Integer.parseInt(l.replaceFirst(".* in (\\d+) fat binar.*", "$1"))).sum();
            withDeviceCode += sections ? 1 : 0;
            if (sections == found && (!sections || named == counted)) {
                deviceAgree++;
            } else {
                disagree.add(name + ": device code: sections " + sections + ", device-code.targets " + targets.verdict()
                        + " (" + targets.found() + "), device-code.size " + size.verdict() + " " + size.details());
            }
        }
        String figures = String.format("%d PE files: imports %d of %d agree; hardening verdicts %d of %d agree; device"
                + " code %d of %d files agree (%d with device code)", files.size(), importsAgree, imports, verdictsAgree,
                verdicts, deviceAgree, files.size(), withDeviceCode);
        System.out.println(figures);
        disagree.forEach(System.out::println);
        assertEquals(List.of(), disagree, figures);
        assertTrue(files.size() >= 90, figures);
    }

    /** The number of entries {@code device-code.targets}' found names ("…: N fat binaries, M entries"), else 0. */
    private static int entries(String found) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(\\d+) entr(?:y|ies)").matcher(found);
        int n = 0;
        while (m.find()) {
            n += Integer.parseInt(m.group(1));
        }
        return n;
    }

    private static String abbreviate(String s) {
        return s.length() > 160 ? s.substring(0, 160) + "..." : s;
    }
}
