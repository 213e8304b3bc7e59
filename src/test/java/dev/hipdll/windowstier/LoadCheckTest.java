package dev.hipdll.windowstier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.contract.AbiContract;
import dev.hipdll.contract.LoaderSourceParser;
import dev.hipdll.host.Host;
import dev.hipdll.loadcheck.KernelLibraryDirs;
import dev.hipdll.loadcheck.Launcher;
import dev.hipdll.loadcheck.LoadCheckOptions;
import dev.hipdll.loadcheck.LoadCheckReport;
import dev.hipdll.loadcheck.LoadChecker;
import dev.hipdll.sdk.HipSdkResolver;
import dev.hipdll.sdk.SdkComponent;
import dev.hipdll.sdk.SdkOverrides;
import dev.hipdll.findings.Check;
import dev.hipdll.findings.Verdict;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The load check natively, no Wine launcher, the JVM being on Windows. The example
 * backend is built once ({@link TierBuild}); {@link LoadChecker} then runs with {@link Launcher.Native},
 * its options made as {@code LoadCheckMojo} makes them (the SDK's clang directory and runtime directory
 * from {@link HipSdkResolver} with {@code hip.sdkRoot}, {@code kernel32.lib} from the located Windows
 * SDK by {@link KernelLibraryDirs}), so the loader program is compiled by the SDK's own
 * {@code lib\llvm\bin\clang.exe} and linked by its {@code lld-link.exe}. Passing: every one of the 48
 * contract names of {@code host/backend_loader.c} resolves and the process binds the SDK's
 * {@code bin\amdhip64_7.dll}, not System32's {@code amdhip64_6.dll} nor the decoy ROCm 6.4's on PATH.
 * Failing usefully: the runtime directory pointed at the decoy ROCm 6.4's {@code bin} (no
 * {@code amdhip64_7.dll}), and a DLL built without one required export.
 */
@Tag(WindowsTier.TAG)
class LoadCheckTest {
    private static final Path SDK_BIN = WindowsTier.SDK.resolve("bin");
    private static final Path SDK_RUNTIME = SDK_BIN.resolve("amdhip64_7.dll");
    private static final Path SYSTEM32_RUNTIME = Path.of("C:\\windows\\system32\\amdhip64_6.dll");

    private static Path root;
    private static Path dll;
    private static AbiContract.NamedContract contract;

    @BeforeAll
    static void buildTheExampleOnce() throws Exception {
        WindowsTier.host();
        root = WindowsTier.work("load-check");
        TierBuild build = new TierBuild(root.resolve("project")).withExample();
        build.build();
        dll = build.dll();
        contract = new LoaderSourceParser("coli_cuda_")
                .parse(WindowsTier.example().resolve("host").resolve("backend_loader.c"));
    }

    /** What {@code LoadCheckMojo.options} resolves for {@code -Dhip.sdkRoot=<SDK>}: clang's directory and the runtime's. */
    private record SdkTools(Path clangDir, Path runtimeDir) {
        static SdkTools resolve(Host host) throws Exception {
            SdkOverrides overrides = new SdkOverrides(WindowsTier.SDK, null, null, null, null, null, null);
            HipSdkResolver resolver = new HipSdkResolver(host);
            SdkComponent clangDir = resolver.resolveClangDir(overrides, Optional.empty());
            SdkComponent runtime = resolver.resolveRuntimeDll(overrides, Optional.empty(), "-");
            return new SdkTools(clangDir.path(), runtime.path().getParent());
        }
    }

    /** The options as the mojo makes them with the native launcher. */
    private static LoadCheckOptions options(Host host, Path dll, Path runtimeDir, List<String> targets, String work)
            throws Exception {
        Path clangDir = SdkTools.resolve(host).clangDir();
        return new LoadCheckOptions(dll, runtimeDir, contract, targets, clangDir.resolve("clang.exe"),
                clangDir.resolve("lld-link.exe"), KernelLibraryDirs.of(host, List.of(), null), new Launcher.Native(),
                root.resolve(work), Duration.ofSeconds(120));
    }

    private static LoadCheckReport check(Host host, LoadCheckOptions options) throws Exception {
        return new LoadChecker(line -> { }).check(options, host.environment().toMap());
    }

    private static Check item(LoadCheckReport r, String id) {
        return r.check(id).orElseThrow(() -> new AssertionError("no check " + id + " in " + r.checks()));
    }

    /** The {@code module} lines of the loader program's output ({@code output.txt} in the work directory). */
    private static List<String> modules(LoadCheckOptions o) throws Exception {
        return Files.readAllLines(o.workDir().resolve("output.txt"), StandardCharsets.UTF_8).stream()
                .map(l -> l.endsWith("\r") ? l.substring(0, l.length() - 1) : l)
                .filter(l -> l.startsWith("module ")).map(l -> l.substring("module ".length())).toList();
    }

    private static boolean samePath(String a, Path b) {
        return a.replace('/', '\\').toLowerCase(Locale.ROOT).equals(b.toString().toLowerCase(Locale.ROOT));
    }

    @Test
    void theSdksClangBuildsTheLoaderEveryContractNameResolvesAndTheSdksRuntimeIsBound() throws Exception {
        Host host = WindowsTier.host();
        SdkTools tools = SdkTools.resolve(host);
        assertEquals(WindowsTier.SDK.resolve("lib\\llvm\\bin"), tools.clangDir());
        assertEquals(SDK_BIN, tools.runtimeDir());
        LoadCheckOptions o = options(host, dll, tools.runtimeDir(), List.of("gfx1151", "gfx1100"), "native");
        assertEquals(List.of(Path.of("C:\\Program Files (x86)\\Windows Kits\\10\\Lib\\10.0.26100.0\\um\\x64")),
                o.libDirs(), "kernel32.lib from the Windows SDK");

        LoadCheckReport r = check(host, o);
        assertTrue(r.passed(), r.failureSummary() + "\n" + r.checks());
        assertEquals(48, contract.all().size());
        assertEquals(48, r.requested());
        assertEquals(48, r.resolved());
        assertEquals("46 of 46 resolved", item(r, "symbols.required").found());
        assertEquals("2 of 2 resolved", item(r, "symbols.optional").found());
        assertEquals(Verdict.PASS, item(r, "runtime.present").verdict());
        assertEquals(Verdict.PASS, item(r, "load").verdict());

        // the bound runtime is the SDK's amdhip64_7.dll, by the native path (no Z: drive, no Wine launcher)
        String bound = r.boundRuntime().orElseThrow(() -> new AssertionError("no runtime bound: " + r.checks()));
        assertTrue(samePath(bound, SDK_RUNTIME), bound);
        Check boundCheck = item(r, "runtime.bound");
        assertEquals(Verdict.PASS, boundCheck.verdict(), boundCheck.toString());
        assertTrue(boundCheck.found().endsWith("amdhip64_7.dll (the configured one)"), boundCheck.found());
        assertEquals(List.of(), boundCheck.details(), "exactly one HIP runtime in the process");
        // and nothing of System32's amdhip64_6.dll or the decoy ROCm 6.4's in the process
        List<String> runtimes = modules(o).stream()
                .filter(m -> m.toLowerCase(Locale.ROOT).matches(".*\\\\amdhip64_\\d+\\.dll")).toList();
        assertEquals(1, runtimes.size(), runtimes.toString());
        assertTrue(samePath(runtimes.get(0), SDK_RUNTIME), runtimes.toString());
        assertFalse(samePath(runtimes.get(0), SYSTEM32_RUNTIME));

        // the stand-in runtime recorded both translation units' fat binaries, each with both targets
        assertEquals(List.of("gfx1100", "gfx1151"), r.registeredTargets().stream().sorted().toList());
        Check device = item(r, "device-code.registered");
        assertEquals(Verdict.PASS, device.verdict(), device.toString());
        assertTrue(device.found().startsWith("2 fat binaries"), device.found());
    }

    @Test
    void aRuntimeDirectoryWithoutAmdhip64_7FailsNamingWhatItHolds() throws Exception {
        Host host = WindowsTier.host();
        Path decoyBin = WindowsTier.DECOY_SDK.resolve("bin");
        LoadCheckReport r = check(host, options(host, dll, decoyBin, List.of(), "decoy-runtime-dir"));
        assertFalse(r.passed());

        Check present = item(r, "runtime.present");
        assertEquals(Verdict.FAIL, present.verdict());
        assertEquals("it holds amdhip64_6.dll", present.found());
        assertTrue(present.details().get(0).startsWith("coli_hip.dll imports amdhip64_7.dll, but the runtime directory "
                + decoyBin + " holds amdhip64_6.dll"), present.details().get(0));
        // nothing in the search order (the DLL's folder, the decoy bin, System32, Windows, PATH) holds amdhip64_7.dll
        Check load = item(r, "load");
        assertEquals(Verdict.FAIL, load.verdict());
        assertTrue(load.found().startsWith("LoadLibraryExW failed: error 126 (ERROR_MOD_NOT_FOUND"), load.found());
        assertTrue(load.details().contains("imports amdhip64_7.dll: neither beside the DLL nor in the runtime directory"
                + " (only System32, the Windows directory or PATH could supply it)"), load.details().toString());
        assertTrue(r.boundRuntime().isEmpty(), r.boundRuntime().toString());
        assertEquals(Verdict.SKIP, item(r, "runtime.bound").verdict());
        assertEquals(Verdict.SKIP, item(r, "symbols.required").verdict());
        assertTrue(r.failureSummary().startsWith("runtime.present: coli_hip.dll imports amdhip64_7.dll, but the runtime"
                + " directory " + decoyBin), r.failureSummary());
    }

    @Test
    void aDllWithoutARequiredExportFailsNamingIt() throws Exception {
        Host host = WindowsTier.host();
        TierBuild renamed = new TierBuild(root.resolve("project-renamed")).withExample();
        renamed.compilerArgs = List.of("-Dcoli_cuda_pipe_rope=coli_cuda_pipe_rope_renamed");
        renamed.build();
        LoadCheckReport r = check(host, options(host, renamed.dll(), SDK_BIN, List.of(), "missing-export"));
        assertFalse(r.passed());
        assertEquals(Verdict.PASS, item(r, "load").verdict());
        assertEquals(Verdict.PASS, item(r, "runtime.bound").verdict());
        Check required = item(r, "symbols.required");
        assertEquals(Verdict.FAIL, required.verdict());
        assertEquals("45 of 46 resolved", required.found());
        assertEquals(List.of("missing required: coli_cuda_pipe_rope"), required.details());
        assertEquals(47, r.resolved());
        assertEquals(48, r.requested());
        assertEquals("symbols.required: missing required: coli_cuda_pipe_rope", r.failureSummary());
    }
}
