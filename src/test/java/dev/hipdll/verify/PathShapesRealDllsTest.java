package dev.hipdll.verify;

import dev.hipdll.findings.Check;
import dev.hipdll.findings.Verdict;
import dev.hipdll.findings.CheckIds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.bytes.ByteSource;
import dev.hipdll.contract.AbiContract;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Item 5: {@code paths.build} flags a string as a build path only when it has a plausible root
 * and shape ({@link AbsolutePaths}). Strings in real DLLs built by others that are no paths in use are
 * not flagged: OpenAL Soft's AmbDec preset keys ({@code /opt/xover_freq}, in LWJGL's {@code OpenAL.dll})
 * and NVIDIA's PTX compiler's temp-directory fallback ({@code c:/windows/temp}, in JCuda's
 * {@code JNvPTXCompiler} DLL), both test dependencies from Maven Central. True positives of the kinds
 * found in release DLLs are still flagged: PDB paths, DWARF {@code comp_dir}, GitHub's {@code D:\a\...}
 * checkouts, {@code /home/<user>/...}, {@code C:\Users\<user>\...}.
 */
class PathShapesRealDllsTest {
    @TempDir
    Path dir;

    private Path resource(String name) throws Exception {
        Path out = dir.resolve(name.substring(name.lastIndexOf('/') + 1));
        try (InputStream in = getClass().getClassLoader().getResourceAsStream(name)) {
            assertTrue(in != null, name + " on the test class path (a test dependency of the pom)");
            Files.copy(in, out);
        }
        return out;
    }

    private static Check pathsBuild(Path dll) {
        VerifyReport r = new DllVerifier().verify(dll, VerifyOptions.of(new AbiContract.CountContract("x_", 0, "t")));
        return r.check(CheckIds.PATHS_BUILD).orElseThrow();
    }

    @Test
    void ambdecPresetKeysInOpenAlAreNoBuildPaths() throws Exception {
        Path dll = resource("windows/x64/org/lwjgl/openal/OpenAL.dll");
        assertTrue(new String(Files.readAllBytes(dll), StandardCharsets.ISO_8859_1).contains("/opt/xover_freq\0"));
        Check c = pathsBuild(dll);
        for (String d : c.details()) {
            assertTrue(!d.contains("/opt/"), "an AmbDec key flagged: " + d);
        }
        assertEquals(Verdict.PASS, c.verdict(), c.toString());
    }

    @Test
    void aTempDirectoryFallbackInNvidiasPtxCompilerIsNoBuildPath() throws Exception {
        Path dll = resource("lib/JNvPTXCompiler-12.0.0-windows-x86_64.dll");
        assertTrue(new String(Files.readAllBytes(dll), StandardCharsets.ISO_8859_1).contains("\0c:/windows/temp\0"));
        Check c = pathsBuild(dll);
        for (String d : c.details()) {
            assertTrue(!d.toLowerCase().contains("windows/temp"), "a temp-directory fallback flagged: " + d);
        }
    }

    private static List<String> found(String... strings) throws Exception {
        StringBuilder b = new StringBuilder("\1\2");
        for (String s : strings) {
            b.append(s).append('\0');
        }
        List<String> out = new ArrayList<>();
        for (PathLeak l : new PathLeakScanner(List.of(), true).scan(ByteSource.of("t", b.toString()
                .getBytes(StandardCharsets.ISO_8859_1)))) {
            out.add(l.path());
        }
        return out;
    }

    @Test
    void stringsThatAreNoPathsInUse() throws Exception {
        assertEquals(List.of(), found("/opt/xover_freq", "/opt/xover_ratio", "/opt/nfeff_comp", "/dec/chan_mask",
                "c:/windows/temp", "C:\\Windows\\System32\\drivers", "C:\\WINDOWS\\Temp\\x.log", "/opt/rocm",
                "/usr/lib", "/var/tmp", "/tmp/hip"));
    }

    @Test
    void buildPathsAreStillFound() throws Exception {
        List<String> paths = List.of(
                "C:\\Users\\runneradmin\\work\\colibri\\build\\Release\\coli_hip.pdb",  // a PDB path
                "/home/builder/colibri/build",                                         // DWARF comp_dir
                "D:\\a\\colibri\\colibri\\src\\backend_cuda.cu",                       // GitHub Actions checkout
                "/home/alice",                                                         // a home, one name
                "C:\\Users\\bob\\src\\k.cu",
                "/opt/rocm/lib/llvm/bin/clang",                                        // two names under /opt
                "/tmp/cc7fQx.o",                                                       // a file under /tmp
                "/__w/colibri/colibri",                                                // GitHub container job
                "C:\\Windows2\\build\\x.obj",                                          // not the Windows directory
                "E:/jenkins/ws/x");
        assertEquals(paths, found(paths.toArray(new String[0])));
    }
}
