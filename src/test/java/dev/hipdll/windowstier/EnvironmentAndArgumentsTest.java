package dev.hipdll.windowstier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.host.Host;
import dev.hipdll.host.OsFamily;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * On a Windows API: the example is built through an SDK whose hipcc.exe and
 * clang.exe are probes (probe.exe records its command line and environment block, then runs the real tool).
 * Whatever the user's environment holds (the tier's JVM carries {@code Hip_Path}, {@code HIP_PATH_64},
 * {@code rocm_path}, {@code CUDA_PATH}, {@code cpath}, {@code CCC_OVERRIDE_OPTIONS}, {@code CL}, {@code _CL_},
 * {@code Link}, {@code _LINK_} and the decoy SDK's bin on PATH; the tests add more, in other cases), none of
 * it reaches a tool; there is one path variable, spelt {@code PATH} or {@code Path}; {@code SystemRoot},
 * {@code TEMP}, {@code TMP} are kept; the toolset pinned with {@code hip.vcToolsVersion=14.44} is the one
 * every MSVC variable names; and arguments with spaces, quotes, {@code % ^ & ! ;}, a trailing backslash and
 * non-ASCII letters arrive intact, on the command line and through response files.
 */
@Tag(WindowsTier.TAG)
class EnvironmentAndArgumentsTest {
    /** A define whose value holds what the Windows command line and cmd.exe treat specially. */
    static final String DEFINE = "-DCOLI_TIER_NOTE=a b \"q\" %PATH% ^c &d !e! ;f Ünï 日本";
    /** An include directory (absent: clang ignores it) with a space and a trailing backslash. */
    static final String INCLUDE = "-IC:\\tier include dir\\";
    /** The names no tool may see, in any case. */
    static final List<String> FORBIDDEN = List.of("CUDA_PATH", "CPATH", "C_INCLUDE_PATH", "CPLUS_INCLUDE_PATH",
            "LINK", "_LINK_", "CL", "_CL_", "HIP_PATH_64", "HIPCC_COMPILE_FLAGS_APPEND", "HIPCC_LINK_FLAGS_APPEND");
    /** The names the build may set, only to the SDK it resolved. */
    static final List<String> OWN = List.of("HIP_PATH", "ROCM_PATH", "HIP_CLANG_PATH", "HIP_DEVICE_LIB_PATH");
    static final String TOOLSET = "14.44.35207";

    @Test
    void nothingOfTheUsersToolEnvironmentReachesTheToolsAndArgumentsArriveIntact() throws Exception {
        Path root = WindowsTier.work("environment");
        Path sdk = WindowsTier.probeSdk(root.resolve("probe sdk").resolve("ROCm 7.1"));
        Map<String, String> more = new LinkedHashMap<>();
        more.put("hip_clang_path", "C:\\Program Files\\AMD\\ROCm\\6.4\\lib\\llvm\\bin");
        more.put("HIPCC_COMPILE_FLAGS_APPEND", "-DDECOY_APPEND");
        more.put("Ccc_Add_Args", "-DDECOY_CCC_ADD");
        more.put("C_Include_Path", "C:\\decoy\\include");
        TierBuild b = new TierBuild(root.resolve("project dir")).withExample();
        b.sdk = sdk;
        b.host = WindowsTier.host(more);
        b.compilerArgs = List.of(DEFINE, INCLUDE);
        b.build();
        List<ProbeLog> runs = runs(sdk);
        assertEquals(9, compiles(runs, false).size() + links(runs).size() + bundles(b).size(),
                "every compile and the link went through the probes: " + runs);
        for (ProbeLog run : compiles(runs, false)) {
            assertTrue(run.arguments().contains(DEFINE), "the define arrived mangled: " + run.commandLine());
            assertTrue(run.arguments().contains(INCLUDE), "the include dir arrived mangled: " + run.commandLine());
        }
        assertClean(runs, sdk);
        EndToEndBuildTest.verify(b.dll()); // the probes changed nothing
    }

    @Test
    void responseFilesCarryTheSameArgumentsAndPathSpeltPathIsTheOnlyPathVariable() throws Exception {
        Path root = WindowsTier.work("environment-rsp");
        Path sdk = WindowsTier.probeSdk(root.resolve("probe sdk").resolve("ROCm 7.1"));
        Map<String, String> env = new LinkedHashMap<>();
        String path = null;
        for (Map.Entry<String, String> e : System.getenv().entrySet()) {
            if (e.getKey().equalsIgnoreCase("PATH")) {
                path = e.getValue();
            } else {
                env.put(e.getKey(), e.getValue());
            }
        }
        env.put("Path", path); // as Windows spells it
        env.put("HIP_PATH", "C:\\Program Files\\AMD\\ROCm\\6.4\\");
        TierBuild b = new TierBuild(root.resolve("project")).withExample();
        b.sdk = sdk;
        b.host = Host.of(OsFamily.WINDOWS, env);
        b.compilerArgs = List.of(DEFINE, INCLUDE);
        b.commandLineLimit = 200;
        b.build();
        List<ProbeLog> runs = runs(sdk);
        List<ProbeLog> compiles = compiles(runs, true);
        assertFalse(compiles.isEmpty(), "no compile went through a response file: " + runs);
        for (ProbeLog run : compiles) {
            List<String> args = run.expandedArguments();
            assertTrue(args.contains(DEFINE), "the define arrived mangled through " + run.responseFiles() + ": " + args);
            assertTrue(args.contains(INCLUDE), "the include dir arrived mangled through " + run.responseFiles());
        }
        assertClean(runs, sdk);
        EndToEndBuildTest.verify(b.dll());
    }

    @Test
    void thePinnedToolsetIsTheOneEveryMsvcVariableNames() throws Exception {
        Path root = WindowsTier.work("toolset-pin");
        Path sdk = WindowsTier.probeSdk(root.resolve("sdk"));
        TierBuild b = new TierBuild(root.resolve("project")).withExample();
        b.sdk = sdk;
        b.build();
        String dir = WindowsTier.VS.resolve("VC\\Tools\\MSVC\\" + TOOLSET).toString();
        for (ProbeLog run : runs(sdk)) {
            String where = " in " + run.file();
            assertEquals(TOOLSET, run.variable("VCToolsVersion").orElse(null), "VCToolsVersion" + where);
            assertEquals(dir + "\\", run.variable("VCToolsInstallDir").orElse(null), "VCToolsInstallDir" + where);
            assertTrue(run.variable("INCLUDE").orElse("").toLowerCase(Locale.ROOT)
                    .contains((dir + "\\include").toLowerCase(Locale.ROOT)), "INCLUDE" + where);
            assertTrue(run.variable("LIB").orElse("").toLowerCase(Locale.ROOT)
                    .contains((dir + "\\lib\\x64").toLowerCase(Locale.ROOT)), "LIB" + where);
            assertTrue(run.variable("PATH").orElse("").toLowerCase(Locale.ROOT)
                    .contains((dir + "\\bin\\Hostx64\\x64").toLowerCase(Locale.ROOT)), "PATH" + where);
            for (String e : run.environment()) {
                assertFalse(e.contains("14.51"), "the other toolset is named" + where + ": " + e);
            }
        }
    }

    /** Every probe record under the SDK's hipcc and clang directories. */
    static List<ProbeLog> runs(Path sdk) throws Exception {
        List<ProbeLog> all = new ArrayList<>(ProbeLog.read(sdk.resolve("bin")));
        all.addAll(ProbeLog.read(sdk.resolve("lib").resolve("llvm").resolve("bin")));
        return all;
    }

    /** The clang.exe records of compile steps (device and host), through a response file or not. */
    static List<ProbeLog> compiles(List<ProbeLog> runs, boolean throughResponseFiles) {
        return runs.stream().filter(r -> r.file().toString().contains("\\llvm\\bin\\"))
                .filter(r -> r.expandedArguments().contains("-c"))
                .filter(r -> !throughResponseFiles || !r.responseFiles().isEmpty()).toList();
    }

    static List<ProbeLog> links(List<ProbeLog> runs) {
        return runs.stream().filter(r -> r.file().toString().contains("\\llvm\\bin\\"))
                .filter(r -> r.expandedArguments().contains("-shared")).toList();
    }

    static List<String> bundles(TierBuild b) {
        return b.ran().stream().filter(s -> s.startsWith("bundle ")).toList();
    }

    /** The tool environment checks, for every record. */
    static void assertClean(List<ProbeLog> runs, Path sdk) {
        assertFalse(runs.isEmpty());
        for (ProbeLog run : runs) {
            String where = " in " + run.file() + " (" + run.commandLine() + ")";
            for (String name : FORBIDDEN) {
                assertEquals(List.of(), run.variables(name), name + " reached the tool" + where);
            }
            for (String e : run.environment()) {
                String upper = e.toUpperCase(Locale.ROOT);
                assertFalse(upper.startsWith("CCC_"), "a CCC_ variable reached the tool" + where + ": " + e);
                assertFalse(upper.contains("ROCM\\6.4") || upper.contains("NVIDIA GPU COMPUTING") || upper.contains("DECOY"),
                        "the decoy SDK or CUDA reached the tool" + where + ": " + e);
            }
            for (String name : OWN) {
                run.variable(name).ifPresent(v -> assertTrue(v.startsWith(sdk.toString()), name + "=" + v + where));
            }
            List<String> paths = run.variables("PATH");
            assertEquals(1, paths.size(), "one path variable" + where + ": " + paths);
            for (String kept : List.of("SystemRoot", "TEMP", "TMP")) {
                assertEquals(1, run.variables(kept).size(), kept + " was not kept" + where);
            }
        }
    }
}
